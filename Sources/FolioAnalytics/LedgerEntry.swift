import FolioCore
import Foundation

/// One trade or completed cash transaction of a portfolio, as the replays of its ledger take them.
enum LedgerEntry: Sendable {
    case cash(CashTransaction)
    case trade(Trade)

    var time: Date {
        switch self {
        case let .cash(c): c.time
        case let .trade(t): t.time
        }
    }

    /// The completed entries up to `asOf` in the one replay order (`ReplayOrder`), which `HoldingsReplay`
    /// follows with the same keys in its flat arrays, so that every replay agrees on what is held after
    /// every entry.
    static func inReplayOrder(trades: [Trade], cashTransactions: [CashTransaction], through asOf: Date) -> [LedgerEntry]
    {
        var keyed: [(time: Date, order: Int, id: Int64, entry: LedgerEntry)] = []
        keyed.reserveCapacity(trades.count + cashTransactions.count)
        for c in cashTransactions where c.status == .completed && c.time <= asOf {
            keyed.append((c.time, 0, c.id, .cash(c)))
        }
        for t in trades where t.time <= asOf { keyed.append((t.time, 1, t.id, .trade(t))) }
        keyed.sort { ($0.time, $0.order, $0.id) < ($1.time, $1.order, $1.id) }
        let entries = keyed.map(\.entry)
        guard
            let order = ReplayOrder.applied(
                count: entries.count,
                sameInstant: { keyed[$0].time == keyed[$1].time },
                moves: { entries[$0].moves($1) },
                split: { i in
                    guard case let .cash(c) = entries[i], c.kind == .split else { return nil }
                    return c.asset.flatMap { asset in c.ratio.map { (asset, $0) } }
                }
            )
        else { return entries }
        return order.map { entries[$0] }
    }

    /// Calls `visit` with what the entry adds or takes of each asset, as `HoldingsReplay` applies it.
    private func moves(_ visit: (AssetCode, Double) -> Void) {
        switch self {
        case let .cash(c):
            if c.kind != .split { visit(c.currency, c.cashChange) }
        case let .trade(t):
            let sign: Double = t.side == .buy ? 1 : -1
            visit(t.asset, sign * t.quantity)
            visit(t.priceCurrency, -sign * t.quantity * t.price)
            if t.fee != 0 { visit(t.feeCurrency, -t.fee) }
        }
    }
}

extension Trade {
    /// What the trade exchanged, in the base currency: the units of a buy or sale of the base currency
    /// itself (the rate the broker gave, not the market's, so that the base currency never has a gain or
    /// a currency effect of its own: the other currency's holding has it), else what was paid converted
    /// by `convert`. The same for the ledger of costs and for the value bridge.
    func paidInBase(_ base: AssetCode, convert: (Double, AssetCode) -> Double) -> Double {
        asset == base ? quantity : convert(quantity * price, priceCurrency)
    }

    /// The value of `units` of the asset traded, in the base currency, at the trade's price.
    func unitsInBase(_ units: Double, _ base: AssetCode, convert: (Double, AssetCode) -> Double) -> Double {
        asset == base ? units : convert(units * price, priceCurrency)
    }
}
