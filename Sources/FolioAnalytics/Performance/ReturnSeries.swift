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
/// - The since-inception figures start on `firstDay`, the first day of the run of closes above zero the
///   first return is measured from: the day money was first put in, or later when the value was at or
///   below zero until then (a real export that lacks a transfer leaves balances below zero). Every figure
///   since inception (the performance table's row, the value bridge, the charts) starts on it, and says
///   why when it is later than the first activity (`lateStart`).
public struct ReturnSeries: Hashable, Sendable {
    /// Why the since-inception figures start later than the first activity.
    public enum LateStart: Hashable, Sendable {
        /// The value was below zero on a close before `firstDay`.
        case valueBelowZero
        /// The value was zero after the first activity (everything taken out again, or nothing valued).
        case nothingHeld
    }

    /// The counted days, oldest first.
    public var days: [Day]
    /// The day whose value the first return is measured from (the index is 1 at its end).
    public var startDay: Day?
    /// The first day of the since-inception figures (see above); at or before `startDay` (the days
    /// between them changed nothing that was counted).
    public var firstDay: Day?
    /// Why `firstDay` is later than the first activity; nil when it is the first activity's day.
    public var lateStart: LateStart?
    /// Simple return of each counted day.
    public var returns: [Double]
    /// Growth of 1 invested before the first counted day, after each counted day.
    public var index: [Double]

    public init(
        days: [Day],
        returns: [Double],
        startDay: Day? = nil,
        firstDay: Day? = nil,
        lateStart: LateStart? = nil
    ) {
        self.days = days
        self.startDay = startDay ?? days.first?.advanced(by: -1)
        self.firstDay = firstDay ?? self.startDay
        self.lateStart = lateStart
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
        // The last close at or below zero before the first counted day, and whether one was below zero.
        var lastAtOrBelowZero: Day? = nil
        var belowZero = false
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
            defer {
                (previous, previousDay, inflow, outflow) = (v, value.days[d], 0, 0)
                if days.isEmpty && v <= 0 {
                    lastAtOrBelowZero = value.days[d]
                    belowZero = belowZero || v < 0
                }
            }
            guard let p = previous, p > 0, inflow != 0 || outflow != 0 || v != p else { continue }
            let end = v - inflow + outflow
            guard end >= 0 else { continue }
            if days.isEmpty { startDay = previousDay }
            days.append(value.days[d])
            returns.append(end / p - 1)
        }
        // The day before the first activity closes at zero: the first day is at the latest the first activity's.
        let firstDay = days.isEmpty ? nil : (lastAtOrBelowZero ?? value.days[0]).advanced(by: 1)
        let lateStart: LateStart? =
            firstDay.map { $0 > value.days[0].advanced(by: 1) } == true
            ? (belowZero ? .valueBelowZero : .nothingHeld) : nil
        self.init(days: days, returns: returns, startDay: startDay, firstDay: firstDay, lateStart: lateStart)
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
