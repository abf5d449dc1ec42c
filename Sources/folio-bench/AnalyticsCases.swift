import FolioAnalytics
import FolioCore
import Foundation

/// The analytics speed targets of issue 3, on generated inputs that are the same on every run
/// (seeded generator): correlation of 500 assets × 252 returns ≤ 50 ms, replay of 1,000,000 trades
/// ≤ 1 s, daily value series of a 20-asset portfolio over 10 years ≤ 50 ms (release).
func analyticsCases() -> [BenchCase] {
    [
        BenchCase(name: "analytics-correlation-500x252") { _ in
            var random = SplitMix64(seed: 500)
            let days = (0..<252).map { Day(year: 2024, month: 1, day: 1)!.advanced(by: $0) }
            let market = days.map { _ in random.normal() * 0.01 }
            let assets = (0..<500).map { AssetCode(String(format: "A%03d", $0)) }
            let returns: [[Double?]] = assets.indices.map { a in
                let beta = 0.5 + Double(a % 10) / 10
                return market.map { beta * $0 + random.normal() * 0.015 }
            }
            let input = DailyReturns(assets: assets, days: days, returns: returns)
            return {
                let matrix = try CorrelationMatrix(input)
                return matrix[0, 1] == nil ? 1 : 0
            }
        },
        BenchCase(name: "analytics-replay-1m-trades") { _ in
            var random = SplitMix64(seed: 1_000_000)
            let assets = (0..<100).map { AssetCode(String(format: "S%03d", $0)) }
            let start = 1_420_070_400.0  // 2015-01-01
            let tenYears = 10 * 365.25 * 86_400
            let trades = (0..<1_000_000).map { i in
                Trade(
                    id: Int64(i),
                    time: Date(timeIntervalSince1970: (start + random.unit() * tenYears).rounded()),
                    side: random.next(below: 3) == 0 ? .sell : .buy,
                    asset: assets[random.next(below: assets.count)],
                    quantity: 1 + Double(random.next(below: 100)),
                    price: 10 + random.unit() * 490,
                    priceCurrency: .usd,
                    fee: 1
                )
            }
            let cash = (0..<10_000).map { i in
                CashTransaction(
                    id: Int64(i),
                    time: Date(timeIntervalSince1970: start + random.unit() * tenYears),
                    kind: .deposit,
                    currency: .usd,
                    amount: 100_000
                )
            }
            return {
                let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
                return replay.final.quantities.isEmpty ? 1 : 0
            }
        },
        BenchCase(name: "analytics-value-series-20x10y") { _ in
            let (replay, rates, range, _) = analyticsPortfolio()
            return {
                let series = ValueSeries(replay: replay, rates: rates, base: .uah, range: range)
                return series.total.last == nil ? 1 : 0
            }
        },
        // Issue 14: every performance figure of one portfolio over 10 years of daily values ≤ 2 ms.
        BenchCase(name: "analytics-performance-20x10y") { _ in
            let (replay, rates, range, _) = analyticsPortfolio()
            let value = ValueSeries(replay: replay, rates: rates, base: .uah, range: range)
            return {
                let returns = ReturnSeries(value: value)
                let periods = PeriodPerformance.all(value: value, series: returns, benchmark: nil, end: range.to)
                let drawdowns = DrawdownSeries(returns).drawdowns
                let months = returns.monthlyTable
                return periods.count == 6 && !drawdowns.isEmpty && months.rows.count == 10 ? 0 : 1
            }
        },
        // Issue 18: the one ledger (lots of every holding, cash included, in the base currency) of the
        // same portfolio, valued at its last day.
        BenchCase(name: "analytics-income-ledger-20x10y") { _ in
            let (replay, rates, range, trades) = analyticsPortfolio()
            let valuation = rates.value(replay.holdings(at: range.to.end), in: .uah)
            return {
                let income = PortfolioIncome(
                    trades: trades,
                    cashTransactions: replay.cashTransactions,
                    valuation: valuation,
                    rates: rates
                )
                return income.realised == nil ? 1 : 0
            }
        },
    ]
}

/// Twenty US stocks bought over ten years with monthly deposits (and the trades), priced every weekday in USD, valued in
/// UAH through a daily NBU USD/UAH rate: every value goes through a pivot.
func analyticsPortfolio() -> (HoldingsReplay, CrossRates, DayRange, [Trade]) {
    var random = SplitMix64(seed: 20)
    let first = Day(year: 2015, month: 1, day: 1)!
    let last = Day(year: 2024, month: 12, day: 31)!
    let assets = (0..<20).map { AssetCode(String(format: "STK%02d", $0)) }
    var quotes: [Quote] = []
    var prices = assets.map { _ in 20 + random.unit() * 200 }
    var rate = 15.0
    var trades: [Trade] = []
    var cash: [CashTransaction] = []
    for day in stride(from: first, through: last, by: 1) {
        let close = day.start.addingTimeInterval(21 * 3600)
        rate *= 1 + random.normal() * 0.003
        quotes.append(Quote(asset: .usd, currency: .uah, market: .nbu, time: day.start, price: rate, source: "bench"))
        guard day.weekday <= 5 else { continue }
        for a in assets.indices {
            prices[a] *= 1 + random.normal() * 0.015
            quotes.append(
                Quote(
                    asset: assets[a],
                    currency: .usd,
                    market: .exchange,
                    time: close,
                    price: prices[a],
                    source: "bench"
                )
            )
        }
        if day.dayOfMonth <= 3 && day.weekday == 1 || day.dayOfMonth == 1 {
            cash.append(
                CashTransaction(
                    id: Int64(cash.count),
                    time: day.start.addingTimeInterval(3600),
                    kind: .deposit,
                    currency: .usd,
                    amount: 5000
                )
            )
            for a in assets.indices where random.next(below: 2) == 0 {
                trades.append(
                    Trade(
                        id: Int64(trades.count),
                        time: close,
                        side: .buy,
                        asset: assets[a],
                        quantity: Double(1 + random.next(below: 10)),
                        price: prices[a],
                        priceCurrency: .usd,
                        fee: 1
                    )
                )
            }
        }
    }
    guard let range = try? DayRange(from: first, to: last) else {
        preconditionFailure("the generated days run backwards")
    }
    return (HoldingsReplay(trades: trades, cashTransactions: cash), CrossRates(book: PriceBook(quotes)), range, trades)
}
