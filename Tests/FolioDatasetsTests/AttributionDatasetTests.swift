import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// The `attribution` dataset draws the bridge `folio table attribution` gives, and its report table
/// keeps the largest holdings and still adds up.
@Suite struct AttributionDatasetTests {
    func build(
        _ configure: (inout ChartRequest) throws -> Void = { _ in },
        input: DatasetInput = PortfolioDatasetTests.input()
    ) throws -> DatasetChart {
        var request = ChartRequest(kind: .waterfall)
        request.portfolio = "P"
        try configure(&request)
        return try request.dataset().build(input, as: .waterfall, frame: ChartFrame())
    }

    /// `PortfolioDatasetTests.input()` by hand, 1–10 Jan 2024: 100,000 UAH in; 2,000 USD bought at 37.20 on
    /// 2 Jan; 5 AAPL at 183 USD on 3 Jan (NBU 37.30), 915 USD spent. Each day AAPL gains 1 USD and the
    /// dollar 0.10 UAH, to 190 USD and 38.00 UAH on 10 Jan.
    /// AAPL: price Σ 5 × 1 × x_{t−1} = 5 × (37.3 + … + 37.9) = 1,316; currency Σ 5 × p_t × 0.1 =
    /// 0.5 × (184 + … + 190) = 654.5. USD: 2,000 × 0.1 = 200 to the purchase, then 1,085 × 0.7 = 759.5.
    /// End: 25,600 UAH + 1,085 × 38 + 5 × 190 × 38 = 102,930.
    @Test func theWaterfallIsTheBridgeWorkedByHand() throws {
        let built = try build()
        let chart = try #require(built.chart as? WaterfallChart)
        #expect(chart.bars.map(\.label) == ["Start value", "Deposits", "Price effect", "Currency effect", "End value"])
        #expect(chart.bars.map(\.kind) == [.total, .transfer, .effect, .effect, .total])
        let values = chart.bars.map(\.value)
        #expect(
            values[0] == 0 && values[1] == 100_000 && close(values[2], 1_316, 1e-9) && close(values[3], 1_614, 1e-9)
        )
        #expect(close(values[4], PortfolioDatasetTests.value, 1e-12) && close(values[4], 102_930, 1e-12))
        #expect(built.subtitle == "In UAH · 1 Jan – 10 Jan 2024" && chart.currency == .uah)
        #expect(built.title == "P: where the return came from")
    }

    @Test func aPeriodIsReadAndOtherOptionsAreRefused() throws {
        // The history starts on 1 Jan 2024: the year and the year to date are since inception, a month is not there.
        let whole = try #require(try build().chart as? WaterfallChart)
        for period in ["2024", "YTD", "inception"] {
            let chart = try #require(try build { try $0.set(.period, [period]) }.chart as? WaterfallChart)
            #expect(chart.bars == whole.bars, "\(period)")
        }
        #expect { try build { try $0.set(.period, ["1M"]) } } throws: {
            "\($0)" == "--period: 1M starts on 2023-12-11, before the first activity on 2024-01-01"
        }
        #expect { try build { try $0.set(.period, ["2023"]) } } throws: {
            "\($0)".hasPrefix("--period: no day of it lies between")
        }
        var request = ChartRequest(kind: .waterfall)
        request.portfolio = "P"
        try request.set(.days, ["30"])
        #expect { try request.dataset() } throws: { "\($0)" == "--days: not used by waterfall charts of attribution" }
        #expect { try ChartRequest(kind: .waterfall).dataset() } throws: {
            "\($0)" == "--portfolio: attribution needs a portfolio"
        }
    }

    @Test func anUndefinedBridgeIsNotDrawnAndSaysWhy() throws {
        // As of 25 Jan the last quotes (10 Jan) are older than 7 days: the end value is unknown.
        let p = try #require(PortfolioDatasetTests.input().portfolio)
        let late = DatasetInput(portfolio: p, market: p.market, asOf: d("2024-01-25"), locale: .uk)
        let built = try build(input: late)
        let chart = try #require(built.chart as? WaterfallChart)
        #expect(chart.bars.isEmpty && chart.emptyNote?.hasPrefix("Не показано: немає курсу") == true)
        #expect(!built.warnings.isEmpty && built.warnings.allSatisfy { $0.hasPrefix("no value bridge: ") })
    }

    @Test func theReportTableKeepsTheLargestAndAddsUp() throws {
        let table = try AttributionDataset().contributionTable(PortfolioDatasetTests.input(), largest: 2)
        // By value on 10 Jan: USD 41,230, AAPL 36,100; UAH 25,600 in hryvnias earned nothing (every figure
        // 0.00) and takes no row, not even in "Other".
        #expect(table.rows.map { $0[0].text } == ["USD", "AAPL"])
        #expect(table.totals.map { $0[0].text } == ["Total"])
        // "Other (1)" would hide a holding behind a row of its size: it has its own row.
        let one = try AttributionDataset().contributionTable(PortfolioDatasetTests.input(), largest: 1)
        #expect(one.rows.map { $0[0].text } == ["USD", "AAPL"] && one.totals.map { $0[0].text } == ["Total"])
        let none = try AttributionDataset().contributionTable(PortfolioDatasetTests.input(), largest: 0)
        #expect(none.rows.isEmpty && none.totals.map { $0[0].text } == ["Other (2)", "Total"])
        #expect(none.totals[0][5].text == table.totals[0][5].text, "both are the others")
        #expect(
            table.rows[1][1].text == "1,316.00" && table.rows[1][2].text == "654.50"
                && table.rows[0][2].text == "959.50"
        )
        #expect(table.totals.last?[5].text == "2,930.00")
        #expect(!table.defaultColumns.contains("income"), "no income, no income column")
        // The shares of the time-weighted return add up to it.
        let shares = (table.rows + table.totals.dropLast()).map { $0[6].sortNumber ?? .nan }.reduce(0, +)
        #expect(close(shares, try #require(table.totals.last?[6].sortNumber), 1e-12))
    }
}
