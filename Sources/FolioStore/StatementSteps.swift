import GRDB
import GRDBSQLite

extension Statement {
    /// Runs the statement with `arguments` and hands `body` each row as SQLite's own statement, to read
    /// its columns through the C API: for reads of many thousand rows, decoding each one as a GRDB row
    /// costs more than SQLite's work.
    func forEachRow(in db: Database, _ arguments: StatementArguments, _ body: (SQLiteStatement) throws -> Void) throws {
        try setArguments(arguments)
        let s = sqliteStatement
        sqlite3_reset(s)
        defer { sqlite3_reset(s) }
        while true {
            let step = sqlite3_step(s)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: step), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try body(s)
        }
    }
}
