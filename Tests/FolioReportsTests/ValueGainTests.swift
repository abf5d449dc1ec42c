import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import Foundation
import Testing

@testable import FolioReports

/// The value chart's headline and the report's change tiles say what the portfolio gained: the change
/// of its value less the money put in or taken out, from the one `ValueSeries.gain`.
@Suite struct ValueGainTests {
    static func day(_ iso: String) -> Day { Day(iso: iso)! }
    static func time(_ iso: String) -> Date { ISOTime.parse(iso)! }

    /// 10,000 USD in on 1 Jan, 10 AAPL bought at 181 on the 2nd, 1,000 USD taken out on the 6th;
    /// AAPL closes at 180 + the day of the month.
    static func inputs(extraCash: [CashTransaction] = []) -> PortfolioInputs {
        let quotes = (1...10).map { n in
            Quote(
                asset: "AAPL",
                currency: "USD",
                market: .exchange,
                time: time(String(format: "2024-01-%02dT21:00:00Z", n)),
                price: 180 + Double(n),
                source: "test"
            )
        }
        let book = PriceBook(quotes)
        let assets = [
            Asset(code: "AAPL", name: "Apple", kind: .stock, decimals: 0),
            Asset(code: "USD", name: "Dollar", kind: .fiat, decimals: 2),
        ]
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "P", baseCurrency: "USD"),
            trades: [
                Trade(
                    id: 1,
                    time: time("2024-01-02T15:00:00Z"),
                    side: .buy,
                    asset: "AAPL",
                    quantity: 10,
                    price: 181,
                    priceCurrency: "USD",
                    fee: 0
                )
            ],
            cashTransactions: [
                CashTransaction(
                    id: 1,
                    time: time("2024-01-01T10:00:00Z"),
                    kind: .deposit,
                    currency: "USD",
                    amount: 10_000
                ),
                CashTransaction(
                    id: 2,
                    time: time("2024-01-06T10:00:00Z"),
                    kind: .withdrawal,
                    currency: "USD",
                    amount: 1_000
                ),
            ] + extraCash
        )
        let market = MarketInputs(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets))
        )
        return PortfolioInputs(ledger, market: market)
    }

    func headline(days: Int, inputs: PortfolioInputs = inputs()) throws -> HeadlineChange? {
        try valueChart(days: days, inputs: inputs).chart.headlineChange
    }

    func valueChart(days: Int, inputs: PortfolioInputs) throws -> (chart: LineChart, warnings: [String]) {
        var request = ChartRequest(kind: .line)
        request.portfolio = "P"
        request.data = "value"
        request.days = days
        let input = DatasetInput(portfolio: inputs, market: inputs.market, asOf: Self.day("2024-01-10"), locale: .en)
        let built = try request.dataset().build(input, as: .line, frame: ChartFrame())
        return (try #require(built.chart as? LineChart), built.warnings)
    }

    /// 100 euros in and out on 1 Jan, with no euro rate at all: the value of every day is known, and so
    /// are the flows of a window after it; only the net deposits since the start are not, which a value
    /// chart does not show, so it does not warn about them (the value table, which shows them, does).
    @Test func aChartWarnsOnlyAboutWhatItShows() throws {
        let euros = [
            CashTransaction(
                id: 3,
                time: Self.time("2024-01-01T11:00:00Z"),
                kind: .deposit,
                currency: "EUR",
                amount: 100
            ),
            CashTransaction(
                id: 4,
                time: Self.time("2024-01-01T12:00:00Z"),
                kind: .withdrawal,
                currency: "EUR",
                amount: 100
            ),
        ]
        let inputs = Self.inputs(extraCash: euros)
        let (chart, warnings) = try valueChart(days: 5, inputs: inputs)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(chart.series[0].values == (try valueChart(days: 5, inputs: Self.inputs())).chart.series[0].values)
        #expect(chart.headlineChange?.amount.map { abs($0 - 50) < 1e-9 } == true)
        let series = ValueSeries(
            replay: inputs.replay,
            rates: inputs.market.rates,
            base: "USD",
            range: try DayRange(from: Self.day("2024-01-05"), to: Self.day("2024-01-10"))
        )
        #expect(series.netDeposits.allSatisfy { $0 == nil })
        #expect(series.missingBeforeRange.map(\.pair.description) == ["EUR/USD"] && series.missing.isEmpty)
    }

    @Test func aWithdrawalIsNotALoss() throws {
        // 5 Jan: 8,190 cash + 10 × 185 = 10,040. 10 Jan: 7,190 + 10 × 190 = 9,090. The value fell by 950,
        // of which 1,000 was taken out: a gain of 50. The percentage is the days' returns compounded: 6 Jan
        // (9,050 + 1,000 taken out) / 10,040, then 9,060 / 9,050 … 9,090 / 9,080, which telescope.
        let change = try #require(try headline(days: 5))
        #expect(change.amount.map { abs($0 - 50) < 1e-9 } == true)
        let twr = 10_050.0 / 10_040 * (9_090.0 / 9_050) - 1
        #expect(change.fraction.map { abs($0 - twr) < 1e-12 } == true)
        let data = PortfolioReportData(PortfolioReportInput(Self.inputs(), asOf: Self.day("2024-01-10")), locale: .en)
        let tile = try #require(data.change(since: Self.day("2024-01-05")))
        #expect(tile.amount == change.amount && tile.timeWeighted == change.fraction)
        #expect(data.tile(.change7d)?.value == "+$70.00")  // from 3 Jan (10,020): 9,090 − 10,020 + 1,000
        // 10,050 / 10,020 × 9,090 / 9,050 − 1, from the close of 3 Jan to the close of 10 Jan, as a chart of
        // those days writes them.
        #expect(
            data.tile(.change7d)?.detail.replacingOccurrences(of: "\u{00A0}", with: " ") == "+0.74% · 3 Jan – 10 Jan"
        )
    }

    @Test func aFirstDepositIsNotAProfit() throws {
        // From 31 Dec (nothing held) to 10 Jan: 9,090 of value, 9,000 put in net: a gain of 90. 1 Jan has
        // no return (nothing was invested before it); 2 Jan on is 10,010 / 10,000 … as above.
        let change = try #require(try headline(days: 10))
        #expect(change.amount.map { abs($0 - 90) < 1e-9 } == true)
        #expect(change.fraction.map { abs($0 - (10_050.0 / 10_000 * (9_090.0 / 9_050) - 1)) < 1e-12 } == true)
    }

    /// A report's chart says the period it covers, ending at the report's as-of day: its block title
    /// ("Value, USD") cannot, so the dataset's subtitle stays.
    @Test func aReportsValueChartSaysItsPeriod() throws {
        let data = PortfolioReportData(PortfolioReportInput(Self.inputs(), asOf: Self.day("2024-01-10")), locale: .en)
        guard
            case let .chart(chart) = try data.chart(
                .line,
                data: "value",
                parameters: ["days": "5"],
                frame: ChartFrame()
            )
        else {
            Issue.record("no chart")
            return
        }
        #expect(chart.frame.subtitle == "In USD · 5 Jan – 10 Jan 2024")
        guard
            case let .chart(flows) = try data.chart(
                .hbars,
                data: "cash-flows",
                parameters: ["months": "12"],
                frame: ChartFrame()
            )
        else {
            Issue.record("no chart")
            return
        }
        #expect(
            flows.frame.subtitle.replacingOccurrences(of: "\u{00A0}", with: " ")
                == "By month, in USD · Feb 2023 – Jan 2024"
        )
    }
}
