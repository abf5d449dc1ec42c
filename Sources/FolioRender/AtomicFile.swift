import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes a file under a temporary name in the same directory and renames it into place, so readers
/// (and a crash) never see half a PNG or PDF (DESIGN.md §7). Rename is atomic within one filesystem.
enum AtomicFile {
    /// Opens a temporary sibling of `url`, lets `body` write to it, then renames it over `url`.
    static func write(to url: URL, _ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        let path = url.path
        let directory = url.deletingLastPathComponent().path
        var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { throw RenderError.io(path: path, reason: String(cString: strerror(errno))) }
        let tempPath = template.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { String(cString: $0) } ?? "" }
        guard let file = fdopen(fd, "wb") else {
            close(fd); unlink(tempPath)
            throw RenderError.io(path: path, reason: String(cString: strerror(errno)))
        }
        do {
            try body(file)
        } catch {
            fclose(file); unlink(tempPath)
            throw error
        }
        // mkstemp makes the file 0600; outputs are ordinary files, readable like any other.
        fchmod(fd, 0o644)
        guard fclose(file) == 0 else {
            unlink(tempPath)
            throw RenderError.io(path: path, reason: String(cString: strerror(errno)))
        }
        guard rename(tempPath, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(tempPath)
            throw RenderError.io(path: path, reason: reason)
        }
    }

    static func write(_ bytes: [UInt8], to url: URL) throws {
        try write(to: url) { file in
            let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            guard written == bytes.count else { throw RenderError.io(path: url.path, reason: "short write") }
        }
    }
}
