import FolioCore
import Foundation

/// A portfolio's completed deposits and withdrawals (not dividends, interest, fees or splits, which
/// happen inside it), each valued in the base currency at its own time:
/// the one conversion that net deposits, flows by month, time-weighted returns (which remove them) and
/// money-weighted returns (which are made of them) all read, so that they agree to the last digit.
public struct Transfers: Hashable, Sendable {
    public struct Transfer: Hashable, Sendable {
        public var time: Date
        public var kind: CashTransactionKind
        /// The amount in the base currency, positive (fees not deducted: what the owner paid in or got);
        /// nil when its rate is missing.
        public var amount: Double?
        public var fee: Double?
        public var missing: MissingQuoteError?

        /// Its effect on net deposits: + for a deposit, − for a withdrawal.
        var netDeposit: Double? { amount.map { kind == .deposit ? $0 : -$0 } }
    }

    /// In time order (the replay's order for transfers at one instant).
    public var all: [Transfer]

    /// `cashTransactions` as `HoldingsReplay.cashTransactions` gives them (completed, in replay order).
    public init(_ cashTransactions: [CashTransaction], rates: CrossRates, base: AssetCode) {
        all = cashTransactions.filter { $0.status == .completed && $0.kind.isTransfer }.map { tx in
            var t = Transfer(time: tx.time, kind: tx.kind)
            switch rates.rate(from: tx.currency, to: base, at: tx.time) {
            case let .success(rate):
                t.amount = rate.convert(tx.amount)
                t.fee = rate.convert(tx.fee)
            case let .failure(why): t.missing = why
            }
            return t
        }
    }

    /// Deposits and withdrawals of each day of `range`, as positive sums; nil on a day with a missing rate.
    package func byDay(_ range: DayRange) -> (deposits: [Double?], withdrawals: [Double?]) {
        var deposits = [Double?](repeating: 0, count: range.count)
        var withdrawals = deposits
        for t in all where t.time >= range.from.start && t.time <= range.to.end {
            let d = range.from.distance(to: Day(t.time))
            if t.kind == .deposit {
                deposits[d] = t.amount.flatMap { a in deposits[d].map { $0 + a } }
            } else {
                withdrawals[d] = t.amount.flatMap { a in withdrawals[d].map { $0 + a } }
            }
        }
        return (deposits, withdrawals)
    }
}
