import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file Folio could not read or write, as one line naming the file and the cause in plain words
/// (`out/a.png: no space left on device`), rather than Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=513 "…" UserInfo={…}` that cron would otherwise mail.
public struct FileError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let path: String
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The cause of a failed system call on `path`.
    public init(path: String, errno code: Int32) {
        self.init(path: path, reason: Self.reason(errno: code))
    }

    /// A Foundation file error (a `CocoaError` wrapping the system's error, or a `POSIXError`) said plainly;
    /// any other error by its description.
    public init(path: String, error: any Error) {
        if let file = error as? FileError {
            self = file
            return
        }
        self.init(path: path, reason: Self.errno(of: error).map(Self.reason(errno:)) ?? "\(error)")
    }

    /// A whole file's bytes, failing with the file and the cause (`out: is a directory`).
    public static func contents(of path: String) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw FileError(path: path, error: error)
        }
    }

    /// A Foundation file error (`NSCocoaErrorDomain`, `NSPOSIXErrorDomain`) as a `FileError` naming
    /// the file it carries, or the cause alone; any other error as it is. The last net under the
    /// command line: the code that reads or writes a file names it itself.
    public static func plain(_ error: any Error) -> any Error {
        // Only Foundation's own errors are bridged. Bridging any other error (ArgumentParser's clean exit
        // that carries `--version` and `--help`, Folio's own) looks up its conformances to CustomNSError and
        // LocalizedError: scans of the runtime's conformance records, a fifth of them in `folio --version`.
        guard error is CocoaError || error is POSIXError || type(of: error) is NSError.Type else { return error }
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return error }
        let path = ns.userInfo[NSFilePathErrorKey] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        let reason = errno(of: error).map(reason(errno:)) ?? "a file operation failed (\(ns.domain) \(ns.code))"
        return path.map { FileError(path: $0, reason: reason) } ?? UnnamedFileError(description: reason)
    }

    /// `FileManager.createDirectory` with intermediate folders, failing with the folder that could not be made.
    public static func createDirectory(_ url: URL) throws {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: (error as NSError).userInfo[NSFilePathErrorKey] as? String ?? url.path, error: error)
        }
    }

    /// `strerror`'s text with a lower-case first letter, to read as the second half of a sentence:
    /// "no space left on device", "permission denied", "read-only file system".
    public static func reason(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The system error under a Foundation error: the underlying POSIX error when there is one (Linux's
    /// Foundation attaches it), else the POSIX code the Cocoa code stands for.
    static func errno(of error: any Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(exactly: ns.code) }
        // Stored as a Swift error on Linux, so it is bridged here rather than cast to NSError.
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error, let code = errno(of: underlying) {
            return code
        }
        guard ns.domain == NSCocoaErrorDomain else { return nil }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        case .fileWriteFileExists: return EEXIST
        default: return nil
        }
    }

    public var description: String { "\(path): \(reason)" }
    public var errorDescription: String? { description }
}

/// A Foundation file error that carries no file's name: its cause alone.
struct UnnamedFileError: Error, CustomStringConvertible {
    var description: String
}
