import FolioCore
import FolioImport
import Foundation
internal import GRDB
internal import GRDBSQLite

/// Where importers write (FolioImport's `ImportSink`), inside the import's transaction. Inserts skip rows whose natural key is
/// already present (`ON CONFLICT DO NOTHING` — unlike `OR IGNORE` it lets CHECK failures surface); the
/// stored row is then read and compared, and `conflicts` decides what a difference does
/// (`ConflictPolicy.resolve`): each insert returns the row's `RowOutcome`.
/// SQLite copies bound text before `bind` returns (the C macro SQLITE_TRANSIENT, which Swift cannot import).
private let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

final class StoreSink: ImportSink {
    let db: Database
    let conflicts: ConflictPolicy
    var assets = AssetRegistry()
    /// The codes of the securities brokers' files name (by ticker or ISIN), for the presets.
    package private(set) lazy var securities = SecurityCodes()
    private let quoteInsert: Statement
    private let quoteStored: Statement
    private let tradeInsert: Statement
    private let cashInsert: Statement
    private let budgetInsert: Statement
    private var categories: [String: Int64] = [:]
    /// Occurrences of each natural key in the file being imported, so identical rows in one file are all kept.
    private var occurrences: [String: Int] = [:]
    /// Trades this import wrote (inserted or updated), with their lines, for the checks after it
    /// (`TradeChecks`); `takeWrittenTrades` hands them to the file's summary.
    private var writtenTrades: [(id: Int64, line: Int)] = []
    private var writtenCash: [Int64] = []

    /// The quote series and days this sink wrote to, counted again by `finish` (`QuoteDays.pauseCounting`).
    private var quoteDays = WrittenQuoteDays()
    /// The series of the previous quote and its slot in `quoteDays`: files repeat one series for many rows.
    private var recentSeries: (series: WrittenQuoteDays.Series, slot: Int)?
    /// Whether the insert trigger is stopped: from the first quote on, so that an import of trades
    /// changes no schema.
    private var countingPaused = false
    private let seriesEnd: Statement

    /// Call `finish` before the transaction commits.
    init(db: Database, conflicts: ConflictPolicy = .report) throws {
        self.db = db
        self.conflicts = conflicts
        // A bounded page cache (32 MiB) keeps a million-row import off the disk until commit, while
        // memory stays flat whatever the file size.
        try db.execute(sql: "PRAGMA cache_size = -32768")
        quoteInsert = try db.makeStatement(sql: ImportSQL.quoteInsert)
        seriesEnd = try db.makeStatement(sql: ImportSQL.seriesEnd)
        quoteStored = try db.makeStatement(sql: ImportSQL.quoteStored)
        tradeInsert = try db.makeStatement(sql: ImportSQL.tradeInsert)
        cashInsert = try db.makeStatement(sql: ImportSQL.cashInsert)
        budgetInsert = try db.makeStatement(sql: ImportSQL.budgetInsert)
    }

    package func assetID(_ code: AssetCode, kindHint: AssetKind?, name: String?) throws -> Int64 {
        try assets.id(of: code, kindHint: kindHint, name: name, in: db)
    }

