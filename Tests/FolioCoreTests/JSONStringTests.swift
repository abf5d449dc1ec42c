import Foundation
import Testing

@testable import FolioCore

/// The one JSON string writer: what JSONSerialization reads back is the text given, and nothing that
/// moves a terminal's cursor is written raw.
@Suite struct JSONStringTests {
    @Test func escapesQuotesBackslashesAndControls() {
        #expect(JSONString.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSONString.quoted("1\n2\r3\t4") == #""1\n2\r3\t4""#)
        #expect(JSONString.quoted("\u{1B}]0;owned\u{07}") == #""\u001b]0;owned\u0007""#)
        #expect(JSONString.quoted("\u{7F}\u{9B}") == #""\u007f\u009b""#)
        #expect(JSONString.quoted("Гривня ₴ 💶") == "\"Гривня ₴ 💶\"")
    }

    @Test func readsBackAsTheSameText() throws {
        var generator = SplitMix64(seed: 37)
        for _ in 0..<200 {
            let scalars = (0..<Int(generator.next() % 12)).compactMap { _ in
                Unicode.Scalar(UInt32(generator.next() % 0x500))
            }
            let text = String(String.UnicodeScalarView(scalars))
            let json = Data(("[" + JSONString.quoted(text) + "]").utf8)
            let back = try #require(try JSONSerialization.jsonObject(with: json) as? [String])
            #expect(back == [text])
        }
    }
}
