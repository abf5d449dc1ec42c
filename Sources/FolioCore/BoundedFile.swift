import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A file Folio keeps or is given that has a size no real one comes near: read with a bound, so a
/// file of 4 GB (a mistake, a disk error, or a hostile hand) costs nothing, not 8 GB of memory and
/// minutes that ignore SIGTERM.
public enum BoundedFile {
    /// Over the bound. `size` is the file's when it is a regular file (refused before any byte is read).
    public struct TooLargeError: Error, Equatable {
        public let path: String
        public let size: Int?
        public let limit: Int

        /// `4294967296 bytes, more than 64 KiB` (or `more than 64 KiB` when the size is not known).
        public var sizeText: String {
            (size.map { "\($0) bytes, " } ?? "") + "more than " + Self.text(limit)
        }

        static func text(_ bytes: Int) -> String {
            bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : bytes % 1024 == 0 ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
        }
    }

    /// The file's bytes, at most `limit` of them: a regular file larger than that is refused before it
    /// is read. Anything but a regular file (a FIFO, a device, a folder) is refused as such, unread: a
    /// FIFO nobody writes would be waited on for ever. Unreadable: a `FileError` naming the file and the
    /// cause.
    public static func read(_ path: String, limit: Int) throws -> Data {
        // Opened without waiting (a FIFO's open waits for a writer), then asked what it is.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            let what = info.st_mode & S_IFMT == S_IFDIR ? "a folder" : "not a regular file (a FIFO or a device)"
            throw FileError(path: path, reason: "\(what), expected a file")
        }
        guard info.st_size <= limit else { throw TooLargeError(path: path, size: Int(info.st_size), limit: limit) }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch {
            throw FileError(path: path, error: error)
        }
        guard data.count <= limit else { throw TooLargeError(path: path, size: nil, limit: limit) }
        return data
    }
}
