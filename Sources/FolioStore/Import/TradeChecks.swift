import FolioCore
import FolioImport
import Foundation
internal import GRDB

/// What an import of trades allows but is probably wrong, said on stderr as it happens rather than
/// pages later in a report: a trade in an asset with no quotes yet (its value is unknown), a sale of
/// more than the portfolio holds (the balance goes short), and a price far from that day's stored
/// quotes (a decimal point one place off: JNJ at 1223.1 for 122.31, which leaves the cash thousands
/// short). Money is not checked here: cash balances come from transfers too, and FolioDatasets'
/// `ImportBalanceCheck` names those that go below zero, after the import, by the ledger's replay.
enum TradeChecks {
    /// Warnings per file, in the files' order; at most `ImportSummary.differencesShown` sale lines each.
    static func warnings(_ db: Database, portfolioID: Int64, written: [WrittenTrade]) throws -> [String: [String]] {
        guard !written.isEmpty else { return [:] }
        let byID = Dictionary(written.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var warnings: [String: [String]] = [:]
        var sales: [String: Int] = [:]
        var balances: [AssetCode: Double] = [:]
        var unquoted: [AssetCode: WrittenTrade] = [:]
        // Splits change what is held between trades; at one instant they come first, as in the replay.
        var splits = try splitsLastFirst(db, portfolioID: portfolioID)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT t.id, t.side, a.code, a.kind, t.quantity, t.fee, fc.code, EXISTS (SELECT 1 FROM quote q WHERE q.asset_id = a.id),
                       t.time_ms, t.price, t.asset_id, t.price_currency_id, pc.code
                FROM trade t JOIN asset a ON a.id = t.asset_id JOIN asset fc ON fc.id = t.fee_currency_id
                JOIN asset pc ON pc.id = t.price_currency_id
                WHERE t.portfolio_id = ? ORDER BY t.time_ms, t.id
                """,
            arguments: [portfolioID]
        )
        var farPrices: [String: Int] = [:]
        while let row = try rows.next() {
            while let split = splits.last, split.time <= row[8] as Int64 {
                balances[split.asset]? *= split.ratio
                splits.removeLast()
            }
            let kind = AssetKind(rawValue: row[3]) ?? .other
            guard kind != .fiat, kind != .metal else { continue }
            let id: Int64 = row[0]
            let asset = AssetCode(row[2] as String)
            let quantity: Double = row[4]
            let feeInAsset: Double = row[6] as String == asset.rawValue ? row[5] : 0
            let before = balances[asset, default: 0]
            let isSale = row[1] as String == TradeSide.sell.rawValue
            let after = before + (isSale ? -quantity : quantity) - feeInAsset
            balances[asset] = after
            guard let mine = byID[id] else { continue }
            if !(row[7] as Bool), unquoted[asset] == nil { unquoted[asset] = mine }
            if let far = try farPrice(db, price: row[9], time: row[8], assetID: row[10], currencyID: row[11]) {
                let n = farPrices[mine.file, default: 0] + 1
                farPrices[mine.file] = n
                if n <= ImportSummary.differencesShown {
                    warnings[mine.file, default: []].append(
                        "\(mine.location): \(asset) at \(QuantityText.describe(row[9])) \(row[12] as String) is far from \(far); a typo?"
                    )
                }
            }
            // Named where the holding crosses below zero, as the diagnostics page lists it; the sales
            // that follow while it is short say nothing new.
            let tolerance = 1e-9 * quantity
            if isSale, after < -tolerance, before >= -tolerance {
                let n = sales[mine.file, default: 0] + 1
                sales[mine.file] = n
                if n <= ImportSummary.differencesShown {
                    warnings[mine.file, default: []].append(
                        "\(mine.location): a sale of \(QuantityText.describe(quantity)) \(asset) leaves \(QuantityText.describe(after)) "
                            + "(\(QuantityText.describe(before)) held before it)"
                    )
                }
            }
        }
        for (file, count) in farPrices where count > ImportSummary.differencesShown {
            warnings[file, default: []].append(
                "\(file): and \(count - ImportSummary.differencesShown) more trades far from their stored quotes"
            )
        }
        for (file, count) in sales where count > ImportSummary.differencesShown {
            warnings[file, default: []].append(
                "\(file): and \(count - ImportSummary.differencesShown) more sales that go short"
            )
        }
        for (asset, first) in unquoted.sorted(by: { $0.key < $1.key }) {
            warnings[first.file, default: []].append(
                "\(first.location): \(asset) has no quotes yet: its value stays unknown until they are imported or fetched"
            )
        }
        return warnings
    }

    /// The portfolio's completed splits, the last first (so that the next one is `removeLast`).
    private static func splitsLastFirst(
        _ db: Database,
        portfolioID: Int64
    ) throws -> [(time: Int64, asset: AssetCode, ratio: Double)] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT c.time_ms, a.code, c.ratio FROM cash_transaction c JOIN asset a ON a.id = c.asset_id
                WHERE c.portfolio_id = ? AND c.kind = 'split' AND c.status = 'completed' ORDER BY c.time_ms DESC, c.id DESC
                """,
            arguments: [portfolioID]
        ).map { (time: $0[0] as Int64, asset: AssetCode($0[1] as String), ratio: $0[2] as Double) }
    }

