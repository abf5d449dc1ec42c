import Foundation
import FolioCore

/// Return and risk figures over one period, the portfolio's beside the benchmark's.
public struct PeriodPerformance: Hashable, Sendable {
    public enum Period: String, Hashable, Sendable, CaseIterable {
        case oneMonth = "1M", threeMonths = "3M", yearToDate = "YTD", oneYear = "1Y", threeYears = "3Y", sinceInception = "inception"

        /// The period's first day when it ends at `end`; nil for since inception.
        func start(endingAt end: Day) -> Day? {
            switch self {
            case .oneMonth: end.addingMonths(-1).advanced(by: 1)
            case .threeMonths: end.addingMonths(-3).advanced(by: 1)
            case .yearToDate: Day(year: end.year, month: 1, day: 1)!
            case .oneYear: end.addingMonths(-12).advanced(by: 1)
            case .threeYears: end.addingMonths(-36).advanced(by: 1)
            case .sinceInception: nil
            }
        }
    }

    public var period: Period
    public var from: Day
    public var to: Day
    /// Compounded time-weighted return of the period's counted days.
    public var timeWeighted: Double?
    /// `timeWeighted` per year, for periods longer than a year (nil otherwise, as a return over less
    /// than a year is not scaled up).
    public var annualised: Double?
    /// XIRR of the value at the start (as a deposit), the transfers and the value at the end.
    public var moneyWeighted: Double?
    public var statistics: ReturnStatistics?
    public var benchmark: Double?
    public var beta: Double?
    public var correlation: Double?
}

extension PeriodPerformance {
    /// Every period ending at `end` that the history covers (a 3-year row needs 3 years of history).
    /// `value` runs from the day before the first activity to `end`.
    public static func all(value: ValueSeries, series: ReturnSeries, benchmark: Benchmark?,
                           end: Day, riskFree: Double = 0) -> [PeriodPerformance] {
        guard let first = value.days.first else { return [] }
        let inception = first.advanced(by: 1)
        return Period.allCases.compactMap { period -> PeriodPerformance? in
            let start = period.start(endingAt: end) ?? inception
            guard start >= inception || period == .yearToDate || period == .sinceInception else { return nil }
            let from = max(start, inception)
            guard from <= end, let range = try? DayRange(from: from, to: end) else { return nil }
            let picked = series.days.indices.filter { range.contains(series.days[$0]) }
            let sub = ReturnSeries(days: picked.map { series.days[$0] }, returns: picked.map { series.returns[$0] },
                                   startDay: picked.first.flatMap { $0 > 0 ? series.days[$0 - 1] : series.startDay })
            var p = PeriodPerformance(period: period, from: from, to: end)
            if !sub.returns.isEmpty {
                p.timeWeighted = sub.index.last! - 1
                p.statistics = ReturnStatistics(sub, riskFree: riskFree, periodsPerYear: ReturnStatistics.periodsPerYear(of: series.days))
                let calendarDays = Double(from.distance(to: end) + 1)
                if calendarDays > 366, let twr = p.timeWeighted { p.annualised = pow(1 + twr, 365 / calendarDays) - 1 }
            }
            p.moneyWeighted = moneyWeighted(value: value, range: range)
            if let benchmark {
                // Over the same days, or not at all: a benchmark with a missing price has no figure.
                let bs = picked.compactMap { benchmark.returns[$0] }
                if !bs.isEmpty, bs.count == picked.count {
                    p.benchmark = bs.reduce(1) { $0 * (1 + $1) } - 1
                    let r = sub.returns
                    p.correlation = r.withUnsafeBufferPointer { x in bs.withUnsafeBufferPointer { y in Pearson.pairwise(x, y, minimumOverlap: 2).0 } }
                    if let sdb = ReturnStatistics.sampleDeviation(bs), sdb > 0, let mr = ReturnStatistics.mean(r), let mb = ReturnStatistics.mean(bs) {
                        let cov = zip(r, bs).map { ($0 - mr) * ($1 - mb) }.compensatedSum() / Double(r.count - 1)
                        p.beta = cov / (sdb * sdb)
                    }
                }
            }
            return p
        }
    }

    /// XIRR of the value the day before `range` (put in), the transfers in it, and the value at its end
    /// (taken out); nil when a value or a transfer's rate is missing.
    static func moneyWeighted(value: ValueSeries, range: DayRange) -> Double? {
        guard let startIndex = value.days.firstIndex(of: range.from.advanced(by: -1)),
              let endIndex = value.days.firstIndex(of: range.to),
              let startValue = value.total[startIndex], let endValue = value.total[endIndex] else { return nil }
        var cash: [(time: Date, amount: Double)] = []
        if startValue != 0 { cash.append((range.from.start, -startValue)) }
        // From the owner's side: a deposit is money out of the pocket, a withdrawal money back.
        for t in value.transfers.all where t.time >= range.from.start && t.time <= range.to.end {
            guard let amount = t.netDeposit else { return nil }
            cash.append((t.time, -amount))
        }
        cash.append((range.to.end, endValue))
        return MoneyWeightedReturn.xirr(cash)
    }
}
