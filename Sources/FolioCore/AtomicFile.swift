import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Writes a file under a temporary name in the same directory and renames it into place, so readers
/// (and a crash) never see half a PNG or PDF (docs/internals.md). Rename is atomic within one filesystem.
///
/// Every failure is one `FileError` naming the output (not the temporary file) and the cause in the
/// system's words: "no space left on device", "permission denied", "read-only file system". The one
/// atomic writer: images and PDFs (FolioRender), batch sidecars, pending mail and dry-run messages.
public enum AtomicFile {
    /// Opens a temporary sibling of `url`, lets `body` write to it, then renames it over `url`.
    public static func write(to url: URL, _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        let path = url.path
        try requireReplaceable(path)
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        let tempPath = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } ?? ""
        }
        guard let file = fdopen(fd, "wb") else {
            let code = errno
            close(fd)
            unlink(tempPath)
            throw FileError(path: path, errno: code)
        }
        do {
            try body(file)
        } catch let failed as StreamWriteError {
            fclose(file)
            unlink(tempPath)
            throw FileError(path: path, errno: failed.errno)
        } catch {
            fclose(file)
            unlink(tempPath)
            throw error
        }
        // mkstemp makes the file 0600; outputs are ordinary files, readable like any other.
        fchmod(fd, 0o644)
        guard fclose(file) == 0 else {
            let code = errno
            unlink(tempPath)
            throw FileError(path: path, errno: code)
        }
        guard rename(tempPath, path) == 0 else {
            let code = errno
            unlink(tempPath)
            throw FileError(path: path, errno: code)
        }
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try write(to: url) { file in
            let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard written == bytes.count else { throw StreamWriteError(errno: errno > 0 ? errno : EIO) }
        }
    }

    /// A rename replaces whatever has the name: `--out /dev/null` run as root would turn the device into a
    /// PNG, and a FIFO another program reads would vanish. Only a regular file (or nothing) is replaced.
    static func requireReplaceable(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw FileError(
            path: path,
            reason: "\(kind), not a file: outputs are written beside it and renamed into place, which would replace it"
        )
    }
}

/// A write to a stdio stream failed; `AtomicFile` names the output it was for.
public struct StreamWriteError: Error {
    public let errno: Int32
    public init(errno: Int32) { self.errno = errno }
}