    /// How far a trade's price may be from the stored quotes of its day before it reads as a typo: a
    /// day's range of any real asset stays well within it, a decimal point one place off does not.
    static let priceFactor = 2.0

    /// The stored quotes a trade's price is more than `priceFactor` away from, in words ("its stored
    /// quotes of 2018-01-05, 121.9 to 123.4"), or nil when it is near them or none was stored: the
    /// day's quotes on every market, else the last one of the week before.
    static func farPrice(
        _ db: Database,
        price: Double,
        time: Int64,
        assetID: Int64,
        currencyID: Int64
    ) throws -> String? {
        guard price > 0 else { return nil }
        let day = Day(Date(timeIntervalSince1970: Double(time) / 1000))
        let (start, end) = (Int64(day.start.timeIntervalSince1970 * 1000), Int64(day.end.timeIntervalSince1970 * 1000))
        // Through quote_series, so that each market's quotes are read by the primary key's time range.
        let range = try Row.fetchOne(
            db,
            sql: """
                SELECT MIN(q.price), MAX(q.price) FROM quote_series s
                JOIN quote q ON q.asset_id = s.asset_id AND q.currency_id = s.currency_id AND q.market = s.market AND q.time_ms BETWEEN ? AND ?
                WHERE s.asset_id = ? AND s.currency_id = ?
                """,
            arguments: [start, end, assetID, currencyID]
        )
        if let low = range?[0] as Double?, let high = range?[1] as Double? {
            guard price > high * priceFactor || price < low / priceFactor else { return nil }
            let span =
                low == high
                ? QuantityText.describe(low) : "\(QuantityText.describe(low)) to \(QuantityText.describe(high))"
            return "its stored quotes of \(day.iso) (\(span))"
        }
        let week = start - 7 * 86_400_000
        guard
            let last = try Row.fetchOne(
                db,
                sql: """
                    SELECT q.price, q.time_ms FROM quote_series s
                    JOIN quote q ON q.asset_id = s.asset_id AND q.currency_id = s.currency_id AND q.market = s.market AND q.time_ms BETWEEN ? AND ?
                    WHERE s.asset_id = ? AND s.currency_id = ? ORDER BY q.time_ms DESC LIMIT 1
                    """,
                arguments: [week, start - 1, assetID, currencyID]
            )
        else { return nil }
        let quoted: Double = last[0]
        guard price > quoted * priceFactor || price < quoted / priceFactor else { return nil }
        return
            "its last stored quote before it (\(QuantityText.describe(quoted)) on \(Day(Date(timeIntervalSince1970: Double(last[1] as Int64) / 1000)).iso))"
    }
}
