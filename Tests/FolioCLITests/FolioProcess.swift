import FolioCore
import FolioTestSupport
import Foundation

/// The one runner of `folio` and of other programs, shared with the report tests (FolioTestSupport).
typealias FolioProcess = FolioTestSupport.FolioProcess
/// The demo database, built once per test process.
typealias DemoDatabase = FolioTestSupport.DemoDatabase

extension FolioProcess {
    /// A new, empty database made by `folio init` (only init creates one; fetch and import write into
    /// an existing database).
    static func initialisedDatabase(in directory: URL, named name: String = "f.sqlite") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let created = try run(["init", "--db", path])
        guard created.status == 0 else { throw DemoDatabase.BuildFailed(description: created.stderr) }
        return path
    }
}

enum Paths {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = projectRoot.appendingPathComponent("samples")

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file named `name` in `directory`; its path.
    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A quotes CSV of `rows` hourly USD/UAH rates, for imports that take a noticeable time.
    static func writeQuotes(rows: Int, to url: URL) throws {
        var text = "date,asset,currency,price,market,source\n"
        text.reserveCapacity(rows * 48)
        let start = 1_577_836_800  // 2020-01-01
        for i in 0..<rows {
            let t = Date(timeIntervalSince1970: Double(start + i * 3600))
            text += "\(ISOTime.format(t)),USD,UAH,\(27 + Double(i % 1000) / 100),interbank,test\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
