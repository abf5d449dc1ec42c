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
}
