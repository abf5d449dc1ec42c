import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation
import Testing

@testable import FolioReports

/// The portfolio report's "Dividends and interest": only for a portfolio that was paid or expects a
/// payment; the chart of received and estimated months, and two tables whose totals are one number.
@Suite struct IncomeSectionTests {
    func pages(_ input: PortfolioReportInput, _ locale: ChartLocale) throws -> [LaidOutPage] {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        return try builder.pages(PortfolioReportData(input, locale: locale))
    }

    /// The blocks from `heading` to the next heading (a table's title is one).
    func blocks(after heading: String, in pages: [LaidOutPage]) -> [any LayoutBlock]? {
        let all = pages.flatMap { $0.blocks.map(\.block) }
        guard let start = all.firstIndex(where: { ($0 as? HeadingBlock)?.text == heading }) else { return nil }
        let rest = all[(start + 1)...]
        let end = rest.firstIndex { $0 is HeadingBlock } ?? all.endIndex
        return Array(all[(start + 1)..<end])
    }

    @Test(arguments: ChartLocale.allCases) func aPortfolioPaidNothingHasNoSection(locale: ChartLocale) throws {
        let pages = try pages(SyntheticPortfolio.input(assets: 5, trades: 10), locale)
        #expect(blocks(after: Catalogue.for(locale)[.dividendsAndInterest], in: pages) == nil)
    }

    @Test(arguments: ChartLocale.allCases) func thePaidAndTheEstimated(locale: ChartLocale) throws {
        let input = SyntheticPortfolio.input(assets: 5, trades: 10, dividends: true)
        let strings = Catalogue.for(locale)
        let blocks = try #require(blocks(after: strings[.dividendsAndInterest], in: try pages(input, locale)))
        let charts = blocks.compactMap { ($0 as? ChartBlock)?.chart as? BarChart }
        let chart = try #require(charts.first)
        // Three payers (a grey one as "Other"), each drawn once as received and once as estimated, in the
        // same order and colours.
        let paid = chart.series.filter { !$0.isEstimate }
        let estimated = chart.series.filter(\.isEstimate)
        #expect(paid.count == 3 && estimated.map(\.name) == paid.map(\.name))
        #expect(estimated.map(\.swatch) == paid.map(\.swatch))
        // The estimated bars are the projection's nets, month by month.
        let projection = IncomeProjection(
            trades: input.inputs.trades,
            cashTransactions: input.inputs.cashTransactions,
            valuation: input.inputs.valuation(at: input.asOf),
            rates: input.rates
        )
        let drawn = estimated.flatMap { $0.values.filter(\.isFinite) }.reduce(0, +)
        let projectedNet = projection.projected.compactMap(\.netInBase).reduce(0, +)
        #expect(abs(drawn - projectedNet) < 1e-9 * max(1, projectedNet))
        #expect(projection.projected.count == 12, "three payers, four quarters each")

        let tables = try pages(input, locale).flatMap { $0.blocks.compactMap { $0.block as? TableBlock } }
        let yields = try #require(tables.first { $0.source == "income-yield" })
        let next = try #require(tables.first { $0.source == "next-payments" })
        // The rows of the next payments add up to its total as printed, and that total is the yields'.
        let amount = NumberFormat(locale: locale, style: .decimal(2))
        let grossColumn = 2
        // In cents, as printed: "1,234.56" and "1 234,56" alike.
        func cents(_ text: String) -> Int? { Int(text.filter(\.isNumber)) }
        let printed = next.rows.dropLast().compactMap { cents($0[grossColumn].text) }
        #expect(printed.count == next.rows.count - 1)
        #expect(printed.reduce(0, +) == cents(try #require(next.rows.last?[grossColumn].text)))
        #expect(next.rows.count == 13)
        #expect(yields.rows.last?[grossColumn].text == next.rows.last?[grossColumn].text)
        #expect(
            next.rows.last?[grossColumn].text
                == amount.string(try #require(projection.portfolio.forwardGross))
        )
    }

    /// Interest is paid but never estimated: the chart of what was received, without the note and the
    /// tables of estimates.
    @Test(arguments: ChartLocale.allCases) func interestAloneHasTheChartAndNoEstimates(locale: ChartLocale) throws {
        let input = SyntheticPortfolio.input(assets: 5, trades: 10, interest: true)
        let laidOut = try pages(input, locale)
        let strings = Catalogue.for(locale)
        let section = try #require(blocks(after: strings[.dividendsAndInterest], in: laidOut))
        #expect(section.contains { ($0 as? ChartBlock)?.chart is BarChart })
        let tables = laidOut.flatMap { $0.blocks.compactMap { $0.block as? TableBlock } }
        #expect(!tables.contains { ["income-yield", "next-payments"].contains($0.source) })
        let texts = laidOut.flatMap { $0.blocks.compactMap { ($0.block as? TextBlock)?.text } }
        #expect(!texts.contains(strings[.incomeNote]))
    }
}
