import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// The performance charts draw the figures the tables give, from one history.
@Suite struct PerformanceDatasetTests {
    func build(
        _ kind: ChartKind,
        _ data: String,
        benchmark: AssetCode? = nil,
        window: Int? = nil
    ) throws -> DatasetChart {
        var request = ChartRequest(kind: kind)
        request.portfolio = "P"
        request.data = data
        request.benchmark = benchmark
        request.window = window
        return try request.dataset().build(PortfolioDatasetTests.input(), as: kind, frame: ChartFrame())
    }

    var history: PerformanceHistory { PortfolioDatasetTests.input().portfolio!.performance(endingAt: d("2024-01-10"))! }

    /// Growth of 100 (issue 32): the portfolio's ends at 100 × (1 + its time-weighted return), the
    /// benchmark's at 100 × its price ratio, on a log scale, each line's end giving its figure.
    @Test func cumulativeEndsAtTheTimeWeightedReturnAndTheBenchmarkAtItsOwn() throws {
        let chart = try #require(try build(.line, "cumulative", benchmark: "AAPL").chart as? LineChart)
        let returns = history.returns
        #expect(chart.series.map(\.name) == ["P", "AAPL"])
        #expect(chart.series.allSatisfy { $0.values.first == 100 })
        #expect(chart.logScale && chart.endFigures)
        let twr = try #require(history.periods(benchmark: nil).last?.timeWeighted)
        #expect(close(chart.series[0].values.last, 100 * (1 + twr), 1e-9))
        // AAPL in UAH from the day before the first counted day to 10 Jan.
        let start = returns.startDay!
        let rates = PortfolioDatasetTests.input().rates
        let a = try rates.rate(from: "AAPL", to: "UAH", at: start.end).get().value
        let b = try rates.rate(from: "AAPL", to: "UAH", at: d("2024-01-10").end).get().value
        #expect(close(chart.series[1].values.last, 100 * b / a, 1e-9))
        // The figures at the line ends are those, to the digit shown.
        let scene = chart.scene(measurer: ApproximateMeasurer())
        let format = NumberFormat(locale: .en, style: .decimal(1))
        #expect(scene.text("P\u{00A0}" + format.string(100 * (1 + twr))) != nil)
        #expect(scene.text("AAPL\u{00A0}" + format.string(100 * b / a)) != nil)
    }

