import Foundation
import Testing

/// The demo database, built by `scripts/make-demo-db.sh` (what `make demo` runs) with the `folio` under
/// test, once per test process (every test only reads it).
enum DemoDatabase {
    static let samples = Paths.projectRoot.appendingPathComponent("samples")

    /// The path, or why it could not be built (each test that needs it then fails with the reason).
    static let built: Result<String, any Error> = Result { try build() }

    static func path() throws -> String { try built.get() }

    struct BuildFailed: Error, CustomStringConvertible {
        var description: String
    }

    /// One folder per test process, removed when the process exits (the tests only read the database).
    private static var directory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-demo-\(getpid())")
    }

    private static func build() throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: DemoDatabase.directory) }
        let db = directory.appendingPathComponent("demo.sqlite").path
        let script = Paths.projectRoot.appendingPathComponent("scripts/make-demo-db.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, FolioProcess.executable.path, db]
        process.currentDirectoryURL = Paths.projectRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BuildFailed(description: "scripts/make-demo-db.sh: \(String(decoding: stderr, as: UTF8.self))")
        }
        return db
    }

    /// Rows of a committed samples CSV (no quoted fields in these files), header dropped, as field arrays.
    static func rows(_ file: String) throws -> [[String]] {
        let text = try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

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
