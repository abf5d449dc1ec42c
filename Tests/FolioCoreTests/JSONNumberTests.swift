import Foundation
import Testing

@testable import FolioCore

@Suite struct JSONNumberTests {
    private func values(_ json: String) throws -> [Any] {
        try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Any] ?? []
    }

    @Test func booleansAreNotNumbers() throws {
        let parsed = try values("[true, false, 1, 0, 1.5, 1e17, \"2\", null]")
        #expect(parsed.map { JSONNumber.double($0) } == [nil, nil, 1, 0, 1.5, 1e17, nil, nil])
        #expect(parsed.map { JSONNumber.describe($0) } == ["true", "false", "1", "0", "1.5", "1e+17", "\"2\"", "null"])
        #expect(JSONNumber.describe(nil) == "nothing")
        #expect(JSONNumber.describe(1_704_837_673) == "1704837673")
    }
}
