import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// Time- and money-weighted returns, drawdowns and risk figures: textbook cases with literal answers,
/// and the figures recomputed from their definitions in a different way from the implementation.
@Suite("Performance and risk")
struct PerformanceTests {
    /// A USD portfolio that puts each deposit into X at that day's price (quoted at 00:00), valued at
    /// each day's end; `withdrawals` sell X for that amount.
    static func history(
        prices: [Double],
        deposits: [Int: Double],
        withdrawals: [Int: Double] = [:]
    )
        throws -> (value: ValueSeries, returns: ReturnSeries)
    {
        let start = d("2024-01-01")
        var quotes: [Quote] = []
        var trades: [Trade] = []
        var cash: [CashTransaction] = []
        var id: Int64 = 0
        for (i, p) in prices.enumerated() {
            let day = start.advanced(by: i)
            quotes.append(
                Quote(asset: "X", currency: "USD", market: .exchange, time: day.start, price: p, source: "test")
            )
            if let amount = deposits[i] {
                id += 1
                cash.append(
                    CashTransaction(
                        id: id,
                        time: day.start.addingTimeInterval(3_600),
                        kind: .deposit,
                        currency: "USD",
                        amount: amount,
                        fee: 0,
                        status: .completed
                    )
                )
                trades.append(
                    Trade(
                        id: id,
                        time: day.start.addingTimeInterval(7_200),
                        side: .buy,
                        asset: "X",
                        quantity: amount / p,
                        price: p,
                        priceCurrency: "USD"
                    )
                )
            }
            if let amount = withdrawals[i] {
                id += 1
                trades.append(
                    Trade(
                        id: id,
                        time: day.start.addingTimeInterval(3_600),
                        side: .sell,
                        asset: "X",
                        quantity: amount / p,
                        price: p,
                        priceCurrency: "USD"
                    )
                )
                cash.append(
                    CashTransaction(
                        id: id,
                        time: day.start.addingTimeInterval(7_200),
                        kind: .withdrawal,
                        currency: "USD",
                        amount: amount,
                        fee: 0,
                        status: .completed
                    )
                )
            }
        }
        let rates = CrossRates(book: PriceBook(quotes))
        let range = try DayRange(from: start.advanced(by: -1), to: start.advanced(by: prices.count - 1))
        let value = ValueSeries(
            replay: HoldingsReplay(trades: trades, cashTransactions: cash),
            rates: rates,
            base: "USD",
            range: range
        )
        return (value, ReturnSeries(value: value))
    }

    @Test func constantGrowthCompoundsAndHasNoRisk() throws {
        let prices = (0..<10).map { 100 * pow(1.01, Double($0)) }
        let h = try Self.history(prices: prices, deposits: [0: 1_000])
        // The deposit's day has no return (nothing was invested before it); then 1 % a day.
        #expect(h.returns.returns.count == 9 && h.returns.returns.allSatisfy { close($0, 0.01, 1e-12) })
        #expect(close(h.returns.index.last!, pow(1.01, 9), 1e-12))
        let s = ReturnStatistics(h.returns)
        #expect(s.volatility.map { abs($0) < 1e-12 } == true)
        #expect(s.sharpe == nil && s.sortino == nil, "undefined without dispersion or loss")
        #expect(s.maxDrawdown == 0)
    }

