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

    /// The report's tables and `folio table`'s are written from the same columns: each column the report
    /// shows is the folio table's column of the same case, holding the same figure (the report's a
    /// fraction, the table's in percent where it is a return).
    @Test func theReportShowsTheFolioTablesFiguresColumnByColumn() throws {
        var input = SyntheticPortfolio.input(assets: 3, trades: 12)
        input.benchmark = "S01"
        let data = PortfolioReportData(input, locale: .en)
        let history = try #require(input.inputs.performance(endingAt: input.asOf))
        let benchmark = Benchmark("S01", on: history.returns, rates: input.rates, base: input.portfolio.baseCurrency)
        let folio = PeriodPerformance.table(history.periods(benchmark: benchmark), benchmark: "S01")
        let report = try data.performanceTable()
        #expect(report.rows.count == folio.rows.count && !report.rows.isEmpty)
        var compared = 0
        for (c, key) in report.columns.map(\.key).enumerated() {
            let column = try #require(PeriodPerformance.Column.allCases.first { $0.key == key }, "\(key)")
            guard column != .period else { continue }
            let name = column == .benchmark ? "s01" : column.rawValue
            for (i, row) in report.rows.enumerated() {
                let figure = folio.number(i, name).map { column.isRatio ? $0 : $0 / 100 }
                #expect(close(row[c].sortNumber, figure), "\(key) row \(i)")
                compared += figure == nil ? 0 : 1
            }
        }
        #expect(compared > 20)
        let drawdowns = try data.drawdownsTable()
        let listed = history.drawdowns.table()
        #expect(!drawdowns.rows.isEmpty)
        for column in [DrawdownSeries.Column.depth, .days] {
            let c = try #require(drawdowns.columns.firstIndex { $0.key == column.key })
            for (i, row) in drawdowns.rows.enumerated() {
                let figure = listed.number(i, column.rawValue).map { column == .depth ? $0 / 100 : $0 }
                #expect(close(row[c].sortNumber, figure), "\(column) row \(i)")
            }
        }
    }

    private func close(_ a: Double?, _ b: Double?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return abs(a - b) <= 1e-12 * max(1, abs(a))
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
