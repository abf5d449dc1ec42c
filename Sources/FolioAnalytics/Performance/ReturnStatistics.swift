import FolioCore
import Foundation

/// Risk and return figures of a return series, defined as QuantStats (`qs.stats`) defines them, so
/// that a user comparing with a tear sheet sees the same digits. Each is nil where it is undefined
/// (too few days, no dispersion, no loss), never 0 or infinity.
public struct ReturnStatistics: Hashable, Sendable {
    /// Counted days per year used to annualise (see `periodsPerYear(of:)`).
    public var periodsPerYear: Double
    /// Annual risk-free rate (Sharpe, Sortino, Omega).
    public var riskFree: Double
    /// Sample standard deviation of the daily returns × √periods (`qs.stats.volatility`).
    public var volatility: Double?
    /// mean(r − rf_d) / sample sd(r − rf_d) × √periods, rf_d = (1 + rf)^(1/periods) − 1 (`qs.stats.sharpe`).
    public var sharpe: Double?
    /// mean(r − rf_d) / √(Σ min(r − rf_d, 0)² / n) × √periods (`qs.stats.sortino`).
    public var sortino: Double?
    /// Deepest fall of the growth index below its running peak (negative).
    public var maxDrawdown: Double?
    var bestDay: Double?
    var worstDay: Double?
    var bestMonth: Double?
    var worstMonth: Double?
    /// The best and worst calendar year's compounded return, a part-year counting as its year
    /// (`qs.stats.best` / `worst` with `aggregate="YE"`).
    var bestYear: Double?
    var worstYear: Double?
    /// Share of days with a positive return among days with a non-zero one (`qs.stats.win_rate`).
    var positiveDays: Double?
    /// Share of months with a positive return among months with a non-zero one (`qs.stats.win_rate`
    /// with `aggregate="ME"`).
    var positiveMonths: Double?
    /// The daily return a normal distribution with the returns' mean and sample deviation falls below
    /// on 5 % of days (`qs.stats.value_at_risk`, variance-covariance): negative for a loss.
    var valueAtRisk: Double?
    /// The mean daily return on those 5 % of days, of the same normal distribution
    /// (`qs.stats.expected_shortfall`, parametric, QuantStats 0.0.83 and later).
    var expectedShortfall: Double?
    /// Σ gains / Σ losses of the daily returns over rf_d (`qs.stats.omega` with required return 0).
    package var omega: Double?

    public init(_ series: ReturnSeries, riskFree: Double = 0, periodsPerYear: Double? = nil) {
        let r = series.returns
        let periods = periodsPerYear ?? Self.periodsPerYear(of: series.days)
        self.periodsPerYear = periods
        self.riskFree = riskFree
        let dailyRiskFree = Self.dailyRate(riskFree, periodsPerYear: periods)
        let excess = r.map { $0 - dailyRiskFree }
        let root = periods.squareRoot()
        let mu = Self.mean(r)
        let sd = mu.flatMap { Self.sampleDeviation(r, mean: $0) }
        volatility = sd.map { $0 * root }
        sharpe = Self.sharpe(excess: excess[...], periodsPerYear: periods)
        if !excess.isEmpty {
            let downside = (excess.map { min($0, 0) * min($0, 0) }.compensatedSum() / Double(excess.count)).squareRoot()
            if downside > 0 { sortino = Self.mean(excess)! / downside * root }
        }
        maxDrawdown = DrawdownSeries(series).maxDrawdown
        bestDay = r.max()
        worstDay = r.min()
        let months = series.byPeriod(.month).map(\.value)
        let years = series.byPeriod(.year).map(\.value)
        (bestMonth, worstMonth) = (months.max(), months.min())
        (bestYear, worstYear) = (years.max(), years.min())
        positiveDays = Self.winRate(r)
        positiveMonths = Self.winRate(months)
        if let mu, let sd, sd > 0 {
            valueAtRisk = mu + sd * Self.normalQuantile5
            expectedShortfall = mu - sd * Self.normalDensityAtQuantile5 / 0.05
        }
        if r.count >= 2 {
            var gains = CompensatedSum()
            var losses = CompensatedSum()
            for x in excess where x != 0 { if x > 0 { gains += x } else { losses += -x } }
            if losses.value > 0 { omega = gains.value / losses.value }
        }
    }

    /// 365 when markets move every day (at least a tenth of the counted days fall on a weekend, as for
    /// crypto), else 252, the trading days of a stock market year.
    public static func periodsPerYear(of days: [Day]) -> Double {
        let weekend = days.filter { $0.weekday >= 6 }.count
        return !days.isEmpty && weekend * 10 >= days.count ? 365 : 252
    }

    /// An annual rate per counted day: (1 + rate)^(1 / periods) − 1, as QuantStats de-annualises rf.
    static func dailyRate(_ annual: Double, periodsPerYear: Double) -> Double {
        pow(1 + annual, 1 / periodsPerYear) - 1
    }

    /// mean / sample sd × √periods of excess returns; nil below two days or without dispersion (returns
    /// equal but for rounding, 1.01ⁿ⁺¹ / 1.01ⁿ, are no dispersion).
    static func sharpe(excess x: ArraySlice<Double>, periodsPerYear: Double) -> Double? {
        guard let m = mean(x), let sd = sampleDeviation(x, mean: m), sd > 1e-12 * max(abs(m), 1e-300) else {
            return nil
        }
        return m / sd * periodsPerYear.squareRoot()
    }

    /// Positive ones among the non-zero ones; nil when all are zero (QuantStats says 0 there, which reads
    /// as "never won").
    static func winRate(_ x: [Double]) -> Double? {
        var (positive, nonZero) = (0, 0)
        for v in x where v != 0 { (positive, nonZero) = (positive + (v > 0 ? 1 : 0), nonZero + 1) }
        return nonZero == 0 ? nil : Double(positive) / Double(nonZero)
    }

    /// Φ⁻¹(0.05), the standard normal's 5 % quantile (scipy.stats.norm.ppf(0.05), what QuantStats calls).
    static let normalQuantile5 = -1.6448536269514729
    /// φ(Φ⁻¹(0.05)) = e^(−z²/2) / √(2π): the density there, for the normal tail's mean.
    static let normalDensityAtQuantile5 = exp(-normalQuantile5 * normalQuantile5 / 2) / (2 * Double.pi).squareRoot()

    static func mean(_ x: some Collection<Double>) -> Double? { x.isEmpty ? nil : x.compensatedSum() / Double(x.count) }

    /// Sample (n − 1) standard deviation, as pandas' `std()`; nil below two values.
    static func sampleDeviation(_ x: some Collection<Double>) -> Double? {
        mean(x).flatMap { sampleDeviation(x, mean: $0) }
    }

    /// The same about a mean already known, which spares a pass.
    static func sampleDeviation(_ x: some Collection<Double>, mean m: Double) -> Double? {
        guard x.count > 1 else { return nil }
        var squares = CompensatedSum()
        for v in x { squares += (v - m) * (v - m) }
        return (squares.value / Double(x.count - 1)).squareRoot()
    }
}
