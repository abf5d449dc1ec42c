import Foundation
import Testing

@testable import FolioCore

#if canImport(Glibc)
import Glibc
#endif

@Suite struct FileErrorTests {
    /// Foundation's errors become "path: cause" in the system's words, never `NSCocoaErrorDomain Code=…`.
    @Test func foundationErrorsAreSaidPlainly() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect { try FileError.createDirectory(directory.appendingPathComponent("sub")) } throws: { error in
            "\(error)" == directory.appendingPathComponent("sub").path + ": not a directory"
        }
        let cocoa = CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/srv/out.png"])
        #expect(FileError(path: "/srv/out.png", error: cocoa).description == "/srv/out.png: no space left on device")
        #expect(FileError(path: "/x", error: POSIXError(.EACCES)).description == "/x: permission denied")
        #expect(FileError(path: "/x", errno: EROFS).reason == "read-only file system")
    }

    /// The net under the command line: a Foundation error that reached it unwrapped is said plainly,
    /// with its file when it carries one.
    @Test func aFoundationErrorThatEscapedIsSaidPlainly() {
        let read = CocoaError(.fileReadUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EISDIR)])
        #expect("\(FileError.plain(read))" == "is a directory")
        let write = CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/ro/m.eml"])
        #expect("\(FileError.plain(write))" == "/ro/m.eml: read-only file system")
        #expect(FileError.plain(FileError(path: "/x", reason: "y")) as? FileError == FileError(path: "/x", reason: "y"))
        let posix = NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES), userInfo: [NSFilePathErrorKey: "/srv/db"])
        #expect("\(FileError.plain(posix))" == "/srv/db: permission denied")
        #expect("\(FileError.plain(POSIXError(.ENOSPC)))" == "no space left on device")
    }

    /// Any other error is passed on as it is.
    @Test func anErrorNotFoundationsIsLeftAsItIs() {
        struct Other: Error, Equatable { let code: Int }
        #expect(FileError.plain(Other(code: 3)) as? Other == Other(code: 3))
    }
}
