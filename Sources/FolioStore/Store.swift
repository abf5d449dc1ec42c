import Foundation
import FolioCore
import GRDB

/// The Folio database: one SQLite file in WAL mode, so that a `folio import` and a report rendering
/// in another process can run at once; a writer waits (busy timeout) instead of failing with
/// "database is locked".
public final class Store: Sendable {
    public let path: String
    let pool: DatabasePool

    /// How long a connection waits for another process's write lock before giving up.
    public static let busyTimeout: TimeInterval = 30

    /// Opens the database at `path`, creating it when `create` is true, and migrates it to the current
    /// schema. A database written by a newer Folio is refused before anything touches it.
    public init(path: String, create: Bool = true) throws {
        self.path = path
        let fileManager = FileManager.default
        var upToDate = false
        if fileManager.fileExists(atPath: path) {
            upToDate = try Store.checkSchemaIsKnown(path: path)
        } else if create {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try fileManager.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        } else {
            throw StoreError.missingDatabase(path: path)
        }

        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(Store.busyTimeout)
        configuration.prepareDatabase { db in
            // In WAL mode NORMAL never corrupts the file; it may lose the last commit on power loss,
            // which a re-run of the import or fetch restores (both are idempotent).
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            // A database with every migration applied needs no write transaction to say so: a chart run
            // from cron then only reads.
            if !upToDate { try Schema.migrator.migrate(pool) }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path, reason: "the file is not SQLite")
        }
    }

    /// Reads the applied migrations through a read-only connection so that a newer database is left
    /// exactly as it was (opening a pool would already switch journal modes).
    /// Returns whether every known migration is applied already.
    private static func checkSchemaIsKnown(path: String) throws -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let migrator = Schema.migrator
            let (applied, superseded) = try queue.read { db in
                (try migrator.appliedIdentifiers(db), try migrator.hasBeenSuperseded(db))
            }
            if superseded {
                let known = Set(migrator.migrations)
                throw StoreError.newerSchema(path: path, unknownMigrations: applied.filter { !known.contains($0) }.sorted())
            }
            return Set(migrator.migrations).isSubset(of: applied)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw StoreError.notADatabase(path: path, reason: "the file is not SQLite")
        }
    }

    /// `$FOLIO_DB`, else `$XDG_DATA_HOME/folio/folio.sqlite`, else `~/.local/share/folio/folio.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["FOLIO_DB"], !explicit.isEmpty { return explicit }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return dataHome + "/folio/folio.sqlite"
    }

    /// Runs `body` in one write transaction: everything it writes commits together or not at all.
    public func write<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.write(body)
    }

    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        try pool.read(body)
    }
}
