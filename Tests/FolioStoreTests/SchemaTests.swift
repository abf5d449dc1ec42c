import Foundation
import GRDB
import FolioTestSupport
import Testing
@testable import FolioStore

@Suite struct SchemaTests {
    @Test func migratesAnEmptyDatabase() throws {
        let t = try TemporaryStore()
        let (tables, applied, journal, foreignKeys) = try t.store.read { db in
            (try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%' ORDER BY name"),
             try Schema.migrator.appliedIdentifiers(db),
             try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(tables == ["asset", "budget_category", "budget_entry", "cash_transaction", "fetch_log", "market_statistic", "portfolio", "quote", "trade"])
        #expect(applied == ["v1-initial", "v2-market-statistics"])
        #expect(journal == "wal")
        #expect(foreignKeys == 1)
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
            try store.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9-from-the-future')") }
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
        let url = try TestPaths.write("date,asset\n2024-01-01,USD\n" + String(repeating: "x", count: 2000), "notes.csv", in: directory)
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
        #expect(throws: StoreError.duplicatePortfolio("Demo UAH")) { try t.store.addPortfolio(name: "Demo UAH", baseCurrency: "USD") }
        #expect(try t.store.portfolio(named: "Demo UAH").baseCurrency == "UAH")
        #expect(throws: StoreError.unknownPortfolio("Nope")) { try t.store.portfolio(named: "Nope") }
        try t.store.removePortfolio(name: "Demo UAH")
        #expect(try t.store.portfolios().isEmpty)
        #expect(throws: StoreError.unknownPortfolio("Demo UAH")) { try t.store.removePortfolio(name: "Demo UAH") }
    }
}
