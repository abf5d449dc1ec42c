import FolioCharts
import FolioCore
import FolioYAML
import Foundation
import Testing

@testable import FolioReports

@Suite struct DailyChartSetTests {
    /// The dividends estimated within 31 days, listed when there are any: three payers paid 350, 345
    /// and 340 days before the as-of day recur twelve months later, 16, 21 and 26 days after it (the
    /// year between has a 29 February).
    @Test func nextPaymentsOnlyWhenADividendIsDueWithinAMonth() throws {
        let none = PortfolioReportData(SyntheticPortfolio.input(assets: 8, trades: 16), locale: .en)
        #expect(!(try DailyChartSet().images(none, theme: .light)).contains { $0.fileName == "next-payments.png" })
        let input = SyntheticPortfolio.input(assets: 8, trades: 16, dividends: true)
        let data = PortfolioReportData(input, locale: .en)
        let image = try #require(
            try DailyChartSet().images(data, theme: .light).first { $0.fileName == "next-payments.png" }
        )
        let table = try #require(image.chart as? TableChart)
        let due = data.incomeProjection.projected.filter { $0.day <= input.asOf.advanced(by: 31) }
        #expect(due.map { $0.day.daysSinceEpoch - input.asOf.daysSinceEpoch } == [16, 21, 26])
        #expect(table.rows.count == due.count + 1, "each payment and the total")
        let net = NumberFormat(locale: .en, style: .decimal(2)).string(due.compactMap(\.netInBase).reduce(0, +))
        #expect(table.rows.last?.last?.string() == net)
        #expect(image.chart.frame.subtitle == "Estimated net of tax, USD · 29 Jun – 29 Jul 2024")
    }

    @Test func stableNamesForTheLargestHoldings() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 8, trades: 16), locale: .en)
        let images = try DailyChartSet().images(data, theme: .light)
        let names = images.map(\.fileName)
        #expect(names.prefix(2) == ["allocation.png", "value-30d.png"])
        #expect(names.count == 7)
        // The value image is the report's "1 month" tile: its days and its return.
        let value = try #require(images[1].chart as? LineChart)
        let tile = try #require(data.tile(.change1m))
        let month = try #require(value.headlineChange?.fraction)
        #expect(tile.detail.hasPrefix(NumberFormat(locale: .en, style: .percent(2), explicitPlus: true).string(month)))
        let first = try #require(value.series.first?.times.first)
        #expect(Day(Date(timeIntervalSince1970: first)) == data.input.asOf.addingMonths(-1), "\(tile.detail)")
        #expect(
            names.dropFirst(2).enumerated().allSatisfy {
                $1.hasPrefix("holding-\($0 + 1)-S") && $1.hasSuffix("-7d.png")
            }
        )
        // Same data, same names and charts: the set can be cached and mailed by name.
        let measurer = ApproximateMeasurer()
        #expect(
            try DailyChartSet().images(data, theme: .light).map { $0.chart.scene(measurer: measurer) }
                == images.map { $0.chart.scene(measurer: measurer) }
        )
        // Drawn for a phone, 390 × 300 points written at 3 pixels a point and shown 375 CSS pixels wide:
        // the title's capitals are at least 14 CSS pixels tall and the as-of line's digits 8 (Noto Sans'
        // capitals and digits are 0.714 of the font size); the title names the portfolio; four ticks.
        let set = DailyChartSet()
        #expect(set.scale == 3 && set.width == 390)
        let css = 375 / set.width
        for image in images {
            let scene = image.chart.scene(measurer: ApproximateMeasurer())
            #expect(scene.width == 390 && scene.height == 300)
            #expect(scene.texts.allSatisfy { scene.bounds.contains($0.box) }, "\(image.fileName)")
            let title = try #require(scene.texts.first { $0.role == .title })
            let asOf = try #require(scene.texts.first { $0.role == .footnote })
            #expect(title.size * 0.714 * css >= 14 && asOf.size * 0.714 * css >= 8, "\(image.fileName)")
            #expect(title.text.hasPrefix("Synthetic 8 · "), "\(title.text)")
            #expect(image.chart.frame.maxTicks == 4)
        }
    }

    @Test func emptyPortfolioStillWritesItsChartsWithoutHoldings() throws {
        let data = PortfolioReportData(SyntheticPortfolio.input(assets: 0, trades: 0), locale: .uk)
        #expect(try DailyChartSet().images(data, theme: .dark).map(\.fileName) == ["allocation.png", "value-30d.png"])
    }

    @Test func theDefinitionCanAddTheDrawdownAndTheCumulativeReturn() throws {
        var input = SyntheticPortfolio.input(assets: 3, trades: 12)
        input.benchmark = "S01"
        let data = PortfolioReportData(input, locale: .uk)
        let images = try DailyChartSet(performance: true).images(data, theme: .light)
        #expect(images.map(\.fileName).suffix(2) == ["drawdown.png", "cumulative.png"])
        let cumulative = try #require(images.last?.chart as? LineChart)
        #expect(cumulative.series.map(\.name) == [input.portfolio.name, "S01"])
        let parser = DefinitionParser(file: "mine.yaml")
        #expect(try parser.parse("daily-performance: true\npages: [{blocks: [{kind: page-break}]}]").dailyPerformance)
        #expect(throws: DefinitionError.self) {
            try parser.parse("daily-performance: often\npages: [{blocks: [{kind: page-break}]}]")
        }
        #expect(try !parser.parse("daily-performance: Off\npages: [{blocks: [{kind: page-break}]}]").dailyPerformance)
        #expect(try parser.parse("daily-performance: YES\npages: [{blocks: [{kind: page-break}]}]").dailyPerformance)
        // Quoted, "true" is text, as YAML has it.
        #expect(throws: DefinitionError.self) {
            try parser.parse("daily-performance: \"true\"\npages: [{blocks: [{kind: page-break}]}]")
        }
    }
}
