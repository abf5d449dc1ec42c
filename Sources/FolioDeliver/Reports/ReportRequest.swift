import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioRender
import FolioReports
import FolioStore
import Foundation

/// One report to render, typed, as `folio report` reads it from its options.
public struct ReportRequest: Sendable {
    public enum Name: String, Sendable, CaseIterable { case portfolio, market, budget, daily, tax }

    public var name: Name
    public var portfolio: String?
    /// nil: the last day with data of the report's subject (`AsOf`).
    public var asOf: Day?
    /// Budget: the currency totals are in; market: the currency rates are in.
    public var currency: AssetCode = .uah
    public var locale: ChartLocale = .en
    public var theme: Theme = .light
    /// A definition to use instead of the built-in one.
    public var definition: URL?
    /// The PDF, or for `daily` the directory of the images.
    public var out: URL
    /// Stamp the real time instead of the as-of day (the output then differs from run to run).
    public var stampNow = false
    /// Portfolio: what its returns are compared with, instead of the definition's `benchmark`.
    public var benchmark: AssetCode?
    /// Tax: the year declared, and the rates of `--tax-rates` (else of `reports/tax-rates.yaml`), read.
    public var year: Int?
    public var taxRates: TaxRates?

    public init(name: Name, out: URL) {
        self.name = name
        self.out = out
    }

    /// Refuses a request that cannot be rendered, naming the option.
    public func validate() throws {
        if name == .tax, year == nil {
            throw ArgumentError("--year", "required for the tax report (the year to declare, e.g. --year 2024)")
        }
        if name == .tax, asOf != nil {
            throw ArgumentError("--as-of", "not used by the tax report, which covers --year")
        }
        if name == .portfolio || name == .daily || name == .tax, portfolio == nil {
            throw ArgumentError("--portfolio", "required for the \(name.rawValue) report")
        }
        if name != .daily, out.pathExtension.lowercased() != "pdf" {
            throw ArgumentError("--out", "expected a file ending in .pdf, got \"\(out.path)\"")
        }
    }
}

/// What a report wrote: the files, and for a PDF the line that says so.
public struct ReportOutcome: Sendable {
    public var files: [URL]
    /// "out/portfolio.pdf: 11 pages, portfolio as of 2018-02-07" (for stderr); nil for the daily set.
    public var summary: String?
    /// What its charts and tables left out, a line each (for stderr; the pages name it too).
    public var warnings: [String] = []
}

