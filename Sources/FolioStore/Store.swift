import FolioCore
import Foundation
// `package`: `read`/`write` hand GRDB's `Database` to folio-bench and the tests, never past the package.
package import GRDB

/// The Folio database: one SQLite file in WAL mode, so that a `folio import` and a report rendering
/// in another process can run at once; a writer waits (busy timeout) for another writer instead of
/// failing with "database is locked", and a reader never waits for a writer.
public final class Store: Sendable {
    /// What a command does with the database; only `folio init` may create or upgrade it.
    public enum Access: Sendable {
        /// `folio init`: creates the file (and its folder) when missing and applies every pending
        /// migration. A database written by a newer Folio is refused before anything touches it.
        case create
        /// Commands that add or change rows (import, fetch, portfolio add/remove): an existing database
        /// with the current schema, opened for writing.
        case write
        /// Commands that only read (chart, table, report, info…): an existing database with the
        /// current schema, opened read-only, so that a file, folder or mount Folio may not write can
        /// be read, and a reader never waits for another process's write transaction (see
        /// `DatabaseFile.readLocation`). One connection: reads from several threads take turns (`folio
        /// batch` reads in parallel from several processes, each with its own).
        case read
    }

    public let path: String
    /// A pool (a writer's connection, and one per concurrent reader) for `create` and `write`; a single
    /// read-only connection for `read`. A pool opened read-only opens its writer's connection before the
    /// first reader's, so a chart or table parsed the schema and set up a GRDB connection twice, for one
    /// connection's reads.
    let database: any DatabaseWriter

    /// How long a writer waits for another process's write lock before giving up.
    static let busyTimeout: TimeInterval = 30

    public init(path: String, access: Access) throws {
        SQLiteLibrary.configured
        self.path = path
        let file = DatabaseFile(path: path)
        do {
            switch access {
            case .create:
                let state = try file.state()
                if state == .missing { try file.createFolder() }
                try file.requireWritable()
                let schema: SchemaState = state == .present ? try Store.schemaState(readingAt: path) : .empty
                if case .newer(let unknown) = schema {
                    throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
                }
                let pool = try DatabasePool(path: path, configuration: Store.configuration(readonly: false))
                // A database with every migration applied needs no write transaction to say so.
                if schema != .current { try Schema.migrator.migrate(pool) }
                database = pool
            case .write:
                try file.requireDatabase()
                try file.requireWritable()
                try Store.schemaState(readingAt: path).require(path: path)
                database = try DatabasePool(path: path, configuration: Store.configuration(readonly: false))
            case .read:
                try file.requireDatabase()
                let location = try file.readLocation()
                database = try DatabaseQueue(path: location, configuration: Store.configuration(readonly: true))
                try database.read { try SchemaState($0) }.require(path: path)
            }
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }

    private static func configuration(readonly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readonly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        if !readonly {
            configuration.prepareDatabase { db in
                // In WAL mode NORMAL never corrupts the file; it may lose the last commit on power loss,
                // which a re-run of the import or fetch restores (both are idempotent).
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        return configuration
    }

    /// The schema as a read-only connection sees it, so that a newer database is left exactly as it was
    /// (opening a pool for writing would already switch journal modes).
    private static func schemaState(readingAt path: String) throws -> SchemaState {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        return try DatabaseQueue(path: path, configuration: configuration).read { try SchemaState($0) }
    }

    /// `$FOLIO_DB`, else `$XDG_DATA_HOME/folio/folio.sqlite`, else `~/.local/share/folio/folio.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["FOLIO_DB"], !explicit.isEmpty { return explicit }
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return dataHome + "/folio/folio.sqlite"
    }

    /// Runs `body` in one write transaction: everything it writes commits together or not at all.
    package func write<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try database.write(body) } catch let error as DatabaseError { throw StoreError(error, path: path) }
    }

    package func read<T>(_ body: (Database) throws -> T) throws -> T {
        do { return try database.read(body) } catch let error as DatabaseError { throw StoreError(error, path: path) }
    }
}

/// Which of Folio's migrations a database has applied.
enum SchemaState: Equatable {
    /// A new or zero-byte file: nothing to read yet.
    case empty
    case current
    /// Some migrations are missing: written by an older Folio (or not by Folio, when none is applied).
    case older(missing: [String], applied: Int)
    /// Migrations this Folio does not know.
    case newer(unknown: [String])

    init(_ db: Database) throws {
        let migrator = Schema.migrator
        let applied = try migrator.appliedIdentifiers(db)
        let known = migrator.migrations
        if try migrator.hasBeenSuperseded(db) {
            self = .newer(unknown: applied.filter { !known.contains($0) }.sorted())
        } else if Set(known).isSubset(of: applied) {
            self = .current
        } else {
            self = .older(missing: known.filter { !applied.contains($0) }, applied: applied.count)
        }
    }

    /// Only `folio init` creates or upgrades: every other command needs the current schema.
    func require(path: String) throws {
        switch self {
        case .current, .empty: return
        case .newer(let unknown): throw StoreError.newerSchema(path: path, unknownMigrations: unknown)
        case .older(_, 0):
            throw StoreError.notADatabase(path: path, reason: "it has no Folio tables; `folio init` adds them")
        case .older(let missing, _): throw StoreError.needsUpgrade(path: path, missingMigrations: missing)
        }
    }
}
