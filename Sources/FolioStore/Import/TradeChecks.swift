import FolioCore
import GRDB

/// What an import of trades allows but is probably wrong, said on stderr as it happens rather than
/// pages later in a report: a trade in an asset with no quotes yet (its value is unknown), and a sale
/// of more than the portfolio holds (the balance goes short). Money is not checked here: cash balances
/// come from transfers too, and the report's diagnostics page lists those that go negative.
enum TradeChecks {
    struct Written: Equatable, Sendable {
        var file: String
        var id: Int64
        var line: Int
    }

    /// Warnings per file, in the files' order; at most `ImportSummary.differencesShown` sale lines each.
    static func warnings(_ db: Database, portfolioID: Int64, written: [Written]) throws -> [String: [String]] {
        guard !written.isEmpty else { return [:] }
        let byID = Dictionary(written.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var warnings: [String: [String]] = [:]
        var sales: [String: Int] = [:]
        var balances: [AssetCode: Double] = [:]
        var unquoted: [AssetCode: Written] = [:]
        // Splits change what is held between trades; at one instant they come first, as in the replay.
        var splits = try Row.fetchAll(db, sql: """
            SELECT c.time_ms, a.code, c.ratio FROM cash_transaction c JOIN asset a ON a.id = c.asset_id
            WHERE c.portfolio_id = ? AND c.kind = 'split' AND c.status = 'completed' ORDER BY c.time_ms DESC, c.id DESC
            """, arguments: [portfolioID]).map { (time: $0[0] as Int64, asset: AssetCode($0[1] as String), ratio: $0[2] as Double) }
        let rows = try Row.fetchCursor(db, sql: """
            SELECT t.id, t.side, a.code, a.kind, t.quantity, t.fee, fc.code, EXISTS (SELECT 1 FROM quote q WHERE q.asset_id = a.id),
                   t.time_ms
            FROM trade t JOIN asset a ON a.id = t.asset_id JOIN asset fc ON fc.id = t.fee_currency_id
            WHERE t.portfolio_id = ? ORDER BY t.time_ms, t.id
            """, arguments: [portfolioID])
        while let row = try rows.next() {
            while let split = splits.last, split.time <= row[8] as Int64 {
                balances[split.asset]? *= split.ratio
                splits.removeLast()
            }
            let kind = AssetKind(rawValue: row[3]) ?? .other
            guard kind != .fiat, kind != .metal else { continue }
            let id: Int64 = row[0], asset = AssetCode(row[2] as String), quantity: Double = row[4]
            let feeInAsset: Double = row[6] as String == asset.rawValue ? row[5] : 0
            let before = balances[asset, default: 0]
            let isSale = row[1] as String == TradeSide.sell.rawValue
            let after = before + (isSale ? -quantity : quantity) - feeInAsset
            balances[asset] = after
            guard let mine = byID[id] else { continue }
            if !(row[7] as Bool), unquoted[asset] == nil { unquoted[asset] = mine }
            // Named where the holding crosses below zero, as the diagnostics page lists it; the sales
            // that follow while it is short say nothing new.
            let tolerance = 1e-9 * quantity
            if isSale, after < -tolerance, before >= -tolerance {
                sales[mine.file, default: 0] += 1
                if sales[mine.file]! <= ImportSummary.differencesShown {
                    warnings[mine.file, default: []].append(
                        "\(mine.file):\(mine.line): a sale of \(Self.quantity(quantity)) \(asset) leaves \(Self.quantity(after)) "
                            + "(\(Self.quantity(before)) held before it)")
                }
            }
        }
        for (file, count) in sales where count > ImportSummary.differencesShown {
            warnings[file, default: []].append("\(file): and \(count - ImportSummary.differencesShown) more sales that go short")
        }
        for (asset, first) in unquoted.sorted(by: { $0.key < $1.key }) {
            warnings[first.file, default: []].append(
                "\(first.file):\(first.line): \(asset) has no quotes yet: its value stays unknown until they are imported or fetched")
        }
        return warnings
    }

    /// A quantity as a person reads it: to 10 decimals, the binary noise of sums (0.0021000100000000002)
    /// and trailing zeros dropped.
    static func quantity(_ value: Double) -> String {
        var text = String(format: "%.10f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
