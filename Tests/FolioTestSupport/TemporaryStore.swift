import FolioCore
import FolioStore
import Foundation
import GRDB

/// A real SQLite file in a temporary directory, deleted with this value, filled through the same
/// importers users run (`folio import`), so that what a test reads is what a user's database holds.
public final class TemporaryStore {
    public let directory: URL
    public let store: Store
    public var path: String { store.path }

    public init() throws {
        directory = try TestPaths.temporaryDirectory()
        store = try Store(path: directory.appendingPathComponent("folio.sqlite").path, access: .create)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Rows of `table` matching `condition`.
    public func count(_ table: String, where condition: String = "1") throws -> Int {
        try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table) WHERE \(condition)") ?? -1 }
    }

    /// Imports `text` as a file of `kind` (a CSV with its header); returns nothing, throws what the import throws.
    public func importText(_ text: String, as kind: ImportKind, portfolio: String? = nil) throws {
        let file = try TestPaths.write(text, "\(kind.rawValue)-\(UUID().uuidString).csv", in: directory)
        _ = try store.importFiles([file], kind: kind, options: ImportOptions(portfolio: portfolio))
    }
}
