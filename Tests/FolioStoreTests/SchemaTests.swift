import FolioTestSupport
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct SchemaTests {
    @Test func migratesAnEmptyDatabase() throws {
        let t = try TemporaryStore()
        let (tables, applied, journal, foreignKeys) = try t.store.read { db in
            (
                try String.fetchAll(
                    db,
                    sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%' ORDER BY name"
                ),
                try Schema.migrator.appliedIdentifiers(db),
                try String.fetchOne(db, sql: "PRAGMA journal_mode"),
                try Int.fetchOne(db, sql: "PRAGMA foreign_keys")
            )
        }
        #expect(
            tables == [
                "asset", "budget_category", "budget_entry", "cash_transaction", "fetch_log", "market_statistic",
                "portfolio", "quote", "quote_day", "quote_series", "target", "target_class_asset", "target_line",
                "trade",
            ]
        )
        #expect(
            Set(applied) == [
                "v1-initial", "v2-market-statistics", "v3-income-and-splits", "v4-daily-closes", "v5-asset-isin",
                "v6-targets",
            ]
        )
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
    }

    /// A database of the Folio before dividends keeps its deposits, their ids and dedupe keys, and takes
    /// the new kinds after the upgrade.
    @Test func aV2DatabaseUpgradesWithItsCashTransactions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-v2-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let queue = try DatabaseQueue(path: directory.appendingPathComponent("v2.sqlite").path)
        try Schema.migrator.migrate(queue, upTo: "v2-market-statistics")
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO asset (id, code, name, kind, decimals) VALUES (1, 'USD', 'USD', 'fiat', 2);
                    INSERT INTO portfolio (id, name, base_currency_id) VALUES (1, 'P', 1);
                    INSERT INTO cash_transaction (id, portfolio_id, time_ms, kind, currency_id, amount, fee, status, external_id, dedupe_key)
                        VALUES (7, 1, 1000, 'deposit', 1, 500, 1, 'completed', NULL, 'k7');
                    """
            )
        }
        try Schema.migrator.migrate(queue)
        try queue.write { db in
            let row = try #require(
                try Row.fetchOne(
                    db,
                    sql: "SELECT id, kind, amount, fee, dedupe_key, asset_id, tax, ratio FROM cash_transaction"
                )
            )
            #expect(
                row[0] as Int64 == 7 && row[1] as String == "deposit" && row[2] as Double == 500
                    && row[4] as String == "k7"
            )
            #expect((row[5] as Int64?) == nil && row[6] as Double == 0 && (row[7] as Double?) == nil)
            try db.execute(
                sql: """
                    INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, status, asset_id, tax)
                    VALUES (1, 2000, 'dividend', 1, 10, 'completed', 1, 1.5)
                    """
            )
            #expect(throws: DatabaseError.self) {
                try db.execute(
                    sql:
                        "INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, status, ratio) VALUES (1, 3000, 'split', 1, 0, 'completed', 0)"
                )
            }
        }
    }

    @Test func reopeningAnUpToDateDatabaseChangesNothing() throws {
        let t = try TemporaryStore()
        try t.store.addPortfolio(name: "A", baseCurrency: "UAH")
        let before = try Data(contentsOf: URL(fileURLWithPath: t.path))
        let again = try Store(path: t.path, access: .create)
        #expect(try again.portfolios().map(\.name) == ["A"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: t.path)) == before)
    }

    @Test func refusesADatabaseFromANewerFolioWithoutTouchingIt() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("newer.sqlite").path
        do {
            let store = try Store(path: path, access: .create)
            try store.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')")
            }
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        for access in [Store.Access.create, .write, .read] {
            #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["v9-from-the-future"])) {
                _ = try Store(path: path, access: access)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let message = "\(StoreError.newerSchema(path: path, unknownMigrations: ["v9-from-the-future"]))"
        #expect(message.contains("newer Folio") && message.contains("not changed"))
    }

    @Test func refusesAFileThatIsNotADatabase() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestPaths.write(
            "date,asset\n2024-01-01,USD\n" + String(repeating: "x", count: 2000),
            "notes.csv",
            in: directory
        )
        #expect(throws: StoreError.notADatabase(path: url.path, reason: "the file is not SQLite")) {
            _ = try Store(path: url.path, access: .create)
        }
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(Store.defaultPath(environment: ["FOLIO_DB": "/srv/f.sqlite", "HOME": "/home/u"]) == "/srv/f.sqlite")
        #expect(Store.defaultPath(environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/u"]) == "/x/folio/folio.sqlite")
        #expect(Store.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/folio/folio.sqlite")
    }

    @Test func portfolios() throws {
        let t = try TemporaryStore()
        try t.store.addPortfolio(name: "Demo UAH", baseCurrency: "uah")
        #expect(throws: StoreError.duplicatePortfolio("Demo UAH")) {
            try t.store.addPortfolio(name: "Demo UAH", baseCurrency: "USD")
        }
        #expect(try t.store.portfolio(named: "Demo UAH").baseCurrency == "UAH")
        #expect(throws: StoreError.unknownPortfolio("Nope")) { try t.store.portfolio(named: "Nope") }
        try t.store.removePortfolio(name: "Demo UAH")
        #expect(try t.store.portfolios().isEmpty)
        #expect(throws: StoreError.unknownPortfolio("Demo UAH")) { try t.store.removePortfolio(name: "Demo UAH") }
    }
}
