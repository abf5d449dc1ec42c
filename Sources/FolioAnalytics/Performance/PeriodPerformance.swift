import FolioCore
import Foundation

/// Return and risk figures over one period, the portfolio's beside the benchmark's.
///
/// Nothing over less than a year is annualised (GIPS' rule, and how QuantStats labels "3Y (ann.)" but
/// not "3M"): a return per year of a month's return says what the month did not do.
public struct PeriodPerformance: Hashable, Sendable {
    public enum Period: String, Hashable, Sendable, CaseIterable {
        case monthToDate = "MTD"
        case oneMonth = "1M"
        case threeMonths = "3M"
        case sixMonths = "6M"
        case yearToDate = "YTD"
        case oneYear = "1Y"
        case threeYears = "3Y"
        case fiveYears = "5Y"
        case sinceInception = "inception"

        /// The rows of `folio table performance`.
        public static let performance: [Period] = [
            .oneMonth, .threeMonths, .yearToDate, .oneYear, .threeYears, .sinceInception,
        ]
        /// The rows of `folio table trailing-returns`, QuantStats' "MTD … All-time" in its order.
        public static let trailing: [Period] = [
            .monthToDate, .threeMonths, .sixMonths, .yearToDate, .oneYear, .threeYears, .fiveYears,
            .sinceInception,
        ]

        /// The period's first day when it ends at `end`; nil for since inception. N months ending at `end`
        /// start the day after the same date N months earlier, so their days are the days of N months.
        package func start(endingAt end: Day) -> Day? {
            switch self {
            case .monthToDate: Day(year: end.year, month: end.month, day: 1)!
            case .oneMonth: end.addingMonths(-1).advanced(by: 1)
            case .threeMonths: end.addingMonths(-3).advanced(by: 1)
            case .sixMonths: end.addingMonths(-6).advanced(by: 1)
            case .yearToDate: Day(year: end.year, month: 1, day: 1)!
            case .oneYear: end.addingMonths(-12).advanced(by: 1)
            case .threeYears: end.addingMonths(-36).advanced(by: 1)
            case .fiveYears: end.addingMonths(-60).advanced(by: 1)
            case .sinceInception: nil
            }
        }

        /// Shown from the first activity when the history is shorter: "so far this month/year", "since
        /// inception". The others need the whole period (a 3-year row needs 3 years of history).
        package var startsAtInceptionWhenShorter: Bool {
            self == .monthToDate || self == .yearToDate || self == .sinceInception
        }
    }

    public var period: Period
    /// The period's first day: its own, or the since-inception figures' first day (`ReturnSeries.firstDay`)
    /// when that is later, for the periods that start there when the history is shorter.
    public var from: Day
    public var to: Day
    /// Compounded time-weighted return of the period's counted days.
    public var timeWeighted: Double?
    /// `timeWeighted` per year, (1 + twr)^(365 / calendar days) − 1; nil below a year.
    public var annualised: Double?
    /// The period's own money-weighted return, not annualised: the rate over the whole period at which the
    /// value at its start (put in), the transfers and the value at its end (taken out) balance.
    public var moneyWeighted: Double?
    /// The same flows' annual rate (Excel's XIRR); nil below a year.
    public var xirr: Double?
    public var statistics: ReturnStatistics?
    /// `annualised` / |max drawdown| (`qs.stats.calmar`, its CAGR over the period's calendar days); nil
    /// below a year, or without a drawdown.
    package var calmar: Double?
    public var benchmark: Double?
    /// `benchmark` per year over the same calendar days; nil below a year.
    var benchmarkAnnualised: Double?
    package var beta: Double?
    public var correlation: Double?
    /// Whether the period holds every day its name says: false for year to date or since inception when
    /// the history starts later, which a reader is then told by the period's days instead of its name.
    public var holdsItsWholePeriod = true
}

extension PeriodPerformance {
    /// A period of at least 365 calendar days (both ends included) is a year; only such a period's
    /// returns are annualised.
    static func isAYearOrMore(from: Day, to: Day) -> Bool { from.distance(to: to) + 1 >= 365 }

    /// (1 + r)^(365 / calendar days) − 1 over `from`…`to`, both included; nil below a year.
    public static func annualised(_ r: Double?, from: Day, to: Day) -> Double? {
        guard let r, isAYearOrMore(from: from, to: to) else { return nil }
        return pow(1 + r, 365 / Double(from.distance(to: to) + 1)) - 1
    }

