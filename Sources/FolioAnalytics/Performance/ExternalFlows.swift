import Foundation
import FolioCore

/// Money put in and taken out of a portfolio on each day of a range, in the base currency at each
/// transfer's time: the flows a time-weighted return removes and a money-weighted return is made of.
public struct ExternalFlows: Sendable {
    public var days: [Day]
    /// Deposits of each day (their amounts, fees not deducted: what the owner paid in).
    public var inflows: [Double?]
    /// Withdrawals of each day (their amounts).
    public var outflows: [Double?]
    /// Every completed transfer at or before the range's end, in time order, signed from the owner's
    /// side (a deposit is negative, a withdrawal positive); nil where its rate was missing.
    public var transfers: [(time: Date, amount: Double?)]
    public var missing: [MissingQuote]

    public init(cashTransactions: [CashTransaction], rates: CrossRates, base: AssetCode, range: DayRange) {
        days = Array(range)
        inflows = [Double?](repeating: 0, count: days.count)
        outflows = [Double?](repeating: 0, count: days.count)
        transfers = []
        missing = []
        let first = range.from.start, last = range.to.end
        for tx in cashTransactions where tx.status == .completed && tx.time <= last {
            var amount: Double?
            switch rates.rate(from: tx.currency, to: base, at: tx.time) {
            case let .success(rate): amount = rate.convert(tx.amount)
            case let .failure(why): missing.append(why)
            }
            transfers.append((tx.time, amount.map { tx.kind == .deposit ? -$0 : $0 }))
            guard tx.time >= first else { continue }
            let d = range.from.distance(to: Day(tx.time))
            if tx.kind == .deposit {
                inflows[d] = amount.flatMap { a in inflows[d].map { $0 + a } }
            } else {
                outflows[d] = amount.flatMap { a in outflows[d].map { $0 + a } }
            }
        }
        transfers.sort { $0.time < $1.time }
    }
}
