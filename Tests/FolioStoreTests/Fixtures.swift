import Foundation
import FolioCore
import GRDB
@testable import FolioStore

/// Paths and temporary databases shared by the store tests.
enum Fixtures {
    /// The project root, found from this file's path.
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/data` beside the project: real public data sets.
    static let sharedData = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    static func shared(_ path: String) -> URL { sharedData.appendingPathComponent(path) }

    /// A new directory for one test, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file named `name` in `directory`.
    @discardableResult
    static func write(_ text: String, _ name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}

/// A real SQLite file in a temporary directory, deleted when the test ends.
final class TemporaryStore {
    let directory: URL
    let store: Store
    var path: String { store.path }

    init() throws {
        directory = try Fixtures.temporaryDirectory()
        store = try Store(path: directory.appendingPathComponent("folio.sqlite").path, access: .create)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func count(_ table: String, where condition: String = "1") throws -> Int {
        try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)") ?? -1 }
    }
}
