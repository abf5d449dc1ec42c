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
    /// is read; anything else (a FIFO, a device) is read no further than one byte past the limit.
    /// Unreadable: a `FileError` naming the file and the cause.
    public static func read(_ path: String, limit: Int) throws -> Data {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > limit {
            throw TooLargeError(path: path, size: Int(info.st_size), limit: limit)
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: limit + 1) ?? Data()
        } catch {
            throw FileError(path: path, error: error)
        }
        guard data.count <= limit else { throw TooLargeError(path: path, size: nil, limit: limit) }
        return data
    }
}
