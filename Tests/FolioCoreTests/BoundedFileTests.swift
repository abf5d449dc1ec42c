import Foundation
import Testing

@testable import FolioCore

/// A file read with a bound: refused before its bytes are read, in words a user reads.
@Suite struct BoundedFileTests {
    @Test func tooLargeSaysTheSizeAndTheLimit() {
        #expect(
            BoundedFile.TooLargeError(path: "m", size: 4_294_967_296, limit: 64 << 10).sizeText
                == "4294967296 bytes, more than 64 KiB"
        )
        #expect(BoundedFile.TooLargeError(path: "m", size: nil, limit: 1 << 20).sizeText == "more than 1 MiB")
        #expect(BoundedFile.TooLargeError(path: "m", size: 40, limit: 32).sizeText == "40 bytes, more than 32 bytes")
    }

    @Test func aRegularFileOverTheBoundIsRefusedBeforeReading() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bounded-\(UUID().uuidString)")
        try Data(repeating: 65, count: 33).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: BoundedFile.TooLargeError(path: url.path, size: 33, limit: 32)) {
            try BoundedFile.read(url.path, limit: 32)
        }
        #expect(try BoundedFile.read(url.path, limit: 33).count == 33)
    }
}
