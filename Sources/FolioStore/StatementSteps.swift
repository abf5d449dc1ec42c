import FolioCore
import Foundation
internal import GRDB
internal import GRDBSQLite

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
                throw DatabaseError(
                    resultCode: ResultCode(rawValue: step),
                    message: String(cString: sqlite3_errmsg(db.sqliteConnection))
                )
            }
            try body(s)
        }
    }
}

/// A quote series as the reads walk it: its key in the tables (bound as the first three arguments of
/// their statements) and the codes its quotes carry.
struct StoredSeries {
    let assetID: Int64, currencyID: Int64, marketName: String
    let asset: AssetCode, currency: AssetCode, market: Market

    /// The series' key, then `more`, as a statement's arguments.
    func arguments(_ more: DatabaseValueConvertible...) -> StatementArguments {
        StatementArguments([assetID, currencyID, marketName] + more)
    }

    /// The quote in columns `c ..< c + 5` (time, price, bid, ask, source) of the row `s` is on.
    func quote(_ s: SQLiteStatement, from c: Int32 = 0) -> Quote {
        func optional(_ i: Int32) -> Double? {
            sqlite3_column_type(s, i) == SQLITE_NULL ? nil : sqlite3_column_double(s, i)
        }
        return Quote(
            asset: asset,
            currency: currency,
            market: market,
            time: Date(unixMilliseconds: sqlite3_column_int64(s, c)),
            price: sqlite3_column_double(s, c + 1),
            bid: optional(c + 2),
            ask: optional(c + 3),
            source: String(cString: sqlite3_column_text(s, c + 4))
        )
    }
}
