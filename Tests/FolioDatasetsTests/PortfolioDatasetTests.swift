import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// Datasets built from literal inputs, no database: the figures a chart shows add up where a reader
/// would add them.
@Suite struct PortfolioDatasetTests {
    /// A UAH portfolio: 100,000 UAH in, 2,000 USD bought at 37.2, 5 AAPL at 183 USD, cash left in both.
    static func input(locale: ChartLocale = .en) -> DatasetInput {
        let quotes = (1...10).flatMap { day -> [Quote] in
            let d = String(format: "2024-01-%02dT00:00:00Z", day)
            return [q("USD", "UAH", .nbu, d, 37 + Double(day) / 10), q("AAPL", "USD", .exchange, d, 180 + Double(day))]
        }
        let book = PriceBook(quotes)
        let assets = [
            Asset(code: "AAPL", name: "Apple", kind: .stock, decimals: 0),
            Asset(code: "USD", name: "Dollar", kind: .fiat, decimals: 2),
            Asset(code: "UAH", name: "Hryvnia", kind: .fiat, decimals: 2),
        ]
        let rates = CrossRates(book: book, preference: MarketPreference(assets: assets))
        let ledger = PortfolioLedger(
            portfolio: Portfolio(id: 1, name: "P", baseCurrency: "UAH"),
            trades: [
                buy(1, "2024-01-02T10:00:00Z", "USD", 2000, at: 37.2, in: "UAH"),
                buy(2, "2024-01-03T15:00:00Z", "AAPL", 5, at: 183),
            ],
            cashTransactions: [deposit(1, "2024-01-01T10:00:00Z", 100_000, "UAH")]
        )
        return DatasetInput(
            portfolio: PortfolioInputs(ledger, market: MarketInputs(assets: assets, book: book, rates: rates)),
            market: MarketInputs(assets: assets, book: book, rates: rates),
            asOf: d("2024-01-10"),
            locale: locale
        )
    }

    func build(_ kind: ChartKind, _ configure: (inout ChartRequest) -> Void = { _ in }) throws -> DatasetChart {
        var request = ChartRequest(kind: kind)
        request.portfolio = "P"
        configure(&request)
        return try request.dataset().build(Self.input(), as: kind, frame: ChartFrame())
    }

    /// The portfolio's value at the end of 10 Jan: cash in hryvnias, dollars and AAPL, all in UAH.
    static let value: Double = {
        let hryvnias: Double = 100_000 - 2000 * 37.2
        let dollars: Double = (2000 - 5 * 183) * 38.0
        let apple: Double = 5 * 190 * 38.0
        return hryvnias + dollars + apple
    }()

    @Test func theAllocationTotalIsThePortfoliosValueCashIncluded() throws {
        let pie = try #require(try build(.donut).chart as? PieChart)
        #expect(close(pie.slices.map(\.value).reduce(0, +), Self.value, 1e-9))
        #expect(Set(pie.slices.map(\.label)) == ["AAPL", "USD", "UAH"])
        let kinds = try #require(try build(.pie) { $0.by = .kind }.chart as? PieChart)
        #expect(Set(kinds.slices.map(\.label)) == ["Stocks", "Currencies"])
        #expect(close(kinds.slices.map(\.value).reduce(0, +), Self.value, 1e-9))
    }

    @Test func theHoldingsTableAddsUpToItsTotal() throws {
        let (table, valuation) = try HoldingsDataset().table(Self.input())
        let values = table.rows.compactMap { $0[4].sortNumber }
        let shares = table.rows.compactMap { $0[5].sortNumber }
        #expect(close(values.reduce(0, +), Self.value, 1e-9) && close(valuation.total, Self.value, 1e-9))
        #expect(close(shares.reduce(0, +), 1, 1e-12))
        #expect(table.totals.first?[4].sortNumber.map { close($0, Self.value, 1e-9) } == true)
        #expect(table.rows.map { $0[0].text } == ["USD", "AAPL", "UAH"])  // largest value first
    }

    @Test func oneAssetsPricesAreAnAnnotatedLineOfTheDaysAsked() throws {
        let built = try build(.line) {
            $0.portfolio = nil
            $0.assets = ["AAPL"]
            $0.days = 7
        }
        let line = try #require(built.chart as? LineChart)
        // From the close 7 days back, the base of the change.
        #expect(line.annotateWindow && line.series[0].values == [183, 184, 185, 186, 187, 188, 189, 190])
        #expect(built.title == "AAPL price, last 7 days" && built.subtitle == "In USD · 3 Jan – 10 Jan 2024")
    }

    /// Cash has no prices of its own to show: the panels are of what the portfolio holds besides it.
    @Test func aPortfoliosPricesArePanelsOfWhatItHolds() throws {
        let built = try build(.smallMultiples) { $0.days = 7 }
        let panels = try #require(built.chart as? SmallMultiplesChart)
        #expect(panels.series.map(\.name) == ["AAPL · USD"])
    }
}
