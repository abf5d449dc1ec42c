import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The conventions README's "Performance figures" states, each pinned by a literal: whole days for XIRR,
/// nothing annualised below a year, and annualised figures over the period's calendar days.
@Suite("Performance conventions")
struct PerformanceConventionsTests {
    /// Whole UTC days, as a spreadsheet's XIRR counts them. The rates were computed apart from Folio, in
    /// Python with scipy's brentq on Σ amount / (1 + r)^((day − 31 Jan) / L) = 0:
    ///   31 Jan 2024  −10,000 (the value at the close of the day before the period)
    ///   10 Feb 2024   −2,000 (a deposit at 23:30)
    ///    5 Mar 2024   +1,500 (a withdrawal at 01:00)
    ///   31 Mar 2024  +11,200 (the value at the end)
    /// L = 365: 0.4545002698426849 (=XIRR() in a spreadsheet: 45.45 %); L = 60, the span: 0.0635244411230484.
    /// Dated by time of day from 1 Feb 00:00 to 31 Mar 23:59:59.999 instead, the annual rate is
    /// 0.4556134510119096 (45.56 %): a different figure at the digits shown.
    @Test func xirrCountsWholeDaysAsASpreadsheetDoes() throws {
        let flows: [MoneyWeightedReturn.Flow] = [
            (d("2024-01-31"), -10_000), (d("2024-02-10"), -2_000), (d("2024-03-05"), 1_500),
            (d("2024-03-31"), 11_200),
        ]
        #expect(close(MoneyWeightedReturn.xirr(flows), 0.4545002698426849, 1e-12))
        #expect(close(MoneyWeightedReturn.overSpan(flows), 0.0635244411230484, 1e-12))
        // With nothing moved in between, the period's return is the values' ratio.
        #expect(close(MoneyWeightedReturn.overSpan([(d("2024-01-31"), -800), (d("2024-02-29"), 1_000)]), 0.25, 1e-14))
        #expect(
            MoneyWeightedReturn.overSpan([(d("2024-01-31"), -800), (d("2024-01-31"), 1_000)]) == nil,
            "no span, no rate"
        )
    }

    /// A period's flows: the start value dated the day before its first day (the close it is), each transfer
    /// on its UTC day whatever its time, the end value on the last day.
    @Test func aPeriodsFlowsAreDatedByDay() throws {
        let h = try PerformanceTests.history(
            prices: [Double](repeating: 100, count: 61),
            deposits: [0: 10_000, 40: 2_000],
            withdrawals: [50: 1_500]
        )
        let p = try #require(
            PeriodPerformance.all(
                value: h.value,
                series: h.returns,
                benchmark: nil,
                end: d("2024-03-01"),
                periods: [.oneMonth]
            ).first
        )
        #expect(p.from == d("2024-02-02"))
        let flows = try #require(
            PeriodPerformance.cashFlows(value: h.value, range: try DayRange(from: p.from, to: p.to))
        )
        #expect(flows.map(\.day) == [d("2024-02-01"), d("2024-02-10"), d("2024-02-20"), d("2024-03-01")])
        #expect(flows.map(\.amount) == [-10_000, -2_000, 1_500, 10_500])
        // The price never moved: no money was made, and a month has no rate per year.
        #expect(p.moneyWeighted.map { abs($0) < 1e-12 } == true && p.xirr == nil)
    }

    /// GIPS' rule: below 365 calendar days nothing is annualised — not the time-weighted return, not XIRR,
    /// not Calmar's CAGR, not the benchmark's; from a year on each is.
    @Test func noPeriodUnderAYearShowsAnAnnualisedFigure() throws {
        #expect(PeriodPerformance.isAYearOrMore(from: d("2023-03-01"), to: d("2024-02-28")) == true)  // 365 days
        #expect(PeriodPerformance.isAYearOrMore(from: d("2023-03-02"), to: d("2024-02-28")) == false)  // 364
        var random = SplitMix64(seed: 7)
        var prices: [Double] = [100]
        for _ in 1..<800 { prices.append(prices.last! * (1 + 0.01 * random.normal())) }
        let h = try PerformanceTests.history(prices: prices, deposits: [0: 1_000, 300: 500], withdrawals: [600: 200])
        let quotes = prices.enumerated().map {
            Quote(
                asset: "X",
                currency: "USD",
                market: .exchange,
                time: d("2024-01-01").advanced(by: $0.offset).start,
                price: $0.element,
                source: "test"
            )
        }
        let benchmark = Benchmark("X", on: h.returns, rates: CrossRates(book: PriceBook(quotes)), base: "USD")
        let periods = PeriodPerformance.all(
            value: h.value,
            series: h.returns,
            benchmark: benchmark,
            end: h.value.days.last!,
            periods: PeriodPerformance.Period.allCases
        )
        #expect(
            periods.map(\.period) == [
                .monthToDate, .oneMonth, .threeMonths, .sixMonths, .yearToDate, .oneYear, .sinceInception,
            ]
        )
        for p in periods {
            let days = p.from.distance(to: p.to) + 1
            let annualised = [p.annualised, p.xirr, p.calmar, p.benchmarkAnnualised]
            if days < 365 {
                #expect(annualised.allSatisfy { $0 == nil }, "\(p.period): \(days) days")
                #expect(p.timeWeighted != nil && p.moneyWeighted != nil && p.benchmark != nil, "\(p.period)")
            } else {
                #expect(annualised.allSatisfy { $0 != nil }, "\(p.period): \(days) days")
            }
        }
    }

    /// Calmar's CAGR runs over the period's calendar days, as `twr_annualised`: a deposit on 1 Jan 2024
    /// into X at 100, a fall to 80 (−20 %) and 121 on the 420th day (1.21 over 420 days). By hand:
    /// 1.21^(365/420) − 1 = 0.18016961498433215 and / 0.2 = 0.9008480749216607; counted from the day before
    /// the first counted day (320 days, from 9 Apr 2024), as before, it was 1.2143694279485018.
    @Test func calmarAnnualisesOverThePeriodsCalendarDays() throws {
        var prices = [Double](repeating: 100, count: 420)
        prices[100] = 80
        prices[419] = 121
        let h = try PerformanceTests.history(prices: prices, deposits: [0: 1_000])
        let periods = PeriodPerformance.all(value: h.value, series: h.returns, benchmark: nil, end: d("2025-02-23"))
        let inception = try #require(periods.last)
        #expect(
            inception.period == .sinceInception && inception.from == d("2024-01-01") && inception.to == d("2025-02-23")
        )
        #expect(close(inception.timeWeighted, 0.21, 1e-12) && close(inception.statistics?.maxDrawdown, -0.2, 1e-12))
        #expect(close(inception.annualised, 0.18016961498433215, 1e-12))
        #expect(close(inception.calmar, 0.9008480749216607, 1e-12))
        // Half a year with the same fall: a drawdown, but no CAGR and so no Calmar.
        let half = try #require(
            PeriodPerformance.all(value: h.value, series: h.returns, benchmark: nil, end: d("2024-06-30")).last
        )
        #expect(close(half.statistics?.maxDrawdown, -0.2, 1e-12) && half.annualised == nil && half.calmar == nil)
    }
}
