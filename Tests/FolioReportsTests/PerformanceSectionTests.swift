import FolioAnalytics
import FolioCharts
import FolioCore
import FolioYAML
import Foundation
import Testing

@testable import FolioReports

/// The report's performance section: its table gives the figures `folio table performance` gives, the
/// benchmark comes from the definition, and a bad benchmark is a definition error.
@Suite struct PerformanceSectionTests {
    @Test func theTableHasEveryPeriodAndTheBenchmarkWhenOneIsNamed() throws {
        var input = SyntheticPortfolio.input(assets: 3, trades: 12)
        let plain = try PortfolioReportData(input, locale: .en).performanceTable()
        #expect(
            plain.columns.map(\.key) == [
                "period", "twr", "twr-annualised", "mwr", "xirr", "volatility", "sharpe", "sortino", "max-drawdown",
            ]
        )
        #expect(!plain.rows.isEmpty)
        input.benchmark = "S01"
        let data = PortfolioReportData(input, locale: .uk)
        let table = try data.performanceTable()
        #expect(table.columns.map(\.key).suffix(2) == ["benchmark", "difference"] && table.columns[9].title == "S01")
        // The same figures as the analytics compute, to the digit shown.
        let history = input.inputs.performance(endingAt: input.asOf)!
        let benchmark = Benchmark("S01", on: history.returns, rates: input.rates, base: input.portfolio.baseCurrency)
        let last = try #require(history.periods(benchmark: benchmark).last)
        let percent = NumberFormat(locale: .uk, style: .percent(2))
        #expect(table.rows.last?[1].text == percent.string(last.timeWeighted!))
        #expect(table.rows.last?[9].text == percent.string(last.benchmark!))
        // Under a year there is no rate per year: the period's own money-weighted return, and "—".
        for (row, p) in zip(table.rows, history.periods(benchmark: benchmark)) {
            let underAYear = p.from.distance(to: p.to) + 1 < 365
            #expect((row[2].text == "—" && row[4].text == "—") == underAYear, "\(p.period)")
            #expect(row[3].text == (p.moneyWeighted.map { percent.string($0) } ?? "—"), "\(p.period)")
        }
        #expect(table.rows.last?[0].text == "З початку")
    }

    @Test func theDrawdownsTableSaysWhichFallIsNotRecovered() throws {
        let input = SyntheticPortfolio.input(assets: 3, trades: 12)
        let history = try #require(input.inputs.performance(endingAt: input.asOf))
        let expected = Array(history.drawdowns.drawdowns.prefix(5))
        for locale in [ChartLocale.en, .uk] {
            let table = try PortfolioReportData(input, locale: locale).drawdownsTable()
            #expect(table.columns.map(\.key) == ["start", "trough", "recovery", "depth", "days"])
            #expect(table.rows.count == expected.count && !expected.isEmpty)
            for (row, d) in zip(table.rows, expected) {
                #expect(row[0].text == DateText.date(d.start, locale: locale))
                #expect(
                    row[2].text
                        == (d.recovery.map { DateText.date($0, locale: locale) }
                            ?? (locale == .uk ? "ще ні" : "not yet"))
                )
                #expect(row[3].text == NumberFormat(locale: locale, style: .percent(2)).string(d.depth))
            }
        }
    }

    @Test func theDefinitionNamesTheBenchmark() throws {
        let parser = DefinitionParser(file: "mine.yaml")
        #expect(
            try parser.parse("benchmark: btc\npages: [{blocks: [{kind: table, data: performance}]}]").benchmark == "BTC"
        )
        #expect(
            try DefinitionParser.load(ReportFiles.root.appendingPathComponent("reports/portfolio.yaml")).benchmark
                == "USD"
        )
        #expect(throws: DefinitionError.self) {
            try parser.parse("benchmark: \"B T C\"\npages: [{blocks: [{kind: page-break}]}]")
        }
    }
}
