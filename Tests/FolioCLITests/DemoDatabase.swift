import Foundation
import Testing

/// `folio table … --format json` read back.
struct JSONTable {
    var columns: [(name: String, kind: String)]
    var rows: [[String: Any]]

    init(_ text: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let columns = try #require(object["columns"] as? [[String: String]])
        self.columns = columns.map { ($0["name"] ?? "", $0["kind"] ?? "") }
        rows = try #require(object["rows"] as? [[String: Any]])
    }

    /// The first row whose `key` column is `value`.
    func row(_ key: String, _ value: String) -> [String: Any]? { rows.first { $0[key] as? String == value } }

    func number(_ row: [String: Any]?, _ column: String) -> Double? { (row?[column] as? NSNumber)?.doubleValue }
}

extension FolioProcess {
    /// Runs `folio` on the demo database and expects success with nothing but missing quotes on stderr.
    static func table(_ arguments: [String]) throws -> Result {
        let result = try run(arguments + ["--db", try DemoDatabase.path()])
        #expect(result.status == 0, "folio \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    static func json(_ arguments: [String]) throws -> JSONTable {
        try JSONTable(try table(arguments + ["--format", "json"]).stdout)
    }
}
