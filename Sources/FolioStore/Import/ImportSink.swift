import FolioCore
import GRDB
import GRDBSQLite

/// Where importers write, inside the import's transaction. Inserts skip rows whose natural key is
/// already present (`ON CONFLICT DO NOTHING` — unlike `OR IGNORE` it lets CHECK failures surface) and
/// report whether the row was new.
/// SQLite copies bound text before `bind` returns (the C macro SQLITE_TRANSIENT, which Swift cannot import).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class ImportSink {
    let db: Database
    var assets = AssetRegistry()
    private let quoteInsert: Statement
    private let tradeInsert: Statement
    private let cashInsert: Statement
    private let budgetInsert: Statement
    private var categories: [String: Int64] = [:]
    /// Occurrences of each natural key in this import, so identical rows in one file are all kept.
    private var occurrences: [String: Int] = [:]

    init(db: Database) throws {
        self.db = db
        // A bounded page cache (32 MiB) keeps a million-row import off the disk until commit, while
        // memory stays flat whatever the file size.
        try db.execute(sql: "PRAGMA cache_size = -32768")
        quoteInsert = try db.makeStatement(sql: """
            INSERT INTO quote (asset_id, currency_id, market, time_ms, price, bid, ask, source)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        tradeInsert = try db.makeStatement(sql: """
            INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id,
                               fee, fee_currency_id, external_id, dedupe_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        cashInsert = try db.makeStatement(sql: """
            INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, fee, status, external_id, dedupe_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
        budgetInsert = try db.makeStatement(sql: """
            INSERT INTO budget_entry (day, category_id, amount, currency_id, note, dedupe_key)
            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
            """)
    }

    func assetID(_ code: AssetCode, kindHint: AssetKind? = nil, name: String? = nil) throws -> Int64 {
        try assets.id(of: code, kindHint: kindHint, name: name, in: db)
    }

    /// Binds straight through the SQLite C API: quotes arrive by the million, and boxing each value into
    /// GRDB's `StatementArguments` cost more than SQLite's own work.
    func insertQuote(
        assetID: Int64, currencyID: Int64, market: String, timeMs: Int64, price: Double,
        bid: Double?, ask: Double?, source: String
    ) throws -> Bool {
        let s = quoteInsert.sqliteStatement
        sqlite3_reset(s)
        sqlite3_bind_int64(s, 1, assetID)
        sqlite3_bind_int64(s, 2, currencyID)
        sqlite3_bind_text(s, 3, market, -1, sqliteTransient)
        sqlite3_bind_int64(s, 4, timeMs)
        sqlite3_bind_double(s, 5, price)
        if let bid { sqlite3_bind_double(s, 6, bid) } else { sqlite3_bind_null(s, 6) }
        if let ask { sqlite3_bind_double(s, 7, ask) } else { sqlite3_bind_null(s, 7) }
        sqlite3_bind_text(s, 8, source, -1, sqliteTransient)
        let code = sqlite3_step(s)
        guard code == SQLITE_DONE else {
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
        }
        return sqlite3_changes(db.sqliteConnection) > 0
    }

    struct TradeRow {
        var portfolioID: Int64, timeMs: Int64, side: TradeSide, asset: AssetCode, quantity: Double
        var price: Double, priceCurrency: AssetCode, fee: Double, feeCurrency: AssetCode, externalID: String?
    }

    func insertTrade(_ t: TradeRow) throws -> Bool {
        let key = t.externalID == nil
            ? dedupeKey("\(t.timeMs)|\(t.side.rawValue)|\(t.asset)|\(t.quantity)|\(t.price)|\(t.priceCurrency)|\(t.fee)|\(t.feeCurrency)")
            : nil
        try tradeInsert.execute(arguments: [
            t.portfolioID, t.timeMs, t.side.rawValue, try assetID(t.asset), t.quantity, t.price,
            try assetID(t.priceCurrency), t.fee, try assetID(t.feeCurrency), t.externalID, key,
        ])
        return db.changesCount > 0
    }

    struct CashRow {
        var portfolioID: Int64, timeMs: Int64, kind: CashTransactionKind, currency: AssetCode
        var amount: Double, fee: Double, status: TransactionStatus, externalID: String?
    }

    func insertCashTransaction(_ t: CashRow) throws -> Bool {
        let key = t.externalID == nil
            ? dedupeKey("\(t.timeMs)|\(t.kind.rawValue)|\(t.currency)|\(t.amount)|\(t.fee)|\(t.status.rawValue)")
            : nil
        try cashInsert.execute(arguments: [
            t.portfolioID, t.timeMs, t.kind.rawValue, try assetID(t.currency), t.amount, t.fee, t.status.rawValue, t.externalID, key,
        ])
        return db.changesCount > 0
    }

    func insertBudgetEntry(day: Day, kind: BudgetEntryKind, category: String, amount: Double, currency: AssetCode, note: String) throws -> Bool {
        let categoryID = try self.categoryID(category, kind: kind)
        let key = dedupeKey("\(day.iso)|\(kind.rawValue)|\(category)|\(amount)|\(currency)|\(note)")
        try budgetInsert.execute(arguments: [day.iso, categoryID, amount, try assetID(currency, kindHint: .fiat), note, key])
        return db.changesCount > 0
    }

    private func categoryID(_ name: String, kind: BudgetEntryKind) throws -> Int64 {
        let cacheKey = kind.rawValue + "|" + name
        if let id = categories[cacheKey] { return id }
        try db.execute(
            sql: "INSERT INTO budget_category (name, kind) VALUES (?, ?) ON CONFLICT DO NOTHING",
            arguments: [name, kind.rawValue]
        )
        guard let id = try Int64.fetchOne(
            db, sql: "SELECT id FROM budget_category WHERE name = ? AND kind = ?", arguments: [name, kind.rawValue]
        ) else {
            throw DatabaseError(message: "budget category \(name) vanished while importing")
        }
        categories[cacheKey] = id
        return id
    }

    /// The row's fields plus how many identical rows came before it in this import.
    private func dedupeKey(_ fields: String) -> String {
        let n = occurrences[fields, default: 0]
        occurrences[fields] = n + 1
        return "\(fields)#\(n)"
    }
}
