import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The tear-sheet figures on a small literal series, each equal to what QuantStats 0.0.86 gives for the
/// same returns (the values below were printed by it):
///
///     r = [0.012, -0.008, 0.0, 0.021, -0.015, 0.004, -0.022, 0.017, 0.009, -0.003, 0.0, 0.011, -0.006, -0.018]
///     s = pd.Series(r, index=pd.date_range("2023-12-26", periods=14, freq="D"))   # 4 weekend days: N = 365
///     qs.stats.value_at_risk(s), qs.stats.expected_shortfall(s), qs.stats.omega(s, rf, 0.0, 365),
///     qs.stats.win_rate(s), qs.stats.win_rate(s, aggregate="ME"), qs.stats.best(s, aggregate="YE"), …
///     qs.stats.rolling_volatility(s, rolling_period=4, periods_per_year=365)
///     qs.stats.rolling_sharpe(s, rf=0.05, rolling_period=4, periods_per_year=365)
@Suite("QuantStats' figures")
struct QuantStatsFiguresTests {
    static let returns = [
        0.012, -0.008, 0.0, 0.021, -0.015, 0.004, -0.022, 0.017, 0.009, -0.003, 0.0, 0.011, -0.006, -0.018,
    ]
    static let series = ReturnSeries(days: returns.indices.map { d("2023-12-26").advanced(by: $0) }, returns: returns)

    @Test func tailRiskWinRatesAndYearsAsQuantStats() throws {
        let s = ReturnStatistics(Self.series)
        #expect(s.periodsPerYear == 365)
        #expect(close(s.valueAtRisk, -0.021418167279846856, 1e-13))
        #expect(close(s.expectedShortfall, -0.02689553733247331, 1e-13))
        #expect(close(s.omega, 1.027777777777778, 1e-13))
        #expect(close(ReturnStatistics(Self.series, riskFree: 0.05).omega, 1.001758209064295, 1e-13))
        // Two zero days are neither wins nor losses: 6 of 12.
        #expect(s.positiveDays == 0.5 && s.positiveMonths == 0.5)
        #expect(close(s.bestYear, 0.013649639016959592, 1e-14) && close(s.worstYear, -0.012595368379367144, 1e-14))
        #expect(close(s.bestMonth, 0.013649639016959592, 1e-14))
        #expect(close(s.sharpe, 0.20821224050843096, 1e-12))
        // The normal quantile QuantStats takes from scipy: Φ(z) = 0.05.
        #expect(abs(0.5 * erfc(-ReturnStatistics.normalQuantile5 / 2.0.squareRoot()) - 0.05) < 1e-16)
    }

    @Test func undefinedIsNilNotZero() {
        let flat = ReturnStatistics(ReturnSeries(days: [d("2024-01-01"), d("2024-01-02")], returns: [0.01, 0.01]))
        #expect(flat.valueAtRisk == nil && flat.expectedShortfall == nil, "no dispersion")
        #expect(flat.omega == nil, "no loss")
        let still = ReturnStatistics(ReturnSeries(days: [d("2024-01-01"), d("2024-01-02")], returns: [0, 0]))
        #expect(still.positiveDays == nil, "QuantStats says 0 % where no day moved; that is no win rate at all")
        #expect(ReturnStatistics(ReturnSeries(days: [d("2024-01-01")], returns: [-0.01])).omega == nil, "one day")
    }

    @Test func rollingVolatilityAndSharpeAsQuantStats() {
        let rolling = RollingRisk(Self.series, window: 4, riskFree: 0.05)
        #expect(rolling.days.first == d("2023-12-29") && rolling.days.count == 11)
        let volatility = [
            0.24484944353622695, 0.29781705793993735, 0.28272778427314144, 0.3707874503449831, 0.3399754893125875,
            0.3223403997846582, 0.32398752548002, 0.1732664133639292, 0.12992786460186279, 0.1416862731530475,
            0.2310438270112404,
        ]
        let sharpe = [
            9.117670608155857, -0.776629206017717, 3.0549051872424138, -3.0847684412787775, -4.437947654100379,
            2.113314295101262, 0.1310438563666003, 11.831240313423235, 11.563774863517866, 0.9436805117256895,
            -5.345494148113901,
        ]
        for i in 0..<11 {
            #expect(
                close(rolling.volatility[i], volatility[i], 1e-12) && close(rolling.sharpe[i], sharpe[i], 1e-12),
                "\(i)"
            )
        }
        // The tear sheet's half year: ⌈N / 2⌉ counted days.
        #expect(RollingRisk.halfYear(periodsPerYear: 252) == 126 && RollingRisk.halfYear(periodsPerYear: 365) == 183)
        #expect(RollingRisk(Self.series).window == 183 && RollingRisk(Self.series).days.isEmpty)
    }
}
