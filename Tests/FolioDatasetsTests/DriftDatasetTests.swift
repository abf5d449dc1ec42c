import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// `drift` from literal inputs: the worked example, 10 AAPL at 100 and 5 MSFT at 200 (2,000 USD,
/// 50/50) against AAPL=60 MSFT=40 with a 5-point band.
@Suite struct DriftDatasetTests {
    static func input(targets: PortfolioTargets?, locale: ChartLocale = .en) -> DatasetInput {
        let quotes = [
            q("AAPL", "USD", .exchange, "2024-01-05T00:00:00Z", 100),
            q("MSFT", "USD", .exchange, "2024-01-05T00:00:00Z", 200),
        ]
        let book = PriceBook(quotes)
        let assets = [
            Asset(code: "AAPL", kind: .stock), Asset(code: "MSFT", kind: .stock), Asset(code: "USD", kind: .fiat),
        ]
        let market = MarketInputs(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets))
        )
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "P", baseCurrency: "USD"),
            trades: [
                buy(1, "2024-01-02T15:00:00Z", "AAPL", 10, at: 100), buy(2, "2024-01-02T15:00:00Z", "MSFT", 5, at: 200),
            ],
            cashTransactions: [deposit(1, "2024-01-01T10:00:00Z", 2000)],
            targets: targets
        )
        return DatasetInput(
            portfolio: PortfolioInputs(ledger, market: market),
            market: market,
            asOf: d("2024-01-05"),
            locale: locale
        )
    }

    static let sixtyForty = try? PortfolioTargets(
        basis: .asset,
        lines: [TargetLine("AAPL", 60), TargetLine("MSFT", 40)]
    )

    func build(_ input: DatasetInput) throws -> DatasetChart {
        var request = ChartRequest(kind: .bullet)
        request.portfolio = "P"
        #expect(Datasets.standard(for: .bullet, by: nil).name == DriftDataset.name)
        return try request.dataset().build(input, as: .bullet, frame: ChartFrame(locale: input.locale))
    }

    @Test func eachLineIsItsWeightAgainstItsTargetOutOfBandLabelled() throws {
        #expect(Self.sixtyForty != nil)
        let built = try build(Self.input(targets: Self.sixtyForty))
        let chart = try #require(built.chart as? BulletChart)
        #expect(chart.lines.map(\.name) == ["AAPL", "MSFT"])
        #expect(chart.lines.map(\.weight) == [50, 50] && chart.lines.map(\.target) == [60, 40])
        #expect(chart.lines.map(\.tolerance) == [5, 5] && chart.lines.map(\.outOfBand) == [true, true])
        let texts = chart.scene(measurer: ApproximateMeasurer()).texts.map(\.text)
        #expect(
            texts.contains("\(ChartLocale.minus)10.0\u{00A0}pp out of band")
                && texts.contains("+10.0\u{00A0}pp out of band")
        )
        #expect(built.title == "P: weight against target")
    }

    @Test func theTradeTableIsTheSellPlanWithATotal() throws {
        let table = try DriftDataset().tradeTable(Self.input(targets: Self.sixtyForty))
        #expect(
            table.columns.map(\.key) == [
                "line", "value_usd", "weight", "target", "drift_pp", "out_of_band", "trade_usd", "trade_quantity",
            ]
        )
        // Buy 2 AAPL (+200), sell 1 MSFT (−200): the literal answer.
        #expect(
            table.rows.map { $0.map(\.text) } == [
                ["AAPL", "1,000.00", "50.00%", "60.00%", "\(ChartLocale.minus)10.00", "out of band", "+200.00", "+2"],
                [
                    "MSFT", "1,000.00", "50.00%", "40.00%", "+10.00", "out of band", "\(ChartLocale.minus)200.00",
                    "\(ChartLocale.minus)1",
                ],
            ]
        )
        #expect(
            table.totals.map { $0.map(\.text) } == [
                ["Total", "2,000.00", "100.00%", "100.00%", "", "out of band", "0.00", ""]
            ]
        )
        let uk = try DriftDataset().tradeTable(Self.input(targets: Self.sixtyForty, locale: .uk))
        #expect(
            uk.columns.map(\.title) == [
                "Позиція", "Вартість, дол. США", "Частка", "Ціль", "Відхилення, в. п.", "Поза межами",
                "Угода, дол. США",
                "Кількість",
            ]
        )
    }

    @Test func withoutTargetsTheChartSaysHowToSetThemAndTheTableIsEmpty() throws {
        let built = try build(Self.input(targets: nil))
        let chart = try #require(built.chart as? NoDataChart)
        #expect(chart.note?.contains("folio target set --portfolio \"P\"") == true)
        #expect(try DriftDataset().tradeTable(Self.input(targets: nil)).rows.isEmpty)
    }

    @Test func aTargetByKindNamesItsLinesInTheReadersWords() throws {
        let byKind = try PortfolioTargets(basis: .kind, lines: [TargetLine("stock", 80), TargetLine("fiat", 20)])
        let en = try #require(try build(Self.input(targets: byKind)).chart as? BulletChart)
        #expect(en.lines.map(\.name) == ["Stocks", "Currencies"])
        #expect(en.lines.map(\.weight) == [100, 0])
        let uk = try #require(try build(Self.input(targets: byKind, locale: .uk)).chart as? BulletChart)
        #expect(uk.lines.map(\.name) == ["Акції", "Валюти"])
    }
}
