internal import CSQLite

/// Process-wide settings of the SQLite library, made once before the first connection.
enum SQLiteLibrary {
    /// SQLite counts every allocation and release under one global mutex, for `sqlite3_status()`,
    /// which Folio never reads: 7 % of a million-quote import's time went to that mutex.
    static let configured: Void = { _ = folio_sqlite3_stop_counting_memory() }()
}
