import Foundation

/// Streams a file as lines of bytes, a chunk at a time, so that memory stays flat whatever the file size.
/// Handles `\n` and `\r\n`, a missing final newline (DSX exports have none) and a UTF-8 byte-order mark.
struct ByteLines {
    let url: URL
    var chunkSize = 1 << 20

    /// Calls `body` with each line (without its line end) and its 1-based number. Blank lines are passed too.
    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ImportError(file: url.path, message: "cannot be read (missing or not permitted)")
        }
        defer { try? handle.close() }
        var carry: [UInt8] = []
        var lineNumber = 0
        var first = true
        while true {
            let chunk = try handle.read(upToCount: chunkSize) ?? Data()
            let atEnd = chunk.isEmpty
            carry.append(contentsOf: chunk)
            var start = 0
            if first && carry.count >= 3 && carry[0] == 0xEF && carry[1] == 0xBB && carry[2] == 0xBF { start = 3 }
            if !carry.isEmpty { first = false }
            try carry.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                while start < buffer.count {
                    guard let newline = memchr(base + start, 0x0A, buffer.count - start) else { break }
                    let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    lineNumber += 1
                    try body(UnsafeBufferPointer(rebasing: buffer[start..<trimCR(buffer, start, end)]), lineNumber)
                    start = end + 1
                }
                if atEnd && start < buffer.count {
                    lineNumber += 1
                    try body(UnsafeBufferPointer(rebasing: buffer[start..<trimCR(buffer, start, buffer.count)]), lineNumber)
                    start = buffer.count
                }
            }
            carry.removeFirst(start)
            if atEnd { return }
        }
    }

    private func trimCR(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        end > start && buffer[end - 1] == 0x0D ? end - 1 : end
    }
}
