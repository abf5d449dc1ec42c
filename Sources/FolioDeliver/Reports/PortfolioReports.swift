import FolioCharts
import FolioCore
import FolioInputs
import FolioRender
import FolioReports
import FolioStore
import Foundation

/// One portfolio's reports, as `folio report` and `folio mail --report` render them: the same input,
/// as-of day and files, so that a mailed chart is the chart the report command writes.
public struct PortfolioReports: Sendable {
    public var portfolio: String
    /// nil: the last day on which every holding has a quote.
    public var asOf: Day?
    public var locale: ChartLocale
    public var theme: Theme
    /// Stamp the real time instead of the as-of day (the output then differs from run to run).
    public var stampNow = false
    /// What the portfolio's returns are compared with; its quotes are read with the portfolio's.
    public var benchmark: AssetCode?
    /// The benchmark came from the definition, not from the user: a database without its quotes gets a
    /// report without a benchmark rather than no report.
    var benchmarkIsDefault = false
    /// The daily image set as the portfolio definition describes it (`following(_:)`).
    public var daily = DailyChartSet()

    public init(
        portfolio: String,
        asOf: Day? = nil,
        locale: ChartLocale = .en,
        theme: Theme = .light,
        stampNow: Bool = false,
        benchmark: AssetCode? = nil
    ) {
        self.portfolio = portfolio
        self.asOf = asOf
        self.locale = locale
        self.theme = theme
        self.stampNow = stampNow
        self.benchmark = benchmark
    }

    /// These reports as `definition` (the portfolio report's) says: its benchmark unless one is set, and
    /// whether the daily set draws the performance charts.
    public func following(_ definition: ReportDefinition) -> PortfolioReports {
        var copy = self
        copy.benchmark = benchmark ?? definition.benchmark
        copy.benchmarkIsDefault = benchmark == nil
        copy.daily = DailyChartSet(definition)
        return copy
    }

    /// Days before as-of whose quotes a report reads whole: its 7-day lines (`ChangeWindow`) start at the
    /// last quote at or before 7 days earlier.
    static let wholeDays = 7

    /// The portfolio's ledger and rates at the as-of day; prices from `prices` (default: the store).
    public func input(_ store: Store, prices: (any PriceBookSource)? = nil) throws -> PortfolioReportInput {
        let ledger = try PortfolioLedger.load(store, portfolio: portfolio)
        let found = try asOf == nil ? AsOf.portfolioDay(ledger, prices: prices ?? store) : nil
        let day = asOf ?? found?.day ?? Day(Date())
        // Lines of the last days (the 7-day prices, the daily images) are drawn from every quote; the
        // rest of the report values day ends and the ledger's moments.
        let inputs = try PortfolioInputs.loadValued(
            ledger,
            prices: prices ?? store,
            options: MarketOptions(assets: benchmark.map { [$0] }),
            asOf: day,
            wholeDays: Self.wholeDays
        )
        var benchmark = benchmark
        if let code = benchmark, !inputs.market.book.assets.contains(code) {
            guard benchmarkIsDefault else {
                throw ArgumentError("--benchmark", "no quotes of \(code) (see `folio info`)")
            }
            benchmark = nil
        }
        // The base against itself is a flat line: no benchmark.
        var input = PortfolioReportInput(
            inputs,
            asOf: day,
            generated: stampNow ? Date() : nil,
            benchmark: benchmark == inputs.portfolio.baseCurrency ? nil : benchmark
        )
        // Said only when the holdings that set the day are the lesser part of the value (a 0.3 % EUR
        // position moving the whole report back); stocks whose quotes end before the cash's are the day.
        if let setBy = found?.setBy {
            let assets = inputs.valuation(at: day).assets
            let total = assets.map { abs($0.value ?? 0) }.reduce(0, +)
            let setting = assets.filter { setBy.assets.contains($0.asset) }.map { abs($0.value ?? 0) }.reduce(0, +)
            input.asOfSetBy = total > 0 && setting / total < 0.5 ? setBy : nil
        }
        return input
    }

    /// The daily PNG set (allocation, value over 30 days, 7-day lines of the largest holdings) with
    /// stable file names, each written atomically; returns the files in order.
    func writeDaily(_ data: PortfolioReportData, renderer: Renderer, into directory: URL) throws -> [URL] {
        try FileError.createDirectory(directory)
        return try daily.images(data, theme: theme).map { image in
            let url = directory.appendingPathComponent(image.fileName)
            try renderer.writePNG(renderer.scene(image.chart), to: url, scale: daily.scale)
            return url
        }
    }

    /// The portfolio report as a PDF laid out by `definition` (parsed once by a caller that renders many);
    /// returns the page count.
    public func writePDF(
        _ data: PortfolioReportData,
        definition: ReportDefinition,
        renderer: Renderer,
        to url: URL
    ) throws -> Int {
        let builder = ReportBuilder(definition: definition, theme: theme, locale: locale, measurer: renderer.measurer)
        let scenes = try builder.scenes(data)
        let created = ReportStamp.creationDate(data.input.asOf, generated: data.input.generated)
        try renderer.writePDF(scenes, to: url, metadata: PDFMetadata(title: builder.title(data), creationDate: created))
        return scenes.count
    }
}