    /// Binds straight through the SQLite C API: quotes arrive by the million, and boxing each value into
    /// GRDB's `StatementArguments` cost more than SQLite's own work. Only a quote whose key is stored
    /// is read back, to compare its price, bid, ask and source.
    package func insertQuote(
        assetID: Int64,
        currencyID: Int64,
        market: String,
        timeMs: Int64,
        price: Double,
        bid: Double?,
        ask: Double?,
        source: String
    ) throws -> RowOutcome {
        if !countingPaused {
            try QuoteDays.pauseCounting(db)
            countingPaused = true
        }
        let series = WrittenQuoteDays.Series(assetID: assetID, currencyID: currencyID, market: market)
        let slot: Int
        if let recent = recentSeries, recent.series == series {
            slot = recent.slot
        } else {
            slot = try quoteDays.slot(of: series) {
                try Int64.fetchOne(seriesEnd, arguments: [assetID, currencyID, market])
            }
            recentSeries = (series, slot)
        }
        let s = quoteInsert.sqliteStatement
        sqlite3_reset(s)
        bindKey(s, assetID, currencyID, market, timeMs)
        sqlite3_bind_double(s, 5, price)
        if let bid { sqlite3_bind_double(s, 6, bid) } else { sqlite3_bind_null(s, 6) }
        if let ask { sqlite3_bind_double(s, 7, ask) } else { sqlite3_bind_null(s, 7) }
        sqlite3_bind_text(s, 8, source, -1, sqliteTransient)
        try check(sqlite3_step(s), SQLITE_DONE)
        if sqlite3_changes(db.sqliteConnection) > 0 {
            quoteDays.added(slot, timeMs: timeMs, price: price, bid: bid, ask: ask, source: source)
            return .inserted
        }
        if conflicts == .keepSilently { return .duplicate }

        let q = quoteStored.sqliteStatement
        sqlite3_reset(q)
        bindKey(q, assetID, currencyID, market, timeMs)
        try check(sqlite3_step(q), SQLITE_ROW)
        func optional(_ column: Int32) -> Double? {
            sqlite3_column_type(q, column) == SQLITE_NULL ? nil : sqlite3_column_double(q, column)
        }
        let stored = (
            price: sqlite3_column_double(q, 0), bid: optional(1), ask: optional(2),
            source: String(cString: sqlite3_column_text(q, 3))
        )
        sqlite3_reset(q)
        let differences = FieldDifference.between([
            ("price", FieldDifference.text(price), FieldDifference.text(stored.price)),
            ("bid", FieldDifference.text(bid), FieldDifference.text(stored.bid)),
            ("ask", FieldDifference.text(ask), FieldDifference.text(stored.ask)),
            ("source", source, stored.source),
        ])
        return try conflicts.resolve(differences) {
            try db.execute(
                sql: """
                    UPDATE quote SET price = ?, bid = ?, ask = ?, source = ?
                    WHERE asset_id = ? AND currency_id = ? AND market = ? AND time_ms = ?
                    """,
                arguments: [price, bid, ask, source, assetID, currencyID, market, timeMs]
            )
            quoteDays.corrected(slot, timeMs: timeMs)
        }
    }

    /// Counts the quote days this sink wrote to, raises its series' revisions and starts the trigger
    /// that counts them for other writers.
    func finish() throws {
        guard countingPaused else { return }
        try QuoteDays.recount(db, quoteDays)
        quoteDays = WrittenQuoteDays()
        recentSeries = nil
        countingPaused = false
    }

    private func bindKey(_ s: SQLiteStatement, _ assetID: Int64, _ currencyID: Int64, _ market: String, _ timeMs: Int64)
    {
        sqlite3_bind_int64(s, 1, assetID)
        sqlite3_bind_int64(s, 2, currencyID)
        sqlite3_bind_text(s, 3, market, -1, sqliteTransient)
        sqlite3_bind_int64(s, 4, timeMs)
    }

