import ArgumentParser
import FolioStore

/// `--db PATH`, shared by every command that touches the database.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (default: $FOLIO_DB, else ~/.local/share/folio/folio.sqlite).", valueName: "path"))
    var db: String?

    var path: String { db ?? Store.defaultPath() }

    /// `folio init` only: creates the database when missing, upgrades it when older.
    func openForInit() throws -> Store { try Store(path: path, access: .create) }

    /// Commands that change rows: an existing, current database, opened for writing.
    func openForWriting() throws -> Store { try Store(path: path, access: .write) }

    /// Commands that only read: an existing, current database, opened read-only (a read-only mount or
    /// file works, and another process's write transaction is not waited for).
    func openForReading() throws -> Store { try Store(path: path, access: .read) }
}
