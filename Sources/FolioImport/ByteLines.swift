import FolioCore
import Foundation

/// Streams a file as lines of bytes, a chunk at a time, so that memory stays flat whatever the file size.
/// Handles `\n`, `\r\n` and `\r` alone (a file saved by an old Mac program is read as lines, not as
/// one line: its first line end says which), a missing final newline (DSX exports have none) and a
/// UTF-8 byte-order mark.
/// Every line must be UTF-8 and at most `maxLineBytes` long: text in another encoding is refused at its
/// first bad byte rather than stored with U+FFFD in place of each letter, and a line without an end is
/// refused before it fills memory.
struct ByteLines {
    let url: URL
    var chunkSize = 1 << 20

    /// No real CSV line comes near this; a file that has one is not a CSV (or has lost its line ends).
    static let maxLineBytes = 1 << 20

    /// Calls `body` with each line (without its line end) and its 1-based number. Blank lines are passed too.
    func forEachLine(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        // Foundation's errors become the file and the cause: a folder opens, and fails at the first read.
        func unreadable(_ error: any Error) -> ImportError {
            ImportError(file: url.path, message: FileError(path: url.path, error: error).reason)
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch { throw unreadable(error) }
        defer { try? handle.close() }
        var carry: [UInt8] = []
        var lineNumber = 0
        var first = true
        var fileStart: [UInt8] = []
        var crEndsLines: Bool?
        while true {
            let chunk: Data
            do { chunk = try handle.read(upToCount: chunkSize) ?? Data() } catch { throw unreadable(error) }
            let atEnd = chunk.isEmpty
            carry.append(contentsOf: chunk)
            var start = 0
            // The byte-order mark is looked for once three bytes (or the whole file) are in.
            if first && carry.count < 3 && !atEnd { continue }
            if first && carry.count >= 3 && carry[0] == 0xEF && carry[1] == 0xBB && carry[2] == 0xBF { start = 3 }
            if first {
                fileStart = Array(carry.prefix(2))
                first = false
            }
            try carry.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                func line(_ range: Range<Int>) throws {
                    lineNumber += 1
                    try body(try checked(buffer, range, line: lineNumber, fileStart: fileStart), lineNumber)
                }
                func find(_ byte: Int32, from: Int, to: Int) -> Int? {
                    guard to > from, let found = memchr(base + from, byte, to - from) else { return nil }
                    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                }
                // Each search starts where the last stopped, so a file is scanned once whatever its
                // line ends: the next LF is kept until a line passes it.
                var lf = -1
                while start < buffer.count {
                    if lf < start { lf = find(0x0A, from: start, to: buffer.count) ?? buffer.count }
                    if crEndsLines == nil {
                        // The first line end decides: a CR not followed by LF (an old Mac file) makes CR the
                        // line end; otherwise LF does, a CR just before it dropped and any other kept.
                        if let cr = find(0x0D, from: start, to: lf) {
                            if cr + 1 == buffer.count && !atEnd { break }
                            crEndsLines = cr + 1 != lf
                        } else if lf < buffer.count {
                            crEndsLines = false
                        } else {
                            break
                        }
                    }
                    if crEndsLines == true {
                        guard let cr = find(0x0D, from: start, to: buffer.count) else { break }
                        // A CR that ends the chunk may be half a CRLF: wait for the next chunk.
                        if cr + 1 == buffer.count && !atEnd { break }
                        try line(start..<cr)
                        start = cr + 1 < buffer.count && buffer[cr + 1] == 0x0A ? cr + 2 : cr + 1
                    } else {
                        guard lf < buffer.count else { break }
                        try line(start..<(lf > start && buffer[lf - 1] == 0x0D ? lf - 1 : lf))
                        start = lf + 1
                    }
                }
                if atEnd && start < buffer.count {
                    try line(start..<buffer.count)
                    start = buffer.count
                }
                if buffer.count - start > Self.maxLineBytes { throw tooLong(lineNumber + 1) }
            }
            carry.removeFirst(start)
            if atEnd { return }
        }
    }

    /// The bytes of `range`, refused when they are too many or not UTF-8.
    @inline(__always)
    private func checked(
        _ buffer: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        line: Int,
        fileStart: [UInt8]
    ) throws -> UnsafeBufferPointer<UInt8> {
        guard range.count <= Self.maxLineBytes else { throw tooLong(line) }
        let bytes = UnsafeBufferPointer(rebasing: buffer[range])
        if let bad = UTF8Validation.firstInvalidOffset(bytes) {
            throw ImportError(
                file: url.path,
                line: line,
                message: UTF8Validation.problem(foundByte: bytes[bad], fileStart: fileStart)
            )
        }
        return bytes
    }

    private func tooLong(_ line: Int) -> ImportError {
        ImportError(
            file: url.path,
            line: line,
            message: "a line longer than 1 MiB, the limit for a line of an imported file"
        )
    }
}
