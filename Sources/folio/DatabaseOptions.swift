import ArgumentParser
import FolioStore

/// `--db PATH`, shared by every command that touches the database.
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (default: $FOLIO_DB, else $XDG_DATA_HOME/folio/folio.sqlite, else ~/.local/share/folio/folio.sqlite).",
            valueName: "path"
        )
    )
    var db: String?

    var path: String { db ?? Store.defaultPath() }

    /// `folio init` only: creates the database when missing, upgrades it when older.
    func openForInit() throws -> Store { try Store(path: path, access: .create) }

    /// Commands that change rows: an existing, current database, opened for writing.
    func openForWriting() throws -> Store { try Store(path: path, access: .write) }

    /// Commands that only read: an existing, current database, opened read-only (a read-only mount or
    /// file works, and another process's write transaction is not waited for).
    ///
    /// Such a store is never released: it lives until the process ends, a moment after the command's last
    /// read. Releasing it disposes GRDB's dispatch queues, and libdispatch frees their queue-specific data
    /// on a global queue, which starts a worker thread (and with it libdispatch's manager and epoll)
    /// just before the exit. Kept, `folio chart line` takes 0.94 of its CPU time and 0.73–0.80 of its
    /// wall time (same run). A read-only connection writes nothing on closing; the exit releases its
    /// file and locks all the same.
    func openForReading() throws -> Store { try kept(Store(path: path, access: .read)) }

    private func kept(_ store: Store) -> Store {
        _ = Unmanaged.passRetained(store)
        return store
    }
}
