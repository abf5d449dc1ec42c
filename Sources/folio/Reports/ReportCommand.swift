import ArgumentParser
import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioRender
import FolioReports
import FolioStore

/// `folio report NAME`: a definition (built-in `reports/NAME.yaml` or `--definition FILE`) filled with the
/// analytics of one portfolio and written as a multi-page PDF.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a multi-page PDF report from a definition in reports/.",
        discussion: """
            Reports: portfolio (needs --portfolio), market (rates in --currency by market, crypto coins), budget (the month of --as-of, totalled in --currency), and daily (needs --portfolio; allocation.png, value-30d.png and holding-N-CODE-7d.png for the five largest holdings, written into the directory --out names).

            The same database and --as-of give the same PDF bytes: the creation date and the "generated" stamp come from the as-of day unless --now is given. --as-of defaults to the last day on which every holding has a quote (portfolio), the last budget entry (budget), or the last quote in --currency (market).

            Examples:
              folio report portfolio --portfolio "Demo UAH" --locale uk --out out/portfolio-uk.pdf
              folio report portfolio --portfolio "Demo UAH" --as-of 2017-06-30 --theme dark --out report.pdf
              folio report portfolio --portfolio "Demo UAH" --definition my-portfolio.yaml --out mine.pdf
              folio report market --currency UAH --locale uk --out out/market-uk.pdf
              folio report budget --as-of 2026-11-30 --locale uk --out out/budget-uk.pdf
              folio report daily --portfolio "Demo UAH" --out out/daily
            """
    )

    enum Name: String, ExpressibleByArgument, CaseIterable { case portfolio, market, budget, daily }
    enum Locale: String, ExpressibleByArgument, CaseIterable { case uk, en }
    enum ThemeName: String, ExpressibleByArgument, CaseIterable { case light, dark }

    @Argument(help: "The report: portfolio, market, budget, or daily (PNG images into the --out directory).") var name: Name
    @OptionGroup var database: DatabaseOptions
    @Option(help: "The portfolio to report on.") var portfolio: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The report day, YYYY-MM-DD.", valueName: "day")) var asOf: String?
    @Option(help: ArgumentHelp("Budget: the currency totals are in; market: the currency rates are in.", valueName: "code")) var currency: String = "UAH"
    @Option(help: "uk or en: labels, numbers and dates.") var locale: Locale = .en
    @Option(help: "light or dark.") var theme: ThemeName = .light
    @Option(help: ArgumentHelp("A report definition to use instead of the built-in one.", valueName: "file")) var definition: String?
    @Option(help: ArgumentHelp("The PDF to write (daily: the directory for the images).", valueName: "file.pdf|dir")) var out: String
    @Flag(help: "Stamp the real generation time (the PDF then differs from run to run).") var now = false

    func validate() throws {
        if name == .portfolio || name == .daily, portfolio == nil { throw ValidationError("--portfolio is required for the \(name.rawValue) report") }
        if let asOf, Day(iso: asOf) == nil { throw ValidationError("--as-of: expected a day as YYYY-MM-DD, got \"\(asOf)\"") }
        if name != .daily, !out.lowercased().hasSuffix(".pdf") { throw ValidationError("--out: expected a file ending in .pdf, got \"\(out)\"") }
    }

    func run() throws {
        if name == .daily { return try runDaily() }
        let definitionURL: URL
        if let definition {
            definitionURL = URL(fileURLWithPath: definition)
        } else {
            guard let url = DefinitionLocator.builtIn(name.rawValue, executable: FontLocator.executableURL()) else {
                throw ValidationError("reports/\(name.rawValue).yaml not found (set FOLIO_REPORTS to the reports directory)")
            }
            definitionURL = url
        }
        let spec = try DefinitionParser.load(definitionURL)
        let store = try database.openForReading()
        let chartLocale: ChartLocale = locale == .uk ? .uk : .en
        let renderer = try Renderer()
        let builder = ReportBuilder(definition: spec, theme: theme == .dark ? .dark : .light, locale: chartLocale,
                                    measurer: renderer.measurer)
        let day: Day
        let scenes: [Scene]
        let title: String
        switch name {
        case .portfolio, .daily:  // daily never gets here: run() hands it to runDaily() first
            let input = try portfolioReports.input(store)
            day = input.asOf
            let data = PortfolioReportData(input, locale: chartLocale)
            (scenes, title) = (try builder.scenes(data), builder.title(data))
        case .market:
            let market = try MarketInputs.load(store, options: MarketOptions())
            let code = AssetCode(currency.uppercased())
            day = asOf.flatMap { Day(iso: $0) } ?? MarketReportInput.lastQuotedDay(book: market.book, currency: code) ?? Day(Date())
            // Banks' cash and card quotes keep their source (the bank), which the price book does not.
            var bankQuotes: [Quote] = []
            for asset in market.assets where asset.kind == .fiat && asset.code != code {
                for m in [Market.cash, .card] {
                    bankQuotes += try store.quotes(asset: asset.code, currency: code, market: m, from: day.advanced(by: -7).start, to: day.end)
                }
            }
            let subjects = [MarketStatistic.cryptoMarket] + market.assets.filter { $0.kind == .crypto }.map(\.code.rawValue)
            let statistics = try subjects.flatMap { try store.marketStatistics(subject: $0) }
            let data = MarketReportData(MarketReportInput(book: market.book, rates: market.rates, assets: market.assets, currency: code,
                                                          asOf: day, generated: now ? Date() : day.start, bankQuotes: bankQuotes,
                                                          statistics: statistics),
                                        locale: chartLocale)
            (scenes, title) = (try builder.scenes(data), builder.title(data))
        case .budget:
            let entries = try store.budgetEntries()
            let code = AssetCode(currency.uppercased())
            // Quotes are loaded only when some entry is in another currency and must be converted.
            let rates = entries.contains { $0.currency != code } ? try MarketInputs.load(store, options: MarketOptions()).rates : nil
            day = asOf.flatMap { Day(iso: $0) } ?? entries.map(\.day).max() ?? Day(Date())
            let data = BudgetReportData(BudgetReportInput(entries: entries, currency: code, rates: rates, asOf: day,
                                                          generated: now ? Date() : day.start), locale: chartLocale)
            (scenes, title) = (try builder.scenes(data), builder.title(data))
        }
        let created = now ? ISOTime.format(Date()) : day.iso + "T00:00:00Z"
        try renderer.writePDF(scenes, to: URL(fileURLWithPath: out), metadata: PDFMetadata(title: title, creationDate: created))
        FileHandle.standardError.write(Data("\(out): \(scenes.count) pages, \(name.rawValue) as of \(day.iso)\n".utf8))
    }

    private var portfolioReports: PortfolioReports {
        PortfolioReports(portfolio: portfolio ?? "", asOf: asOf.flatMap { Day(iso: $0) }, locale: locale == .uk ? .uk : .en,
                         theme: theme == .dark ? .dark : .light, stampNow: now)
    }

    /// The daily PNG set: one image per chart, each written atomically into the --out directory.
    private func runDaily() throws {
        let reports = portfolioReports
        let data = PortfolioReportData(try reports.input(try database.openForReading()), locale: reports.locale)
        for url in try reports.writeDaily(data, renderer: try Renderer(), into: URL(fileURLWithPath: out, isDirectory: true)) {
            print(url.path)
        }
    }
}