extension ReportRequest {
    /// The pipeline of `folio report`: definition (YAML) + the subject's data from the store → pages
    /// (FolioReports) → one PDF (FolioRender), written atomically; or the daily PNG set.
    public func render(store: Store) throws -> ReportOutcome {
        try validate()
        let renderer = try Renderer()
        if name == .daily {
            let portfolioDefinition = try definition.map(DefinitionParser.load) ?? ReportDefinition.builtIn("portfolio")
            let reports = portfolioReports.following(portfolioDefinition)
            let data = PortfolioReportData(try reports.input(store), locale: locale)
            return ReportOutcome(
                files: try reports.writeDaily(data, renderer: renderer, into: out),
                summary: nil,
                warnings: data.warnings
            )
        }
        let spec = try definition.map(DefinitionParser.load) ?? ReportDefinition.builtIn(name.rawValue)
        let builder = ReportBuilder(definition: spec, theme: theme, locale: locale, measurer: renderer.measurer)
        let day: Day
        let generated: Date?
        let scenes: [Scene]
        let title: String
        let warnings: [String]
        switch name {
        case .portfolio, .daily:
            let input = try portfolioReports.following(spec).input(store)
            day = input.asOf
            generated = input.generated
            let data = PortfolioReportData(input, locale: locale)
            (scenes, title, warnings) = (try builder.scenes(data), builder.title(data), data.warnings)
        case .market:
            let input = try MarketReportInput.load(store, currency: currency, asOf: asOf, stampNow: stampNow)
            day = input.asOf
            generated = input.generated
            let data = MarketReportData(input, locale: locale)
            (scenes, title, warnings) = (try builder.scenes(data), builder.title(data), data.warnings)
        case .budget:
            let input = try BudgetReportInput.load(store, currency: currency, asOf: asOf, stampNow: stampNow)
            day = input.asOf
            generated = input.generated
            let data = BudgetReportData(input, locale: locale)
            (scenes, title, warnings) = (try builder.scenes(data), builder.title(data), data.warnings)
        case .tax:
            let rates = try taxRates ?? TaxRatesFile.load(path: nil)
            let input = try TaxReportInput.load(
                store,
                portfolio: portfolio ?? "",
                year: year ?? 0,
                rates: rates,
                stampNow: stampNow
            )
            day = input.asOf
            generated = input.generated
            let data = TaxReportData(input, locale: locale)
            (scenes, title, warnings) = (try builder.scenes(data), builder.title(data), data.warnings)
        }
        try renderer.writePDF(
            scenes,
            to: out,
            metadata: PDFMetadata(title: title, creationDate: ReportStamp.creationDate(day, generated: generated))
        )
        let subject = name == .tax ? "tax year \(year ?? 0)" : "\(name.rawValue) as of \(day.iso)"
        return ReportOutcome(
            files: [out],
            summary: "\(out.relativePath): \(scenes.count) pages, \(subject)",
            warnings: warnings
        )
    }

    var portfolioReports: PortfolioReports {
        PortfolioReports(
            portfolio: portfolio ?? "",
            asOf: asOf,
            locale: locale,
            theme: theme,
            stampNow: stampNow,
            benchmark: benchmark
        )
    }
}

extension MarketReportInput {
    /// Rates in `currency` on every market with their sources for the last two weeks, and the crypto
    /// market's figures, as of `asOf` or else the last day quoted in `currency`.
    public static func load(_ store: Store, currency: AssetCode, asOf: Day?, stampNow: Bool) throws -> MarketReportInput
    {
        let market = try MarketInputs.load(store, options: MarketOptions())
        let day = asOf ?? MarketReportInput.lastQuotedDay(book: market.book, currency: currency) ?? Day(Date())
        // Rates keep their source here (on banks' markets it names the bank), which the price book does not.
        var rateQuotes: [Quote] = []
        for asset in market.assets where asset.kind == .fiat && asset.code != currency {
            rateQuotes += try store.quotes(
                asset: asset.code,
                currency: currency,
                from: day.advanced(by: -MarketReportInput.rateLookbackDays).start,
                to: day.end
            )
        }
        let subjects = [MarketStatistic.cryptoMarket] + market.assets.filter { $0.kind == .crypto }.map(\.code.rawValue)
        let statistics = try subjects.flatMap { try store.marketStatistics(subject: $0) }
        return MarketReportInput(
            book: market.book,
            rates: market.rates,
            assets: market.assets,
            currency: currency,
            asOf: day,
            generated: stampNow ? Date() : nil,
            rateQuotes: rateQuotes,
            statistics: statistics
        )
    }
}

extension BudgetReportInput {
    /// The budget's entries, with rates only when some entry is in another currency than `currency`,
    /// as of `asOf` or else the last entry's day.
    public static func load(_ store: Store, currency: AssetCode, asOf: Day?, stampNow: Bool) throws -> BudgetReportInput
    {
        let entries = try store.budgetEntries()
        let rates =
            entries.contains { $0.currency != currency }
            ? try MarketInputs.load(store, options: MarketOptions()).rates : nil
        let day = asOf ?? AsOf.budget(entries) ?? Day(Date())
        return BudgetReportInput(
            entries: entries,
            currency: currency,
            rates: rates,
            asOf: day,
            generated: stampNow ? Date() : nil
        )
    }
}
