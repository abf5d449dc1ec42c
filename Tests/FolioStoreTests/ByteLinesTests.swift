import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// Lines as every import reads them: the first line end says whether CR alone ends a line (an old Mac
/// file) or LF does (CRLF's CR dropped, a stray CR kept as text), whatever the chunks fall on.
@Suite struct ByteLinesTests {
    func lines(_ text: String, chunk: Int) throws -> [String] {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestPaths.write(text, "lines.csv", in: directory)
        var read: [String] = []
        try ByteLines(url: url, chunkSize: chunk).forEachLine { bytes, number in
            #expect(number == read.count + 1)
            read.append(String(decoding: bytes, as: UTF8.self))
        }
        return read
    }

    @Test(arguments: [1, 2, 3, 5, 1 << 20])
    func everyLineEndAtEveryChunkSize(_ chunk: Int) throws {
        #expect(try lines("a,b\n1,2\n", chunk: chunk) == ["a,b", "1,2"])
        #expect(try lines("a,b\r\n1,2\r\n", chunk: chunk) == ["a,b", "1,2"])
        #expect(try lines("a,b\r1,2\r", chunk: chunk) == ["a,b", "1,2"])
        #expect(try lines("\u{FEFF}a,b\r1,2", chunk: chunk) == ["a,b", "1,2"])
        #expect(try lines("a,b\n\n1,2", chunk: chunk) == ["a,b", "", "1,2"])
        // An LF file's stray CR is text of its line, not a line end that would cut a row in two.
        #expect(try lines("a,b\n1,\"x\ry\"\n", chunk: chunk) == ["a,b", "1,\"x\ry\""])
    }

    /// 200,000 lines ended by CR alone are read in one pass (the search for an LF that never comes
    /// once ran to the chunk's end for every line).
    @Test func aLongCROnlyFileIsReadWhole() throws {
        let text = String(repeating: "2024-01-02,1.5\r", count: 200_000)
        #expect(try lines(text, chunk: 1 << 20).count == 200_000)
    }
}