    private func check(_ code: Int32, _ expected: Int32) throws {
        guard code == expected else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection))
            )
        }
    }

    func takeWrittenTrades() -> [(id: Int64, line: Int)] {
        defer { writtenTrades = [] }
        return writtenTrades
    }

    func takeWrittenCashTransactions() -> [Int64] {
        defer { writtenCash = [] }
        return writtenCash
    }

    /// Inserts a trade read at `location` (see `insertTradeRow`), remembering what it wrote. Its numbers
    /// are checked here, where every importer's trades pass, as well as where they were read: a price
    /// an importer computes (a total over a quantity) is a number no file held.
    package func insertTrade(_ t: TradeRow, at location: RowLocation) throws -> RowOutcome {
        try location.check("quantity", t.quantity, above: 0)
        try location.check("price", t.price, above: 0)
        try location.check("fee", t.fee)
        // Only the size of the product is bounded: a dust trade (1e-8 coins at 1e-6) is worth less than the
        // smallest number a file may write, and is still a trade.
        let worth = t.quantity * t.price
        if !worth.isFinite || worth.magnitude > NumberBounds.largest {
            throw location.fail(
                "quantity × price",
                "found \(JSONNumber.describe(worth)), expected \(NumberBounds.expected)"
            )
        }
        guard t.asset != t.priceCurrency else {
            throw location.fail(
                "asset",
                "found \(t.asset) priced in \(t.priceCurrency), expected an asset other than the currency it is bought in"
            )
        }
        let outcome = try insertTradeRow(t)
        let line = location.line ?? 0
        switch outcome {
        case .inserted:
            writtenTrades.append((db.lastInsertedRowID, line))
        case .updated:
            // Only a row with an external id is updated in place; a failed lookup fails the import.
            if let external = t.externalID,
                let id = try Int64.fetchOne(
                    db,
                    sql: "SELECT id FROM trade WHERE portfolio_id = ? AND external_id = ?",
                    arguments: [t.portfolioID, external]
                )
            {
                writtenTrades.append((id, line))
            }
        case .duplicate, .differs:
            break
        }
        return outcome
    }

    private func insertTradeRow(_ t: TradeRow) throws -> RowOutcome {
        let content =
            "\(t.timeMs)|\(t.side.rawValue)|\(t.asset)|\(t.quantity)|\(t.price)|\(t.priceCurrency)|\(t.fee)|\(t.feeCurrency)"
        if let externalID = t.externalID,
            try adoptsID(externalID, table: "trade", portfolioID: t.portfolioID, content: content)
        {
            return .duplicate
        }
        let key = t.externalID == nil ? dedupeKey(content) : nil
        let values: [any DatabaseValueConvertible] = [
            t.timeMs, t.side.rawValue, try assetID(t.asset), t.quantity, t.price,
            try assetID(t.priceCurrency), t.fee, try assetID(t.feeCurrency),
        ]
        try tradeInsert.execute(arguments: StatementArguments([t.portfolioID] + values + [t.externalID, key]))
        if db.changesCount > 0 { return .inserted }
        // Without an external id the dedupe key holds every field: a row that conflicts is the same row.
        guard let externalID = t.externalID, conflicts != .keepSilently,
            let stored = try Row.fetchOne(
                db,
                sql: """
                    SELECT t.id, t.time_ms, t.side, a.code, t.quantity, t.price, pc.code, t.fee, fc.code
                    FROM trade t JOIN asset a ON a.id = t.asset_id
                    JOIN asset pc ON pc.id = t.price_currency_id JOIN asset fc ON fc.id = t.fee_currency_id
                    WHERE t.portfolio_id = ? AND t.external_id = ?
                    """,
                arguments: [t.portfolioID, externalID]
            )
        else { return .duplicate }
        let differences = FieldDifference.between([
            ("time", FieldDifference.text(timeMs: t.timeMs), FieldDifference.text(timeMs: stored[1])),
            ("side", t.side.rawValue, stored[2]),
            ("asset", t.asset.rawValue, stored[3]),
            ("quantity", FieldDifference.text(t.quantity), FieldDifference.text(stored[4] as Double)),
            ("price", FieldDifference.text(t.price), FieldDifference.text(stored[5] as Double)),
            ("price_currency", t.priceCurrency.rawValue, stored[6]),
            ("fee", FieldDifference.text(t.fee), FieldDifference.text(stored[7] as Double)),
            ("fee_currency", t.feeCurrency.rawValue, stored[8]),
        ])
        return try conflicts.resolve(differences) {
            try db.execute(
                sql: """
                    UPDATE trade SET time_ms = ?, side = ?, asset_id = ?, quantity = ?, price = ?, price_currency_id = ?,
                                     fee = ?, fee_currency_id = ? WHERE id = ?
                    """,
                arguments: StatementArguments(values + [stored[0] as Int64])
            )
        }
    }

    /// Inserts a cash transaction read at `location`, its numbers checked as a trade's are.
    package func insertCashTransaction(_ t: CashRow, at location: RowLocation) throws -> RowOutcome {
        try location.check("amount", t.amount)
        try location.check("fee", t.fee)
        try location.check("tax", t.tax)
        if let ratio = t.ratio { try location.check("ratio", ratio, above: 0) }
        // A deposit's key is what it was before dividends and splits, so that re-importing an old file
        // still finds its rows; the new fields join the key only when a row has them.
        var keyText = "\(t.timeMs)|\(t.kind.rawValue)|\(t.currency)|\(t.amount)|\(t.fee)|\(t.status.rawValue)"
        if t.asset != nil || t.tax != 0 || t.ratio != nil {
            keyText += "|\(t.asset?.rawValue ?? "")|\(t.tax)|\(t.ratio ?? 0)"
        }
        if let externalID = t.externalID,
            try adoptsID(externalID, table: "cash_transaction", portfolioID: t.portfolioID, content: keyText)
        {
            return .duplicate
        }
        let key = t.externalID == nil ? dedupeKey(keyText) : nil
        let values: [any DatabaseValueConvertible] = [
            t.timeMs, t.kind.rawValue, try assetID(t.currency), t.amount, t.fee, t.status.rawValue,
            try t.asset.map { try assetID($0) }, t.tax, t.ratio,
        ]
        try cashInsert.execute(arguments: StatementArguments([t.portfolioID] + values + [t.externalID, key]))
        if db.changesCount > 0 {
            writtenCash.append(db.lastInsertedRowID)
            return .inserted
        }
        guard let externalID = t.externalID, conflicts != .keepSilently,
            let stored = try Row.fetchOne(
                db,
                sql: """
                    SELECT \(CashTransactionColumns.select) FROM cash_transaction \(CashTransactionColumns.joins)
                    WHERE cash_transaction.portfolio_id = ? AND cash_transaction.external_id = ?
                    """,
                arguments: [t.portfolioID, externalID]
            ).map(CashTransactionColumns.decode)
        else { return .duplicate }
        let differences = FieldDifference.between([
            (
                "time", FieldDifference.text(timeMs: t.timeMs),
                FieldDifference.text(timeMs: stored.time.unixMilliseconds)
            ),
            ("type", t.kind.rawValue, stored.kind.rawValue),
            ("currency", t.currency.rawValue, stored.currency.rawValue),
            ("amount", FieldDifference.text(t.amount), FieldDifference.text(stored.amount)),
            ("fee", FieldDifference.text(t.fee), FieldDifference.text(stored.fee)),
            ("status", t.status.rawValue, stored.status.rawValue),
            ("asset", t.asset?.rawValue ?? "none", stored.asset?.rawValue ?? "none"),
            ("tax", FieldDifference.text(t.tax), FieldDifference.text(stored.tax)),
            ("ratio", FieldDifference.text(t.ratio), FieldDifference.text(stored.ratio)),
        ])
        return try conflicts.resolve(differences) {
            try db.execute(
                sql: """
                    UPDATE cash_transaction SET time_ms = ?, kind = ?, currency_id = ?, amount = ?, fee = ?, status = ?,
                        asset_id = ?, tax = ?, ratio = ? WHERE id = ?
                    """,
                arguments: StatementArguments(values + [stored.id])
            )
            writtenCash.append(stored.id)
        }
    }

    /// A budget entry's dedupe key holds every field, so a stored one is always a duplicate.
    package func insertBudgetEntry(
        day: Day,
        kind: BudgetEntryKind,
        category: String,
        amount: Double,
        currency: AssetCode,
        note: String
    ) throws -> RowOutcome {
        let categoryID = try self.categoryID(category, kind: kind)
        let key = dedupeKey("\(day.iso)|\(kind.rawValue)|\(category)|\(amount)|\(currency)|\(note)")
        try budgetInsert.execute(arguments: [
            day.iso, categoryID, amount, try assetID(currency, kindHint: .fiat), note, key,
        ])
        return db.changesCount > 0 ? .inserted : .duplicate
    }

    private func categoryID(_ name: String, kind: BudgetEntryKind) throws -> Int64 {
        let cacheKey = kind.rawValue + "|" + name
        if let id = categories[cacheKey] { return id }
        try db.execute(
            sql: "INSERT INTO budget_category (name, kind) VALUES (?, ?) ON CONFLICT DO NOTHING",
            arguments: [name, kind.rawValue]
        )
        guard
            let id = try Int64.fetchOne(
                db,
                sql: "SELECT id FROM budget_category WHERE name = ? AND kind = ?",
                arguments: [name, kind.rawValue]
            )
        else {
            throw DatabaseError(message: "budget category \(name) vanished while importing")
        }
        categories[cacheKey] = id
        return id
    }

    package func storedAsset(_ code: AssetCode) throws -> StoredAsset? {
        try Row.fetchOne(db, sql: "SELECT id, kind, isin FROM asset WHERE code = ?", arguments: [code.rawValue]).map {
            StoredAsset(id: $0[0], kind: AssetKind(rawValue: $0[1]), isin: $0[2])
        }
    }

    package func assetCode(isin: ISIN) throws -> AssetCode? {
        try String.fetchOne(db, sql: "SELECT code FROM asset WHERE isin = ?", arguments: [isin.rawValue]).map {
            AssetCode($0)
        }
    }

    package func setISIN(_ isin: ISIN, assetID: Int64) throws {
        try db.execute(sql: "UPDATE asset SET isin = ? WHERE id = ?", arguments: [isin.rawValue, assetID])
    }

    package func hasOtherSecurities(than code: AssetCode, apartFrom created: [String]) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM asset WHERE kind IN ('stock', 'etf', 'other') AND code <> ?
                AND code NOT IN (SELECT value FROM json_each(?)))
                """,
            arguments: [code.rawValue, String(decoding: try JSONEncoder().encode(created), as: UTF8.self)]
        ) ?? false
    }

    package func held(_ asset: AssetCode, portfolioID: Int64, before timeMs: Int64) throws -> Double {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT t.time_ms, CASE t.side WHEN 'buy' THEN t.quantity ELSE -t.quantity END, NULL FROM trade t JOIN asset a ON a.id = t.asset_id
                WHERE t.portfolio_id = ? AND a.code = ? AND t.time_ms < ?
                UNION ALL
                SELECT c.time_ms, NULL, c.ratio FROM cash_transaction c JOIN asset a ON a.id = c.asset_id
                WHERE c.portfolio_id = ? AND a.code = ? AND c.kind = 'split' AND c.status = 'completed' AND c.time_ms < ?
                ORDER BY 1
                """,
            arguments: [portfolioID, asset.rawValue, timeMs, portfolioID, asset.rawValue, timeMs]
        )
        return rows.reduce(0.0) { held, row in
            if let ratio = row[2] as Double? { return held * ratio }
            return held + (row[1] as Double)
        }
    }

    /// Starts a file of the import: identical rows are counted again from it on, so that two files
    /// that hold one row without an id store it once, as importing them in two commands does, while
    /// two identical rows of one file (two equal buys in one minute) are both kept.
    func beginFile() { occurrences.removeAll(keepingCapacity: true) }

    /// The row's fields plus how many identical rows came before it in this file.
    /// Whether a row with `externalID` is one stored before without an id, `content` and all: a file
    /// imported again after Folio learned to read its ids (Ghostfolio's activity ids, PP's notes), or a
    /// broker file after a hand-written CSV of the same rows. That row takes the id and stays the one
    /// row, rather than the file adding every row a second time. The stored rows of one content are
    /// matched in turn, as `dedupeKey` numbers them.
    private func adoptsID(_ externalID: String, table: String, portfolioID: Int64, content: String) throws -> Bool {
        guard
            try Int64.fetchOne(
                db,
                sql: "SELECT id FROM \(table) WHERE portfolio_id = ? AND external_id = ?",
                arguments: [portfolioID, externalID]
            ) == nil
        else { return false }
        let n = occurrences[content, default: 0]
        guard
            let stored = try Int64.fetchOne(
                db,
                sql: "SELECT id FROM \(table) WHERE portfolio_id = ? AND external_id IS NULL AND dedupe_key = ?",
                arguments: [portfolioID, "\(content)#\(n)"]
            )
        else { return false }
        occurrences[content] = n + 1
        try db.execute(
            sql: "UPDATE \(table) SET external_id = ?, dedupe_key = NULL WHERE id = ?",
            arguments: [externalID, stored]
        )
        return true
    }

    private func dedupeKey(_ fields: String) -> String {
        let n = occurrences[fields, default: 0]
        occurrences[fields] = n + 1
        return "\(fields)#\(n)"
    }
}