    @Test func heatmapAndBarsShowTheMonthsAndYears() throws {
        let heatmap = try #require(try build(.heatmap, "monthly-returns").chart as? HeatmapChart)
        let january = try #require(
            history.returns.compounded(over: try DayRange(from: d("2024-01-01"), to: d("2024-01-31")))
        )
        #expect(heatmap.rowLabels == ["2024"] && heatmap.values[0][0] == january && heatmap.values[0][12] == january)
        #expect(heatmap.values[0][1..<12].allSatisfy { $0.isNaN })
        let bars = try #require(try build(.bars, "annual-returns").chart as? BarChart)
        #expect(bars.series[0].values == [january])
        let drawdown = try #require(try build(.drawdown, "drawdown").chart as? DrawdownChart)
        #expect(drawdown.depths.dropFirst() == history.drawdowns.depth[...])
    }

    @Test func annualBarsSetTheBenchmarkBesideEachYear() throws {
        let bars = try #require(try build(.bars, "annual-returns", benchmark: "AAPL").chart as? BarChart)
        let cumulative = try #require(try build(.line, "cumulative", benchmark: "AAPL").chart as? LineChart)
        // 2024 is the year in progress on the as-of day: marked so, each bar labelled with its value.
        #expect(bars.groups == ["2024 YTD"] && bars.series.map(\.name) == ["P", "AAPL"])
        #expect(bars.valueLabels != nil)
        // One year: the benchmark's bar is its cumulative return over the same days.
        // (The cumulative is the growth of 100: 100 × (1 + return).)
        #expect(close(bars.series[1].values[0], cumulative.series[1].values.last! / 100 - 1, 1e-12))
        #expect(close(bars.series[0].values[0], cumulative.series[0].values.last! / 100 - 1, 1e-12))
    }

    @Test func rollingLinesAreTheRollingFigures() throws {
        let rolling = history.rolling(window: 3)
        let volatility = try #require(try build(.line, "rolling-volatility", window: 3).chart as? LineChart)
        let sharpe = try #require(try build(.line, "rolling-sharpe", window: 3).chart as? LineChart)
        #expect(volatility.series[0].times == rolling.days.map { $0.start.timeIntervalSince1970 })
        for i in rolling.days.indices {
            #expect(volatility.series[0].values[i] == rolling.volatility[i]! * 100)
            #expect(sharpe.series[0].values[i] == rolling.sharpe[i] ?? .nan || sharpe.series[0].values[i].isNaN)
        }
        // Half a year of counted days by default: nine days have no window, which is said. The quotes move
        // on weekends too: a year of 365 days.
        #expect(throws: ArgumentError.self) { try build(.line, "rolling-volatility") }
        let titled = try build(.line, "rolling-sharpe", window: 3)
        #expect(
            titled.title == "P: rolling Sharpe ratio"
                && titled.subtitle == "3-day window, 365 days a year · 5 Jan – 10 Jan 2024"
        )
    }

    @Test func aMemoisedNothingIsRememberedAsNothing() {
        let memo = DatasetMemo()
        var calls = 0
        let first: Int? = memo.value("k") {
            calls += 1
            return nil
        }
        let second: Int? = memo.value("k") {
            calls += 1
            return 5
        }
        #expect(first == nil && second == nil && calls == 1)
        let third: Int? = memo.value("j") { Optional(3) }
        #expect(third == 3)
    }
}

/// Allocation with a negative balance: the pie's total is the portfolio's value, whatever the grouping,
/// and the negative balance is named under it.
@Suite struct NegativeAllocationTests {
    @Test func theTotalIsTheValueForEveryGrouping() throws {
        let quotes = [
            q("USD", "UAH", .nbu, "2024-01-02T00:00:00Z", 40), q("AAPL", "USD", .exchange, "2024-01-02T00:00:00Z", 200),
        ]
        let book = PriceBook(quotes)
        let assets = [
            Asset(code: "AAPL", name: "Apple", kind: .stock, decimals: 0),
            Asset(code: "USD", name: "Dollar", kind: .fiat, decimals: 2),
            Asset(code: "UAH", name: "Hryvnia", kind: .fiat, decimals: 2),
        ]
        let market = MarketInputs(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets))
        )
        // 10,000 UAH in; 3 AAPL bought for 600 USD with no dollars: USD −600.
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "P", baseCurrency: "UAH"),
            trades: [buy(1, "2024-01-02T10:00:00Z", "AAPL", 3, at: 200)],
            cashTransactions: [deposit(1, "2024-01-01T10:00:00Z", 10_000, "UAH")]
        )
        let input = DatasetInput(
            portfolio: PortfolioInputs(ledger, market: market),
            market: market,
            asOf: d("2024-01-02"),
            locale: .en
        )
        let value = 10_000.0 + 3 * 200 * 40 - 600 * 40
        for by in ChartRequest.Grouping.allCases where by != .category {
            var request = ChartRequest(kind: .donut)
            request.portfolio = "P"
            request.by = by
            let chart = try #require(
                try request.dataset().build(input, as: .donut, frame: ChartFrame()).chart as? PieChart
            )
            #expect(abs(chart.netTotal - value) < 1e-9, "\(by)")
            switch by {
            case .asset: #expect(chart.notShownText?.contains("USD") == true)
            // Currencies: 10,000 UAH, and −24,000 UAH of dollars, which is no share of it: named apart.
            case .kind: #expect(chart.notShownText?.contains("USD −") == true, "\(chart.notShownText ?? "")")
            // AAPL is priced in dollars: the USD group nets to zero, nothing negative.
            default: #expect(chart.notShownText == nil)
            }
        }
    }
}
