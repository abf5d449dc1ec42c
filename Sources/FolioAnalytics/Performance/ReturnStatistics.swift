import Foundation
import FolioCore

/// Risk and return figures of a return series, defined as QuantStats (`qs.stats`) defines them, so
/// that a user comparing with a tear sheet sees the same digits. Each is nil where it is undefined
/// (too few days, no dispersion, no loss), never 0 or infinity.
public struct ReturnStatistics: Hashable, Sendable {
    /// Counted days per year used to annualise (see `periodsPerYear(of:)`).
    public var periodsPerYear: Double
    /// Annual risk-free rate (Sharpe, Sortino).
    public var riskFree: Double
    /// Sample standard deviation of the daily returns × √periods (`qs.stats.volatility`).
    public var volatility: Double?
    /// mean(r − rf_d) / sample sd(r − rf_d) × √periods, rf_d = (1 + rf)^(1/periods) − 1 (`qs.stats.sharpe`).
    public var sharpe: Double?
    /// mean(r − rf_d) / √(Σ min(r − rf_d, 0)² / n) × √periods (`qs.stats.sortino`).
    public var sortino: Double?
    /// Deepest fall of the growth index below its running peak (negative).
    public var maxDrawdown: Double?
    public var bestDay: Double?
    public var worstDay: Double?
    public var bestMonth: Double?
    public var worstMonth: Double?
    /// Share of months with a positive return among months with a non-zero one (`qs.stats.win_rate`).
    public var positiveMonths: Double?

    public init(_ series: ReturnSeries, riskFree: Double = 0, periodsPerYear: Double? = nil) {
        let r = series.returns
        let periods = periodsPerYear ?? Self.periodsPerYear(of: series.days)
        self.periodsPerYear = periods
        self.riskFree = riskFree
        let dailyRiskFree = pow(1 + riskFree, 1 / periods) - 1
        let excess = r.map { $0 - dailyRiskFree }
        let root = periods.squareRoot()
        let sd = Self.sampleDeviation(r)
        volatility = sd.map { $0 * root }
        // Returns equal but for rounding (1.01ⁿ⁺¹ / 1.01ⁿ) have no dispersion: no ratio.
        if let sdExcess = Self.sampleDeviation(excess), let m = Self.mean(excess), sdExcess > 1e-12 * max(abs(m), 1e-300) {
            sharpe = Self.mean(excess)! / sdExcess * root
        }
        if !excess.isEmpty {
            let downside = (excess.map { min($0, 0) * min($0, 0) }.compensatedSum() / Double(excess.count)).squareRoot()
            if downside > 0 { sortino = Self.mean(excess)! / downside * root }
        }
        maxDrawdown = DrawdownSeries(series).maxDrawdown
        bestDay = r.max()
        worstDay = r.min()
        let months = series.byPeriod(.month).map(\.value)
        bestMonth = months.max()
        worstMonth = months.min()
        let nonZero = months.filter { $0 != 0 }
        if !nonZero.isEmpty { positiveMonths = Double(nonZero.filter { $0 > 0 }.count) / Double(nonZero.count) }
    }

    /// 365 when markets move every day (at least a tenth of the counted days fall on a weekend, as for
    /// crypto), else 252, the trading days of a stock market year.
    public static func periodsPerYear(of days: [Day]) -> Double {
        let weekend = days.filter { $0.weekday >= 6 }.count
        return !days.isEmpty && weekend * 10 >= days.count ? 365 : 252
    }

    static func mean(_ x: [Double]) -> Double? { x.isEmpty ? nil : x.compensatedSum() / Double(x.count) }

    /// Sample (n − 1) standard deviation, as pandas' `std()`; nil below two values.
    static func sampleDeviation(_ x: [Double]) -> Double? {
        guard x.count > 1, let m = mean(x) else { return nil }
        return (x.map { ($0 - m) * ($0 - m) }.compensatedSum() / Double(x.count - 1)).squareRoot()
    }
}
