import FolioCore
import Foundation

/// The portfolio's daily time-weighted returns: what the invested money earned each market day,
/// whatever was paid in or taken out.
///
/// Conventions:
/// - Money moved on a day counts at the end of the day: r = (value − deposits + withdrawals) /
///   previous value − 1. This is exact when what was moved is worth at the day's close what was paid
///   (cash in the base currency, or bought at the close), and it never divides by a deposit.
/// - A day counts when the portfolio's value is known and it changed, or money moved: a stock
///   portfolio's weekends and holidays (nothing quoted, nothing moved) are not days, a crypto
///   portfolio's are. A day whose value is unknown (a quote missing) is skipped: its flows and its
///   change fall into the next known day.
/// - A day that starts with nothing invested (previous value ≤ 0: the first deposit's day, or after a
///   negative balance larger than the rest), or ends below nothing, has no return: a return below
///   −100 % means nothing.
public struct ReturnSeries: Hashable, Sendable {
    /// The counted days, oldest first.
    public var days: [Day]
    /// The day whose value the first return is measured from (the index is 1 at its end).
    public var startDay: Day?
    /// Simple return of each counted day.
    public var returns: [Double]
    /// Growth of 1 invested before the first counted day, after each counted day.
    public var index: [Double]

    public init(days: [Day], returns: [Double], startDay: Day? = nil) {
        self.days = days
        self.startDay = startDay ?? days.first?.advanced(by: -1)
        self.returns = returns
        var growth = 1.0
        index = returns.map { r in
            growth *= 1 + r
            return growth
        }
    }

    /// From daily values and the transfers of the same days.
    public init(value: ValueSeries) {
        var days: [Day] = []
        var returns: [Double] = []
        // The value's days are one range, from its first to its last.
        let flows =
            value.days.first.flatMap { first in value.days.last.flatMap { try? DayRange(from: first, to: $0) } }
            .map { value.transfers.byDay($0) } ?? (deposits: [], withdrawals: [])
        var previous: Double? = nil
        var previousDay: Day? = nil
        var startDay: Day? = nil
        var inflow = 0.0
        var outflow = 0.0
        for d in value.days.indices {
            guard let v = value.total[d], let i = flows.deposits[d], let o = flows.withdrawals[d] else {
                // Unknown: carry the flows to the next known day.
                inflow += flows.deposits[d] ?? 0
                outflow += flows.withdrawals[d] ?? 0
                continue
            }
            inflow += i
            outflow += o
            defer { (previous, previousDay, inflow, outflow) = (v, value.days[d], 0, 0) }
            guard let p = previous, p > 0, inflow != 0 || outflow != 0 || v != p else { continue }
            let end = v - inflow + outflow
            guard end >= 0 else { continue }
            if days.isEmpty { startDay = previousDay }
            days.append(value.days[d])
            returns.append(end / p - 1)
        }
        self.init(days: days, returns: returns, startDay: startDay)
    }

    /// The compounded return of the counted days in `range`.
    public func compounded(over range: DayRange) -> Double? {
        var growth = 1.0
        var any = false
        for (day, r) in zip(days, returns) where range.contains(day) {
            growth *= 1 + r
            any = true
        }
        return any ? growth - 1 : nil
    }

    /// Returns per period (`.month` or `.year`), compounded from the days in it; oldest first.
    public func byPeriod(_ period: CompositionPeriod) -> [(start: Day, value: Double)] {
        var out: [(start: Day, value: Double)] = []
        // The days ascend: a day before the next period's first day is in the current one, so the calendar
        // is worked out once per period, not per day (the performance table groups every period's days).
        var next = Day(daysSinceEpoch: .min)
        for (day, r) in zip(days, returns) {
            if day < next {
                out[out.count - 1].value = (1 + out[out.count - 1].value) * (1 + r) - 1
            } else {
                let c = day.components
                let start = Day(year: c.year, month: period == .month ? c.month : 1, day: 1)!
                next = start.addingMonths(period == .month ? 1 : 12)
                out.append((start, r))
            }
        }
        return out
    }
}
