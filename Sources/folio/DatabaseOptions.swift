import ArgumentParser
import FolioStore

/// `--db PATH`, shared by every command that touches the database.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The database file (default: $FOLIO_DB, else ~/.local/share/folio/folio.sqlite).", valueName: "path"))
    var db: String?

    var path: String { db ?? Store.defaultPath() }

    /// Opens the database for writing, creating it when missing.
    func openForWriting() throws -> Store { try Store(path: path, create: true) }

    /// Opens an existing database; a missing file is an error rather than a new empty database.
    func openExisting() throws -> Store { try Store(path: path, create: false) }
}
