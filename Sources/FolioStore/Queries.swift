import FolioCore
import Foundation
internal import GRDB
internal import GRDBSQLite

/// Reads that return domain values for the analytics module. Nothing here computes a statistic.
extension Store {
    public func assets() throws -> [Asset] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT code, name, kind, decimals FROM asset ORDER BY code").map {
                Asset(
                    code: AssetCode($0[0] as String),
                    name: $0[1],
                    kind: AssetKind(rawValue: $0[2]) ?? .other,
                    decimals: $0[3]
                )
            }
        }
    }

    /// How many quotes the database holds.
    public func quoteCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM quote") ?? 0 }
    }

    /// Quotes of `asset`, oldest first, optionally narrowed to a quote currency, a market and a time range
    /// (both ends inclusive).
    public func quotes(
        asset: AssetCode,
        currency: AssetCode? = nil,
        market: Market? = nil,
        from: Date? = nil,
        to: Date? = nil
    ) throws -> [Quote] {
        var conditions = ["a.code = ?"]
        var arguments: [any DatabaseValueConvertible] = [asset.rawValue]
        if let currency {
            conditions.append("c.code = ?")
            arguments.append(currency.rawValue)
        }
        if let market {
            conditions.append("q.market = ?")
            arguments.append(market.rawValue)
        }
        return try fetchQuotes(where: conditions, arguments: arguments, from: from, to: to)
    }

    /// Every quote of the given assets (all currencies and markets), oldest first: what valuation needs.
    public func quotes(assets: [AssetCode], from: Date? = nil, to: Date? = nil) throws -> [Quote] {
        guard !assets.isEmpty else { return [] }
        var conditions = ["a.code IN (\(Array(repeating: "?", count: assets.count).joined(separator: ",")))"]
        var arguments: [any DatabaseValueConvertible] = assets.map(\.rawValue)
        return try fetchQuotes(where: conditions, arguments: arguments, from: from, to: to)
    }

    /// The quotes that meet every condition and fall between `from` and `to` (both inclusive, either open).
    private func fetchQuotes(
        where conditions: [String],
        arguments: [any DatabaseValueConvertible],
        from: Date?,
        to: Date?
    ) throws -> [Quote] {
        var conditions = conditions
        var arguments = arguments
        if let from {
            conditions.append("q.time_ms >= ?")
            arguments.append(from.unixMilliseconds)
        }
        if let to {
            conditions.append("q.time_ms <= ?")
            arguments.append(to.unixMilliseconds)
        }
        return try fetchQuotes(where: conditions.joined(separator: " AND "), arguments: StatementArguments(arguments))
    }

    /// Every quote of every series (asset, currency, market) between two times (both inclusive) and each
    /// series' last quote before `from` (see `PriceBook.window`), series by series in key order, each in
    /// time order: the order a price book groups them in. The primary key starts with the series, not the
    /// time, so a plain `WHERE time_ms BETWEEN` reads every quote in the file; this takes the series from
    /// `quoteSeries` and seeks each one's time range, so a chart of a week costs the same in a database of
    /// a thousand quotes or of millions.
    public func quotes(from: Date, to: Date) throws -> [Quote] {
        try read { db in
            let inRange = try db.cachedStatement(
                sql: """
                    SELECT time_ms, price, bid, ask, source FROM (
                        SELECT * FROM (SELECT time_ms, price, bid, ask, source FROM quote
                                       WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND time_ms < ?4 ORDER BY time_ms DESC LIMIT 1)
                        UNION ALL
                        SELECT time_ms, price, bid, ask, source FROM quote
                        WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND time_ms >= ?4 AND time_ms <= ?5
                    ) ORDER BY time_ms
                    """
            )
            var quotes: [Quote] = []
            for series in try Store.quoteSeries(db) {
                try inRange.forEachRow(in: db, series.arguments(from.unixMilliseconds, to.unixMilliseconds)) {
                    quotes.append(series.quote($0))
                }
            }
            return quotes
        }
    }

    /// Every asset's code by its id, for reads that turn ids into codes themselves.
    static func assetCodes(_ db: Database) throws -> [Int64: AssetCode] {
        var codes: [Int64: AssetCode] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, code FROM asset") {
            codes[row[0]] = AssetCode(row[1] as String)
        }
        return codes
    }

    /// Every quote series that holds a quote, in key order (asset id, currency id, market), with its codes:
    /// the series the quotes' triggers keep in `quote_series` (a series whose quotes were all deleted
    /// stays there), each checked by one index seek into `quote`. One statement; it walked the quotes'
    /// index before, a GRDB query for each next series, and a chart asks for the series three times.
    static func quoteSeries(_ db: Database) throws -> [StoredSeries] {
        let series = try db.cachedStatement(
            sql: """
                SELECT s.asset_id, s.currency_id, s.market, a.code, c.code
                FROM quote_series s JOIN asset a ON a.id = s.asset_id JOIN asset c ON c.id = s.currency_id
                WHERE EXISTS (SELECT 1 FROM quote q WHERE q.asset_id = s.asset_id AND q.currency_id = s.currency_id AND q.market = s.market)
                ORDER BY s.asset_id, s.currency_id, s.market
                """
        )
        var all: [StoredSeries] = []
        try series.forEachRow(in: db, []) { s in
            let market = String(cString: sqlite3_column_text(s, 2))
            all.append(
                StoredSeries(
                    assetID: sqlite3_column_int64(s, 0),
                    currencyID: sqlite3_column_int64(s, 1),
                    marketName: market,
                    asset: AssetCode(String(cString: sqlite3_column_text(s, 3))),
                    currency: AssetCode(String(cString: sqlite3_column_text(s, 4))),
                    market: Market(market)
                )
            )
        }
        return all
    }

    /// The last quote of every series (asset, currency, market): where the data ends, which is what a
    /// default as-of day is found from. One index seek per series, so it costs little however many
    /// quotes there are.
    public func lastQuoteOfEachSeries() throws -> [Quote] {
        try lastQuoteOfEachSeries(where: "1", [])
    }

    /// Each series' last quote at or before `time` with a price the price book keeps (> 0): all a value
    /// at that instant looks up, found with one index seek per series however many quotes a day holds.
    public func lastQuotes(atOrBefore time: Date) throws -> [Quote] {
        try lastQuoteOfEachSeries(where: "time_ms <= ? AND price > 0", [time.unixMilliseconds])
    }

    private func lastQuoteOfEachSeries(where condition: String, _ arguments: StatementArguments) throws -> [Quote] {
        try read { db in
            // ORDER BY time_ms DESC LIMIT 1 within one series is a single seek to its end.
            let last = try db.cachedStatement(
                sql: """
                    SELECT time_ms, price, bid, ask, source FROM quote WHERE asset_id = ? AND currency_id = ? AND market = ? AND \(condition)
                    ORDER BY time_ms DESC LIMIT 1
                    """
            )
            var quotes: [Quote] = []
            for series in try Store.quoteSeries(db) {
                try last.forEachRow(in: db, series.arguments() + arguments) { quotes.append(series.quote($0)) }
            }
            return quotes
        }
    }

    private func fetchQuotes(where condition: String, arguments: StatementArguments) throws -> [Quote] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.code, c.code, q.market, q.time_ms, q.price, q.bid, q.ask, q.source
                    FROM quote q JOIN asset a ON a.id = q.asset_id JOIN asset c ON c.id = q.currency_id
                    WHERE \(condition) ORDER BY q.time_ms, a.code, c.code, q.market
                    """,
                arguments: arguments
            ).map(Quote.init(selectedRow:))
        }
    }

    /// Trades of a portfolio in time order (ties by id), with asset ids turned into codes here and the
    /// side as a number: a million trades decoded as joined rows of three code strings each took seconds.
    public func trades(portfolio: Portfolio) throws -> [Trade] {
        try read { db in
            // Asset ids are row ids, counted from 1: an array finds a code without hashing (ids far
            // beyond the asset count, written by hand, fall back to the dictionary).
            let byID = try Store.assetCodes(db)
            let highest = Int(byID.keys.max() ?? 0)
            var codes = [AssetCode?](
                repeating: nil,
                count: (0..<4 * byID.count + 1024).contains(highest) ? highest + 1 : 0
            )
            for (id, code) in byID where id >= 0 && id < codes.count { codes[Int(id)] = code }
            func code(_ id: Int64) throws -> AssetCode {
                guard let code = id >= 0 && id < codes.count ? codes[Int(id)] : byID[id] else {
                    throw StoreError.unusable(
                        path: path,
                        reason: "a trade names asset id \(id), which is not in the asset table"
                    )
                }
                return code
            }
            let count =
                try Int.fetchOne(
                    db,
                    sql: "SELECT COUNT(*) FROM trade WHERE portfolio_id = ?",
                    arguments: [portfolio.id]
                ) ?? 0
            // A portfolio that holds most of the table is read in the table's order, page after page,
            // and sorted here if it is not in time order already (imports write a file's rows in turn,
            // usually by time): a million index lookups cost SQLite more than the read itself. The
            // highest id bounds the table's rows without counting them.
            let highestID = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM trade") ?? 0
            let inTableOrder = count >= 4096 && Int64(count) * 2 >= highestID
            var trades: [Trade] = []
            trades.reserveCapacity(count)
            // Read straight through the SQLite C API, as imports write: a million rows decoded through
            // GRDB's rows cost more than SQLite's own work.
            let statement = try db.makeStatement(
                sql: """
                    SELECT id, time_ms, side = 'sell', asset_id, quantity, price, price_currency_id, fee, fee_currency_id, external_id
                    FROM trade \(inTableOrder ? "NOT INDEXED WHERE portfolio_id = ?" : "WHERE portfolio_id = ? ORDER BY time_ms, id")
                    """
            )
            try statement.forEachRow(in: db, [portfolio.id]) { s in
                let externalID =
                    sqlite3_column_type(s, 9) == SQLITE_NULL ? nil : String(cString: sqlite3_column_text(s, 9))
                trades.append(
                    Trade(
                        id: sqlite3_column_int64(s, 0),
                        time: Date(unixMilliseconds: sqlite3_column_int64(s, 1)),
                        side: sqlite3_column_int64(s, 2) != 0 ? .sell : .buy,
                        asset: try code(sqlite3_column_int64(s, 3)),
                        quantity: sqlite3_column_double(s, 4),
                        price: sqlite3_column_double(s, 5),
                        priceCurrency: try code(sqlite3_column_int64(s, 6)),
                        fee: sqlite3_column_double(s, 7),
                        feeCurrency: try code(sqlite3_column_int64(s, 8)),
                        externalID: externalID
                    )
                )
            }
            if inTableOrder && !trades.isInTimeOrder { trades.sort(by: Trade.isBeforeInTime) }
            return trades
        }
    }

    /// Cash transactions of a portfolio in time order, every status included (analytics counts completed ones).
    public func cashTransactions(portfolio: Portfolio) throws -> [CashTransaction] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(CashTransactionColumns.select) FROM cash_transaction \(CashTransactionColumns.joins)
                    WHERE cash_transaction.portfolio_id = ? ORDER BY cash_transaction.time_ms, cash_transaction.id
                    """,
                arguments: [portfolio.id]
            ).map(CashTransactionColumns.decode)
        }
    }

    /// Budget entries between two days (inclusive), oldest first.
    public func budgetEntries(from: Day? = nil, to: Day? = nil) throws -> [BudgetEntry] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT e.id, e.day, k.kind, k.name, e.amount, c.code, e.note
                    FROM budget_entry e JOIN budget_category k ON k.id = e.category_id JOIN asset c ON c.id = e.currency_id
                    WHERE e.day >= ? AND e.day <= ? ORDER BY e.day, e.id
                    """,
                arguments: [from?.iso ?? "0000-00-00", to?.iso ?? "9999-99-99"]
            ).compactMap { row in
                guard let day = Day(iso: row[1] as String) else { return nil }
                return BudgetEntry(
                    id: row[0],
                    day: day,
                    kind: BudgetEntryKind(rawValue: row[2]) ?? .expense,
                    category: row[3],
                    amount: row[4],
                    currency: AssetCode(row[5] as String),
                    note: row[6]
                )
            }
        }
    }
}

extension Trade {
    /// The order the store gives a portfolio's trades in: by time, then by id.
    fileprivate static func isBeforeInTime(_ a: Trade, _ b: Trade) -> Bool {
        a.time != b.time ? a.time < b.time : a.id < b.id
    }
}

extension Array where Element == Trade {
    fileprivate var isInTimeOrder: Bool {
        indices.dropFirst().allSatisfy { !Trade.isBeforeInTime(self[$0], self[$0 - 1]) }
    }
}

extension Quote {
    /// A quote from a row of `SELECT asset.code, currency.code, market, time_ms, price, bid, ask, source`:
    /// the columns every query that lists quotes selects, in that order.
    init(selectedRow row: Row) {
        self.init(
            asset: AssetCode(row[0] as String),
            currency: AssetCode(row[1] as String),
            market: Market(row[2] as String),
            time: Date(unixMilliseconds: row[3]),
            price: row[4],
            bid: row[5],
            ask: row[6],
            source: row[7]
        )
    }
}