    /// Every period of `periods` ending at `end` that the history covers. `value` runs from the day
    /// before the first activity to `end`; the history starts at the since-inception figures' first day
    /// (`ReturnSeries.firstDay`), after the first activity when the value was below zero until then.
    public static func all(
        value: ValueSeries,
        series: ReturnSeries,
        benchmark: Benchmark?,
        end: Day,
        riskFree: Double = 0,
        periods: [Period] = Period.performance
    ) -> [PeriodPerformance] {
        guard let first = value.days.first else { return [] }
        let firstActivity = first.advanced(by: 1)
        let inception = max(series.firstDay ?? firstActivity, firstActivity)
        let periodsPerYear = ReturnStatistics.periodsPerYear(of: series.days)
        return periods.compactMap { period -> PeriodPerformance? in
            let start = period.start(endingAt: end) ?? inception
            guard start >= inception || period.startsAtInceptionWhenShorter else { return nil }
            let from = max(start, inception)
            guard from <= end, let range = try? DayRange(from: from, to: end) else { return nil }
            let picked = series.days.indices.filter { range.contains(series.days[$0]) }
            let sub = ReturnSeries(
                days: picked.map { series.days[$0] },
                returns: picked.map { series.returns[$0] },
                startDay: picked.first.flatMap { $0 > 0 ? series.days[$0 - 1] : series.startDay }
            )
            var p = PeriodPerformance(period: period, from: from, to: end)
            p.holdsItsWholePeriod = from == (period.start(endingAt: end) ?? firstActivity)
            if !sub.returns.isEmpty {
                p.timeWeighted = sub.index.last! - 1
                p.annualised = annualised(p.timeWeighted, from: from, to: end)
                p.statistics = ReturnStatistics(sub, riskFree: riskFree, periodsPerYear: periodsPerYear)
                if let a = p.annualised, let dd = p.statistics?.maxDrawdown, dd < 0 { p.calmar = a / -dd }
            }
            if let flows = cashFlows(value: value, range: range) {
                if isAYearOrMore(from: from, to: end) {
                    p.xirr = MoneyWeightedReturn.xirr(flows)
                    p.moneyWeighted = p.xirr.flatMap { MoneyWeightedReturn.overSpan(flows, knowingXIRR: $0) }
                } else {
                    p.moneyWeighted = MoneyWeightedReturn.overSpan(flows)
                }
            }
            if let benchmark {
                // Over the same days, or not at all: a benchmark with a missing price has no figure.
                let bs = picked.compactMap { benchmark.returns[$0] }
                if !bs.isEmpty, bs.count == picked.count {
                    p.benchmark = bs.reduce(1) { $0 * (1 + $1) } - 1
                    p.benchmarkAnnualised = annualised(p.benchmark, from: from, to: end)
                    let r = sub.returns
                    p.correlation = r.withUnsafeBufferPointer { x in
                        bs.withUnsafeBufferPointer { y in Pearson.pairwise(x, y, minimumOverlap: 2).0 }
                    }
                    if let sdb = ReturnStatistics.sampleDeviation(bs), sdb > 0, let mr = ReturnStatistics.mean(r),
                        let mb = ReturnStatistics.mean(bs)
                    {
                        let cov = zip(r, bs).map { ($0 - mr) * ($1 - mb) }.compensatedSum() / Double(r.count - 1)
                        p.beta = cov / (sdb * sdb)
                    }
                }
            }
            return p
        }
    }

    /// The money-weighted return's flows over `range`, by whole UTC days: the value at the end of the day
    /// before it, put in that day (the day it is the close of, so that the span is the period's calendar
    /// days, as for `annualised`); each transfer on its day; the value at the end of the last day, taken
    /// out that day. Nil when a value or a transfer's rate is missing.
    static func cashFlows(value: ValueSeries, range: DayRange) -> [MoneyWeightedReturn.Flow]? {
        let before = range.from.advanced(by: -1)
        guard let startIndex = value.days.firstIndex(of: before), let endIndex = value.days.firstIndex(of: range.to),
            let startValue = value.total[startIndex], let endValue = value.total[endIndex]
        else { return nil }
        var flows: [MoneyWeightedReturn.Flow] = []
        if startValue != 0 { flows.append((before, -startValue)) }
        // From the owner's side: a deposit is money out of the pocket, a withdrawal money back.
        for t in value.transfers.all where t.time >= range.from.start && t.time <= range.to.end {
            guard let amount = t.netDeposit else { return nil }
            flows.append((Day(t.time), -amount))
        }
        flows.append((range.to, endValue))
        return flows
    }
}
