import FolioCore
import FolioImport
import Foundation
internal import GRDB

/// What `folio asset merge` moved.
public struct AssetMergeSummary: Equatable, Sendable {
    public var quotes = 0
    /// Quotes FROM had that INTO already had (the same instant and price): dropped, not moved.
    public var duplicateQuotes = 0
    public var trades = 0
    public var cashTransactions = 0
    public var budgetEntries = 0
    public var portfolios = 0
    public var isin: ISIN?
}

extension Store {
    /// Moves every record of `from` to `into` — its quotes (as the asset and as the currency), trades,
    /// cash transactions, budget entries, portfolios based on it, market figures and its ISIN — and
    /// removes `from`, in one transaction. Refused, changing nothing, where the two disagree: quotes of
    /// one day that differ, two ISINs, or a row stored under both codes.
    ///
    /// The rows keep working with re-imports: the keys that find a row without an id again
    /// (`dedupe_key`) name the asset by code, and are rewritten with the new code, so the file that
    /// created `from` adds nothing when imported again after the merge.
    public func mergeAsset(_ from: AssetCode, into: AssetCode) throws -> AssetMergeSummary {
        guard from != into else { throw ArgumentError("INTO", "\(from) is the asset merged; expected another asset") }
        return try write { db in
            let source = try AssetRow.named(from, "FROM", db)
            let target = try AssetRow.named(into, "INTO", db)
            try Self.requireMergeable(source, target, db)
            var summary = AssetMergeSummary()
            if let isin = source.isin {
                if let other = target.isin, other != isin {
                    throw ArgumentError(
                        "INTO",
                        "\(from) has the ISIN \(isin) and \(into) \(other); set one with `folio asset set` first"
                    )
                }
                try db.execute(sql: "UPDATE asset SET isin = NULL WHERE id = ?", arguments: [source.id])
                if target.isin == nil {
                    try db.execute(sql: "UPDATE asset SET isin = ? WHERE id = ?", arguments: [isin, target.id])
                    summary.isin = ISIN(isin)
                }
            }
            for column in ["asset_id", "currency_id"] {
                let moved = try Self.moveQuotes(column, from: source, into: target, db)
                summary.quotes += moved.quotes
                summary.duplicateQuotes += moved.duplicates
            }
            try Self.rewriteKeys(source.id, from: source.code, to: target.code, db)
            summary.trades = try Self.repoint(
                "trade",
                ["asset_id", "price_currency_id", "fee_currency_id"],
                source,
                target,
                db
            )
            summary.cashTransactions = try Self.repoint(
                "cash_transaction",
                ["currency_id", "asset_id"],
                source,
                target,
                db
            )
            summary.budgetEntries = try Self.repoint("budget_entry", ["currency_id"], source, target, db)
            summary.portfolios = try Self.repoint("portfolio", ["base_currency_id"], source, target, db)
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO market_statistic (subject, name, currency, time_ms, value, source)
                        SELECT ?, name, currency, time_ms, value, source FROM market_statistic WHERE subject = ?;
                    DELETE FROM market_statistic WHERE subject = ?;
                    """,
                arguments: [into.rawValue, from.rawValue, from.rawValue]
            )
            try db.execute(
                sql: "DELETE FROM quote_series WHERE asset_id = ?1 OR currency_id = ?1",
                arguments: [source.id]
            )
            try db.execute(sql: "DELETE FROM asset WHERE id = ?", arguments: [source.id])
            return summary
        }
    }

    /// Gives `code` the code `newCode`, with every record it has; refused when `newCode` is taken (merge
    /// the two instead).
    public func renameAsset(_ code: AssetCode, to newCode: AssetCode) throws {
        try write { db in
            let asset = try AssetRow.named(code, "CODE", db)
            if try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = ?", arguments: [newCode.rawValue]) != nil
            {
                throw ArgumentError(
                    "NEW",
                    "\(newCode) is an asset already; `folio asset merge \(code) \(newCode)` moves \(code)'s records to it"
                )
            }
            try Self.rewriteKeys(asset.id, from: code, to: newCode, db)
            try db.execute(
                sql: """
                    UPDATE asset SET code = ?, name = CASE WHEN name = code THEN ? ELSE name END WHERE id = ?;
                    UPDATE market_statistic SET subject = ? WHERE subject = ?;
                    """,
                arguments: [newCode.rawValue, newCode.rawValue, asset.id, newCode.rawValue, code.rawValue]
            )
        }
    }

    /// Moves `from`'s quotes in `column` (as the asset, or as the currency) to `into`. A quote whose day
    /// (in one market and currency) holds a quote of `into` at the same price is a duplicate and dropped;
    /// one whose day holds only other prices of `into` refuses the merge, naming the day.
    private static func moveQuotes(
        _ column: String,
        from: AssetRow,
        into: AssetRow,
        _ db: Database
    ) throws -> (quotes: Int, duplicates: Int) {
        let other = column == "asset_id" ? "currency_id" : "asset_id"
        // The day as a range of the primary key's time, so that each quote looks up its day, never
        // a whole series.
        func sameDay(_ alias: String, as row: String) -> String {
            let start = QuoteDays.dayStart("\(row).time_ms")
            return """
                \(alias).\(column) = ? AND \(alias).\(other) = \(row).\(other) AND \(alias).market = \(row).market
                    AND \(alias).time_ms >= \(start) AND \(alias).time_ms < \(start) + 86400000
                """
        }
        let samePrice = "EXISTS (SELECT 1 FROM quote d WHERE \(sameDay("d", as: "f")) AND d.price = f.price)"
        if let clash = try Row.fetchOne(
            db,
            sql: """
                SELECT f.time_ms, f.market, f.price, i.price FROM quote f JOIN quote i ON \(sameDay("i", as: "f"))
                WHERE f.\(column) = ? AND NOT \(samePrice)
                LIMIT 1
                """,
            arguments: [into.id, from.id, into.id]
        ) {
            let time: Int64 = clash[0]
            let dayText = Day(Date(timeIntervalSince1970: Double(time) / 1000)).iso
            throw ArgumentError(
                "FROM",
                "\(from.code) and \(into.code) both have \(clash[1] as String) quotes on \(dayText) that differ "
                    + "(\(FieldDifference.text(clash[2] as Double)) against \(FieldDifference.text(clash[3] as Double))); "
                    + "remove one (`folio quotes remove`) and merge again"
            )
        }
        try db.execute(
            sql: "DELETE FROM quote AS f WHERE f.\(column) = ? AND \(samePrice)",
            arguments: [from.id, into.id]
        )
        let duplicates = db.changesCount
        // Inserted anew and deleted rather than updated in place, so that the triggers that keep each
        // day's close (`QuoteDays`) count them under the asset they now belong to.
        try db.execute(
            sql: """
                INSERT INTO quote (asset_id, currency_id, market, time_ms, price, bid, ask, source)
                    SELECT \(column == "asset_id" ? "?" : "asset_id"), \(column == "currency_id" ? "?" : "currency_id"),
                        market, time_ms, price, bid, ask, source
                    FROM quote WHERE \(column) = ?
                """,
            arguments: [into.id, from.id]
        )
        let moved = db.changesCount
        try QuoteDays.deleteQuotes(db, where: "WHERE \(column) = ?", arguments: [from.id])
        return (moved, duplicates)
    }

    /// Points `columns` of `table` that name `from` at `into`; the number of rows changed.
    private static func repoint(
        _ table: String,
        _ columns: [String],
        _ from: AssetRow,
        _ into: AssetRow,
        _ db: Database
    ) throws -> Int {
        let rows = try Int.fetchOne(
            db,
            sql: "SELECT count(*) FROM \(table) WHERE " + columns.map { "\($0) = ?" }.joined(separator: " OR "),
            arguments: StatementArguments(columns.map { _ in from.id })
        )
        for column in columns {
            try db.execute(sql: "UPDATE \(table) SET \(column) = ? WHERE \(column) = ?", arguments: [into.id, from.id])
        }
        return rows ?? 0
    }

    /// Refuses a merge whose rows would name one asset twice (a quote of FROM priced in INTO, a trade of
    /// INTO bought in FROM) or that would turn money into a security or the other way round.
    private static func requireMergeable(_ from: AssetRow, _ into: AssetRow, _ db: Database) throws {
        let money: Set<String> = [AssetKind.fiat.rawValue, AssetKind.metal.rawValue]
        if money.contains(from.kind) != money.contains(into.kind) {
            throw ArgumentError(
                "INTO",
                "\(from.code) is \(from.kind) and \(into.code) \(into.kind): merge assets of one kind (`folio asset set` corrects a kind)"
            )
        }
        let pairs = [
            ("quote", "asset_id", "currency_id", "quotes"), ("trade", "asset_id", "price_currency_id", "trades"),
            ("trade", "asset_id", "fee_currency_id", "trades"),
            ("cash_transaction", "asset_id", "currency_id", "dividends or splits"),
        ]
        for (table, first, second, what) in pairs {
            let count =
                try Int.fetchOne(
                    db,
                    sql:
                        "SELECT count(*) FROM \(table) WHERE (\(first) = ?1 AND \(second) = ?2) OR (\(first) = ?2 AND \(second) = ?1)",
                    arguments: [from.id, into.id]
                ) ?? 0
            if count > 0 {
                throw ArgumentError(
                    "FROM",
                    "\(count) \(what) price one of \(from.code) and \(into.code) in the other: merged, they would price an asset in itself"
                )
            }
        }
    }

    /// The keys by which re-imported rows without an id are found name assets by code: those of every
    /// trade, cash transaction and budget entry that names `id` get `to` in place of `from`.
    private static func rewriteKeys(_ id: Int64, from: AssetCode, to: AssetCode, _ db: Database) throws {
        // Fields holding codes: a trade's asset, price and fee currencies; a transaction's currency and
        // asset (see `StoreSink`).
        for (table, columns, fields) in [
            ("trade", ["asset_id", "price_currency_id", "fee_currency_id"], [2, 5, 7]),
            ("cash_transaction", ["currency_id", "asset_id"], [2, 6]),
            ("budget_entry", ["currency_id"], [4]),
        ] {
            let rows = try Row.fetchAll(
                db,
                sql: "SELECT id, dedupe_key FROM \(table) WHERE dedupe_key IS NOT NULL AND ("
                    + columns.map { "\($0) = ?" }.joined(separator: " OR ") + ")",
                arguments: StatementArguments(columns.map { _ in id })
            )
            for row in rows {
                let key: String = row[1]
                let rewritten = DedupeKey.replacing(from.rawValue, with: to.rawValue, in: key, fields: fields)
                guard rewritten != key else { continue }
                do {
                    try db.execute(
                        sql: "UPDATE \(table) SET dedupe_key = ? WHERE id = ?",
                        arguments: [rewritten, row[0] as Int64]
                    )
                } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
                    // The key is taken: the same row, without an id, is stored under both codes.
                    let what = table.replacingOccurrences(of: "_", with: " ")
                    throw ArgumentError(
                        "FROM",
                        "a \(what) (\(rewritten.prefix { $0 != "#" })) is stored under both \(from) and \(to); "
                            + "remove one of the two and merge again"
                    )
                }
            }
        }
    }
}

/// An asset row as a correction reads it.
private struct AssetRow {
    var id: Int64
    var code: AssetCode
    var isin: String?
    var kind: String

    static func named(_ code: AssetCode, _ argument: String, _ db: Database) throws -> AssetRow {
        guard
            let row = try Row.fetchOne(
                db,
                sql: "SELECT id, isin, kind FROM asset WHERE code = ?",
                arguments: [code.rawValue]
            )
        else {
            throw ArgumentError(argument, "no asset \(code) in the database (folio asset list shows them)")
        }
        return AssetRow(id: row[0], code: code, isin: row[1], kind: row[2])
    }
}

/// The key a row without an id is found by again: its fields joined by `|`, then `#` and how many
/// identical rows came before it in its file (`StoreSink.dedupeKey`).
enum DedupeKey {
    /// `key` with `code` put in place of `old` in the fields at `fields` (0-based).
    static func replacing(_ old: String, with code: String, in key: String, fields: [Int]) -> String {
        guard let hash = key.lastIndex(of: "#") else { return key }
        var parts = key[..<hash].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        for i in fields where i < parts.count && parts[i] == old { parts[i] = code }
        return parts.joined(separator: "|") + key[hash...]
    }
}
