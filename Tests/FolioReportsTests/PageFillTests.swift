import FolioCharts
import FolioCore
import FolioDeliver
import FolioInputs
import FolioRender
import FolioStore
import Testing

@testable import FolioReports

/// Pages with holes (issue 19): the demo's reports, laid out as `folio report` lays them out (the real
/// fonts' measurer), leave no page more than a third empty except the last page of a section.
@Suite struct PageFillTests {
    /// Each report's pages as laid out, with its content rectangle.
    func layouts(_ locale: ChartLocale) throws -> [(name: String, content: Rect, pages: [LaidOutPage])] {
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        let measurer = try Renderer().measurer
        func builder(_ name: String) throws -> ReportBuilder {
            ReportBuilder(definition: try ReportFiles.builtIn(name), theme: .light, locale: locale, measurer: measurer)
        }
        let portfolio = try builder("portfolio")
        let reports = PortfolioReports(portfolio: "Demo UAH", locale: locale).following(portfolio.definition)
        let market = try builder("market")
        let budget = try builder("budget")
        let tax = try builder("tax")
        let dsx = PortfolioReports(portfolio: "DSX crypto", locale: locale).following(portfolio.definition)
        let rates = try TaxRatesFile.load(ReportFiles.reports.appendingPathComponent("tax-rates.yaml"))
        return [
            (
                "portfolio DSX", portfolio.composer.content,
                try portfolio.pages(PortfolioReportData(try dsx.input(store), locale: locale))
            ),
            (
                "tax", tax.composer.content,
                try tax.pages(
                    TaxReportData(
                        try TaxReportInput.load(
                            store,
                            portfolio: "Demo UAH",
                            year: 2017,
                            rates: rates,
                            stampNow: false
                        ),
                        locale: locale
                    )
                )
            ),
            (
                "portfolio", portfolio.composer.content,
                try portfolio.pages(PortfolioReportData(try reports.input(store), locale: locale))
            ),
            (
                "market", market.composer.content,
                try market.pages(
                    MarketReportData(
                        try MarketReportInput.load(store, currency: .uah, asOf: nil, stampNow: false),
                        locale: locale
                    )
                )
            ),
            (
                "budget", budget.composer.content,
                try budget.pages(
                    BudgetReportData(
                        try BudgetReportInput.load(store, currency: .uah, asOf: nil, stampNow: false),
                        locale: locale
                    )
                )
            ),
        ]
    }

    @Test(arguments: ChartLocale.allCases) func noPageIsMoreThanAThirdEmptyButASectionsLast(locale: ChartLocale) throws
    {
        for (name, content, pages) in try layouts(locale) {
            PageChecks.verify(pages, content: content)
            #expect(pages.last?.endsSection == true)
            for (n, page) in pages.enumerated() where !page.endsSection {
                let bottom = page.blocks.map(\.rect.maxY).max() ?? content.minY
                let empty = content.maxY - bottom
                #expect(
                    empty <= content.height / 3,
                    "\(name) (\(locale)) page \(n + 1): \(Int(empty)) of \(Int(content.height)) points empty"
                )
            }
        }
    }

    /// The last page of a section may be short, but not near-empty: a tax report's one sentence about
    /// dividends, a budget's two category tables, a portfolio's list of negative balances alone on a page
    /// were each a page with a fifth of it used. Every page but the report's last is at least half full.
    @Test(arguments: ChartLocale.allCases) func noPageIsNearEmpty(locale: ChartLocale) throws {
        for (name, content, pages) in try layouts(locale) {
            for (n, page) in pages.enumerated().dropLast() {
                let bottom = page.blocks.map(\.rect.maxY).max() ?? content.minY
                let used = (bottom - content.minY) / content.height
                #expect(used >= 0.5, "\(name) (\(locale)) page \(n + 1): \(Int(used * 100)) % used")
            }
        }
    }
}
