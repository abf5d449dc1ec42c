import FolioCore
import Foundation

/// What every performance figure of a portfolio is computed from: its daily values and transfers since
/// the day before its first activity, and the time-weighted returns they give.
public struct PerformanceHistory: Sendable {
    public var value: ValueSeries
    public var returns: ReturnSeries

    /// `range` should start the day before the first trade or transfer, so that the first day's value
    /// (zero) is known and nothing before it is lost.
    public init(replay: HoldingsReplay, rates: CrossRates, base: AssetCode, range: DayRange) {
        value = ValueSeries(replay: replay, rates: rates, base: base, range: range)
        returns = ReturnSeries(value: value)
    }

    public var drawdowns: DrawdownSeries { DrawdownSeries(returns, through: value.days.last) }
    public var missing: [String] { (value.missingBeforeRange + value.missing).map(\.description) }

    /// The figures of each of `periods` ending at the last day that the history covers.
    public func periods(
        benchmark: Benchmark? = nil,
        riskFree: Double = 0,
        _ periods: [PeriodPerformance.Period] = PeriodPerformance.Period.performance
    ) -> [PeriodPerformance] {
        guard let end = value.days.last else { return [] }
        return PeriodPerformance.all(
            value: value,
            series: returns,
            benchmark: benchmark,
            end: end,
            riskFree: riskFree,
            periods: periods
        )
    }

    /// Volatility and Sharpe over a sliding window of counted days (nil: half a year of them).
    public func rolling(window: Int? = nil, riskFree: Double = 0) -> RollingRisk {
        RollingRisk(returns, window: window, riskFree: riskFree)
    }
}
