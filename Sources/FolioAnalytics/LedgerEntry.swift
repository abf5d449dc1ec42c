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

    /// The completed entries up to `asOf` in the one replay order: by time; at one instant cash
    /// transactions before trades (money arrives, then is spent); then by id. `HoldingsReplay` sorts the
    /// same keys in its flat arrays, so that every replay agrees on what is held after every entry.
    static func inReplayOrder(trades: [Trade], cashTransactions: [CashTransaction], through asOf: Date) -> [LedgerEntry]
    {
        var keyed: [(time: Date, order: Int, id: Int64, entry: LedgerEntry)] = []
        keyed.reserveCapacity(trades.count + cashTransactions.count)
        for c in cashTransactions where c.status == .completed && c.time <= asOf {
            keyed.append((c.time, 0, c.id, .cash(c)))
        }
        for t in trades where t.time <= asOf { keyed.append((t.time, 1, t.id, .trade(t))) }
        keyed.sort { ($0.time, $0.order, $0.id) < ($1.time, $1.order, $1.id) }
        return keyed.map(\.entry)
    }
}
