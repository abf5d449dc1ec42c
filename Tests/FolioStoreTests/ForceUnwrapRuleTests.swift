import FolioTestSupport
import Foundation
import Testing

/// No `!` on a path that reads a user's file or a stored value (issue 41: an empty cell of a pp-csv file
/// trapped on one). swift-format's NeverForceUnwrap is on for the directories of the importers and
/// interchange (FolioStore), the domain values and number rules (FolioCore), the tax view and rendering,
/// each by a `.swift-format` that is the root's with that rule on; `make lint` checks their files, and
/// this keeps the copies whole and on.
@Suite struct ForceUnwrapRuleTests {
    static let directories = [
        "Sources/FolioStore", "Sources/FolioCore", "Sources/FolioAnalytics/Tax", "Sources/FolioReports/Tax",
        "Sources/FolioRender",
    ]

    static func configuration(_ directory: String) throws -> NSDictionary {
        let url = TestPaths.projectRoot.appendingPathComponent(directory).appendingPathComponent(".swift-format")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? NSDictionary)
    }

    @Test(arguments: directories)
    func theDirectorysRulesAreTheRootsWithNeverForceUnwrapOn(_ directory: String) throws {
        let expected = try #require(try Self.configuration("").mutableCopy() as? NSMutableDictionary)
        let rules = try #require((expected["rules"] as? NSDictionary)?.mutableCopy() as? NSMutableDictionary)
        #expect(rules["NeverForceUnwrap"] as? Bool == false)
        rules["NeverForceUnwrap"] = true
        expected["rules"] = rules
        #expect(try Self.configuration(directory) == expected)
    }
}
