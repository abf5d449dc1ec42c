import FolioCore
import Foundation

/// Volatility and Sharpe ratio over a window sliding along the counted days, as QuantStats' tear sheet
/// draws them (`qs.stats.rolling_volatility`, `rolling_sharpe`): each day's figure is of the `window`
/// counted days ending on it, annualised by √periods per year; the first `window − 1` days have none.
///
/// The tear sheet's window is half a year of its periods, ⌈periods / 2⌉: 126 trading days for a
/// stock portfolio (252 a year), 183 days for one that moves every day (365), by Folio's one rule for
/// periods per year (`ReturnStatistics.periodsPerYear`), so "6 months" is six months of either.
public struct RollingRisk: Hashable, Sendable {
    public var window: Int
    public var periodsPerYear: Double
    /// The window's last day, from the `window`-th counted day on.
    public var days: [Day]
    /// Sample sd × √periods; nil when undefined.
    public var volatility: [Double?]
    /// mean(r − rf_d) / sample sd(r − rf_d) × √periods; nil without dispersion.
    public var sharpe: [Double?]

    /// Half a year of counted days, ⌈periods / 2⌉, QuantStats' `win_half_year`.
    static func halfYear(periodsPerYear: Double) -> Int { Int((periodsPerYear / 2).rounded(.up)) }

    /// `window` nil: half a year. `riskFree` is annual, de-annualised as for `ReturnStatistics.sharpe`.
    public init(_ series: ReturnSeries, window: Int? = nil, riskFree: Double = 0) {
        let periods = ReturnStatistics.periodsPerYear(of: series.days)
        let n = max(window ?? Self.halfYear(periodsPerYear: periods), 2)
        self.window = n
        periodsPerYear = periods
        let r = series.returns
        let rf = ReturnStatistics.dailyRate(riskFree, periodsPerYear: periods)
        let excess = r.map { $0 - rf }
        let ends = r.count >= n ? Array(n - 1..<r.count) : []
        days = ends.map { series.days[$0] }
        // Each window summed afresh (n × days additions, 0.3 M for five years of crypto): a running sum
        // would carry the rounding of every day that left the window into the next.
        volatility = ends.map { end in
            ReturnStatistics.sampleDeviation(r[(end - n + 1)...end]).map { $0 * periods.squareRoot() }
        }
        sharpe = ends.map { end in ReturnStatistics.sharpe(excess: excess[(end - n + 1)...end], periodsPerYear: periods)
        }
    }
}