    @Test func aDepositInTheMiddleDoesNotChangeTheTimeWeightedReturn() throws {
        let prices = (0..<10).map { 100 * pow(1.01, Double($0)) * ($0 == 5 ? 0.9 : 1) }
        let alone = try Self.history(prices: prices, deposits: [0: 1_000])
        let more = try Self.history(prices: prices, deposits: [0: 1_000, 4: 50_000])
        let out = try Self.history(prices: prices, deposits: [0: 1_000], withdrawals: [7: 300])
        #expect(alone.returns.days == more.returns.days)
        for (a, b) in zip(alone.returns.returns, more.returns.returns) { #expect(close(a, b, 1e-12)) }
        for (a, b) in zip(alone.returns.returns, out.returns.returns) { #expect(close(a, b, 1e-12)) }
        // Income, by contrast, grows with the money in: what a TWR is there to look past.
        #expect(more.value.income.last!! > 10 * alone.value.income.last!!)
    }

    @Test func aFiftyPercentFallAndFullRecovery() throws {
        let h = try Self.history(prices: [100, 100, 50, 100, 100.5], deposits: [0: 1_000])
        #expect(h.returns.returns.map { ($0 * 1e9).rounded() / 1e9 } == [-0.5, 1, 0.005])
        let dd = DrawdownSeries(h.returns)
        #expect(dd.depth == [-0.5, 0, 0])
        let only = try #require(dd.drawdowns.first)
        #expect(only.start == d("2024-01-02") && only.trough == d("2024-01-03") && only.recovery == d("2024-01-04"))
        // Under water one day, 3 Jan (QuantStats' days: first to last day below the peak).
        #expect(only.depth == -0.5 && only.days == 1)
        let open = DrawdownSeries(ReturnSeries(days: [d("2024-01-01"), d("2024-01-02")], returns: [0.1, -0.2]))
        #expect(open.drawdowns.first?.recovery == nil && open.drawdowns.first?.days == 1)
        // Not recovered by a Sunday as-of day after a Friday's fall: under water to that Sunday, 3 days.
        let friday = ReturnSeries(days: [d("2024-01-04"), d("2024-01-05")], returns: [0.1, -0.2])
        #expect(DrawdownSeries(friday, through: d("2024-01-07")).drawdowns.first?.days == 3)
    }

    /// Sharpe, Sortino and volatility from their QuantStats definitions, computed here with plain loops.
    @Test func riskFiguresMatchTheirDefinitions() {
        let r = [0.01, -0.02, 0.015, 0.003, -0.007, 0.02, -0.001, 0.004]
        let days = [0, 1, 2, 3, 4, 7, 8, 9].map { d("2024-01-01").advanced(by: $0) }  // weekdays only: 252
        let s = ReturnStatistics(ReturnSeries(days: days, returns: r), riskFree: 0.05)
        #expect(s.periodsPerYear == 252)
        var sum = 0.0
        for x in r { sum += x }
        let mean = sum / 8
        var squares = 0.0
        for x in r { squares += (x - mean) * (x - mean) }
        let sd = (squares / 7).squareRoot()
        #expect(close(s.volatility, sd * 252.0.squareRoot(), 1e-12))
        let rf = pow(1.05, 1.0 / 252) - 1
        // Subtracting a constant moves the mean, not the deviation.
        #expect(close(s.sharpe, (mean - rf) / sd * 252.0.squareRoot(), 1e-12))
        var downside = 0.0
        for x in r where x - rf < 0 { downside += (x - rf) * (x - rf) }
        #expect(close(s.sortino, (mean - rf) / (downside / 8).squareRoot() * 252.0.squareRoot(), 1e-12))
        #expect(s.bestDay == 0.02 && s.worstDay == -0.02)
    }

    @Test func crossingAWeekendMakesAYearOf365Days() {
        let every = (0..<14).map { d("2024-01-01").advanced(by: $0) }
        #expect(ReturnStatistics.periodsPerYear(of: every) == 365)
        #expect(ReturnStatistics.periodsPerYear(of: every.filter { $0.weekday <= 5 }) == 252)
    }

    @Test func xirrMatchesExcelsWorkedExample() throws {
        // Microsoft's XIRR documentation: 0.373362535.
        let flows: [MoneyWeightedReturn.Flow] = [
            (d("2008-01-01"), -10_000), (d("2008-03-01"), 2_750), (d("2008-10-30"), 4_250), (d("2009-02-15"), 3_250),
            (d("2009-04-01"), 2_750),
        ]
        let rate = try #require(MoneyWeightedReturn.xirr(flows))
        #expect(abs(rate - 0.373362535) < 1e-8)
        var npv = 0.0
        for f in flows { npv += f.amount / pow(1 + rate, Double(flows[0].day.distance(to: f.day)) / 365) }
        #expect(abs(npv) < 1e-7)
        #expect(close(MoneyWeightedReturn.xirr([(d("2023-01-01"), -1_000), (d("2024-01-01"), 1_100)]), 0.1, 1e-12))
        #expect(MoneyWeightedReturn.xirr([(d("2023-01-01"), -1_000)]) == nil)
    }

    @Test func monthlyReturnsCompoundTheDays() {
        let days = [d("2024-01-30"), d("2024-01-31"), d("2024-02-01"), d("2025-03-03")]
        let series = ReturnSeries(days: days, returns: [0.1, 0.1, -0.5, 0.2])
        let table = series.monthlyTable
        #expect(table.rows.count == 2)
        #expect(
            close(table.number(0, "jan"), 21, 1e-12) && table.number(0, "feb") == -50 && table.number(0, "mar") == nil
        )
        #expect(close(table.number(0, "year_return"), (1.21 * 0.5 - 1) * 100, 1e-12))
        #expect(close(table.number(1, "year_return"), 20, 1e-12))
    }

    @Test func theAssetItselfAsBenchmarkHasBetaOneAndNoDifference() throws {
        var prices: [Double] = [100]
        var random = SplitMix64(seed: 3)
        for _ in 0..<120 { prices.append(prices.last! * (1 + 0.02 * random.normal())) }
        let h = try Self.history(prices: prices, deposits: [0: 1_000, 40: 500], withdrawals: [90: 200])
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
            end: h.value.days.last!
        )
        #expect(periods.map(\.period) == [.oneMonth, .threeMonths, .yearToDate, .sinceInception])
        for p in periods {
            #expect(
                close(p.benchmark, p.timeWeighted!, 1e-9) && close(p.beta, 1, 1e-9) && close(p.correlation, 1, 1e-9),
                "\(p.period)"
            )
        }
        // Since inception the money-weighted return differs: money came in and went out on the way.
        let all = try #require(periods.last)
        // 121 days: the period's own money-weighted return, nothing per year.
        #expect(all.moneyWeighted != nil && all.xirr == nil && all.annualised == nil)
    }
}
