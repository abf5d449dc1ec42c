import FolioCore
import FolioImport
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

    /// What an import of `text` (as `in.csv`) throws, as `folio import` prints it with the directory
    /// left out (`in.csv:2: price: …`); nil when it succeeds.
    public func refusal(_ text: String, as kind: ImportKind, _ options: ImportOptions = ImportOptions()) -> String? {
        do {
            let file = try TestPaths.write(text, "in.csv", in: directory)
            _ = try store.importFiles([file], kind: kind, options: options)
            return nil
        } catch {
            return "\(error)".replacingOccurrences(of: directory.path + "/", with: "")
        }
    }

    /// Writes a quote straight into its table, past every import's checks: a row an older Folio could
    /// store (a price below zero, a time before 1970), for the readers that must still skip or place it.
    public func insertUncheckedQuote(
        _ asset: AssetCode,
        in currency: AssetCode,
        market: Market,
        milliseconds: Int64,
        price: Double,
        source: String
    ) throws {
        try store.write { db in
            try db.execute(
                sql: """
                    INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                    SELECT a.id, c.id, ?, ?, ?, ? FROM asset a, asset c WHERE a.code = ? AND c.code = ?
                    """,
                arguments: [market.rawValue, milliseconds, price, source, asset.rawValue, currency.rawValue]
            )
        }
    }

    /// Imports `text` as a file of `kind` (a CSV with its header); returns nothing, throws what the import throws.
    public func importText(_ text: String, as kind: ImportKind, portfolio: String? = nil) throws {
        let file = try TestPaths.write(text, "\(kind.rawValue)-\(UUID().uuidString).csv", in: directory)
        _ = try store.importFiles([file], kind: kind, options: ImportOptions(portfolio: portfolio))
    }
}
