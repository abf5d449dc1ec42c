import FolioTestSupport
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FolioStore

/// Only `folio init` (`Access.create`) makes or upgrades a database; readers open it read-only.
@Suite struct OpeningTests {
    @Test(arguments: [Store.Access.write, .read])
    func aMissingDatabaseIsRefusedAndNotCreated(_ access: Store.Access) throws {
        let path = "/tmp/folio-tests-\(UUID().uuidString)/none.sqlite"
        #expect(throws: StoreError.missingDatabase(path: path)) { _ = try Store(path: path, access: access) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
    }

    @Test(arguments: [Store.Access.write, .read])
    func aZeroByteFileIsRefusedAndLeftEmpty(_ access: Store.Access) throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestPaths.write("", "z.sqlite", in: directory)
        #expect(throws: StoreError.emptyDatabase(path: url.path)) { _ = try Store(path: url.path, access: access) }
        #expect(try Data(contentsOf: url).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["z.sqlite"])
        #expect("\(StoreError.emptyDatabase(path: url.path))".contains("`folio init`"))
    }

    @Test func initMakesADatabaseOfAZeroByteFile() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try TestPaths.write("", "z.sqlite", in: directory)
        _ = try Store(path: url.path, access: .create)
        #expect(try Store(path: url.path, access: .read).portfolios().isEmpty)
    }

    /// A database of the first schema only, as Folio 0.1 left it.
    private func olderDatabase(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("old.sqlite").path
        _ = try Store(path: path, access: .create)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql:
                    "DROP TABLE market_statistic; DELETE FROM grdb_migrations WHERE identifier = 'v2-market-statistics'"
            )
        }
        return path
    }

    @Test(arguments: [Store.Access.write, .read])
    func anOlderSchemaIsRefusedUntilInitUpgradesIt(_ access: Store.Access) throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try olderDatabase(in: directory)
        #expect(throws: StoreError.needsUpgrade(path: path, missingMigrations: ["v2-market-statistics"])) {
            _ = try Store(path: path, access: access)
        }
        #expect(try DatabaseQueue(path: path).read { try $0.tableExists("market_statistic") } == false)
        _ = try Store(path: path, access: .create)
        _ = try Store(path: path, access: access)
        #expect(try DatabaseQueue(path: path).read { try $0.tableExists("market_statistic") })
    }

    @Test func aSQLiteFileWithoutFolioTablesIsNotADatabaseForReaders() throws {
        let directory = try TestPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("other.sqlite").path
        try DatabaseQueue(path: path).write { try $0.execute(sql: "CREATE TABLE notes (text TEXT)") }
        #expect(throws: StoreError.notADatabase(path: path, reason: "it has no Folio tables; `folio init` adds them")) {
            _ = try Store(path: path, access: .read)
        }
    }

    @Test func aReaderCannotWrite() throws {
        let t = try TemporaryStore()
        let reader = try Store(path: t.path, access: .read)
        #expect { try reader.addPortfolio(name: "A", baseCurrency: "USD") } throws: { error in
            guard case .notWritable(let path, _) = error as? StoreError else { return false }
            return path == t.path
        }
    }

    /// A reader sees what was committed before and after it opened, from several threads taking turns on
    /// its one connection.
    @Test func readersSeeCommittedWritesFromEveryThread() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "A", baseCurrency: "USD")
        let reader = try Store(path: t.path, access: .read)
        _ = try t.store.addPortfolio(name: "B", baseCurrency: "UAH")
        let names = Mutex<[[String]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let read = (try? reader.portfolios().map(\.name)) ?? []
            names.withLock { $0.append(read) }
        }
        #expect(names.withLock { $0 } == Array(repeating: ["A", "B"], count: 8))
    }

    /// SQLite's "database is locked", "database or disk is full" name no file; Folio's say which.
    @Test func sqliteFailuresNameTheDatabase() {
        let locked = StoreError(
            DatabaseError(resultCode: .SQLITE_BUSY, message: "database is locked"),
            path: "/srv/f.sqlite"
        )
        #expect(locked.description.hasPrefix("/srv/f.sqlite: database is locked"))
        let full = StoreError(
            DatabaseError(resultCode: .SQLITE_FULL, message: "database or disk is full"),
            path: "/srv/f.sqlite"
        )
        #expect(full.description == "/srv/f.sqlite: no space left on device")
    }

    @Test(arguments: [
        ("/srv/folio/f.sqlite", "file:///srv/folio/f.sqlite?mode=ro&immutable=1"),
        ("/srv/a b/що?#%&=.sqlite", "file:///srv/a%20b/%D1%89%D0%BE%3F%23%25%26%3D.sqlite?mode=ro&immutable=1"),
    ])
    func immutableURIsEscapeWhatURIsGiveMeaningTo(_ path: String, _ uri: String) {
        #expect(DatabaseFile.immutableURI(path) == uri)
    }
}
