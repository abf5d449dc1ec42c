import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation
import Testing

@testable import FolioReports

/// The portfolio report's "Where the return came from": the waterfall since inception and for the last
/// calendar year, each tall enough for its ticks, and the contribution table of the ten largest holdings,
/// which still adds up, with the other tables by holding.
@Suite struct AttributionSectionTests {
    func d(_ text: String) -> Day { Day(iso: text)! }
    func close(_ a: Double?, _ b: Double, _ tolerance: Double) -> Bool {
        a.map { abs($0 - b) <= tolerance * max(1, abs(b)) } ?? false
    }

    @Test(arguments: ChartLocale.allCases) func theSectionHasBothWaterfallsAndTheTable(locale: ChartLocale) throws {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let input = SyntheticPortfolio.input(assets: 14, trades: 40)
        let data = PortfolioReportData(input, locale: locale)
        let pages = try builder.pages(data)
        let strings = Catalogue.for(locale)
        let heading = try #require(
            pages.firstIndex {
                $0.blocks.contains { ($0.block as? HeadingBlock)?.text == strings[.whereReturnCameFrom] }
            }
        )
        // The section fits one page: its heading and both waterfalls, each at least 180 points high
        // (CHART-STYLE.md's bridges).
        let blocks = pages[heading].blocks.map(\.block)
        let waterfalls = blocks.compactMap { ($0 as? ChartBlock)?.chart as? WaterfallChart }
        #expect(waterfalls.count == 2)
        #expect(waterfalls.allSatisfy { $0.frame.height >= 180 }, "\(waterfalls.map(\.frame.height))")
        #expect(waterfalls.allSatisfy { $0.bars.first?.kind == .total && $0.bars.last?.kind == .total })
        // As of 28 Jun 2024 the last calendar year is 2023; the history starts on 1 Sep 2023.
        #expect(
            waterfalls.map(\.frame.subtitle) == [
                strings.attributionSubtitle("USD", try DayRange(from: d("2023-09-01"), to: d("2024-06-28"))),
                strings.attributionSubtitle("USD", try DayRange(from: d("2023-09-01"), to: d("2023-12-31"))),
            ]
        )
        // The contribution of each holding comes right after the holdings, with the other tables by holding.
        let tables = pages.flatMap(\.blocks).compactMap { $0.block as? TableBlock }
        let holdings = try #require(tables.firstIndex { $0.source == "holdings" })
        let table = tables[holdings + 1]
        #expect(table.source == "attribution")
        #expect(table.rows.count == 12, "ten holdings, Other and Total")
        #expect(
            table.rows.last?.first?.text == strings[.total] && table.rows[10].first?.text == strings.otherHoldings(4),
            "14 stocks; the dollars, the base currency, earned nothing and take no row"
        )
        // The end bar of since inception is the report's value, the figure of page 1.
        #expect(
            close(waterfalls[0].bars.last?.value, try #require(input.inputs.valuation(at: input.asOf).total), 1e-12)
        )
    }

    @Test func theTableKeepsTheTenLargestByValueAndAddsUp() throws {
        let input = SyntheticPortfolio.input(assets: 14, trades: 40)
        let table = try #require(try PortfolioReportData(input, locale: .en).table("attribution"))
        let history = try #require(input.inputs.performance(endingAt: input.asOf))
        let attribution = ReturnAttribution(
            history: history,
            replay: input.replay,
            trades: input.inputs.trades,
            cashTransactions: input.inputs.cashTransactions,
            rates: input.rates
        )
        let c = attribution.contributions(over: try DayRange(from: try #require(attribution.inception), to: input.asOf))
        // The dollars, cash in the base currency, contributed nothing and take no row.
        let largest = c.rows.filter { $0.asset != "USD" }.sorted { ($0.end ?? 0) > ($1.end ?? 0) }.prefix(10)
            .map(\.asset.rawValue)
        #expect(table.rows.map { $0[0].text } == largest)
        // Every column of the ten and Other adds up to the Total row, to the cent shown.
        for column in 1...5 {
            let sum = (table.rows + [table.totals[0]]).map { $0[column].sortNumber ?? .nan }.reduce(0, +)
            #expect(abs(sum - (table.totals[1][column].sortNumber ?? .nan)) < 0.005, "\(table.columns[column].key)")
        }
        #expect(
            table.totals[1][5].text == NumberFormat(locale: .en, style: .decimal(2)).string(try #require(c.total.total))
        )
        #expect(close(table.totals[1][6].sortNumber, try #require(history.returns.compounded(over: c.range)), 1e-12))
    }
}
