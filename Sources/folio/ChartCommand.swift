import ArgumentParser
import Foundation
import FolioCharts
import FolioRender

struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a chart from the database as PNG, PDF or SVG.",
        // ArgumentParser wraps help text at 80 columns, so these lines are kept shorter than that.
        discussion: """
            Kinds:
              line         prices over the last --days (7) days; one asset gets
                           min/max/average markers and the change; several share
                           one axis when their prices are alike, else they
                           become small multiples
              compare      assets rebased to 100 at the start (--method min-max
                           for 0…1) over --days (90)
              pie, donut   a portfolio's allocation --by asset, kind or currency;
                           --by category: budget spending over --months
              bars         a portfolio's value per asset at each month end of
                           the last --months (12), or --percent
              hbars        a portfolio's deposits and withdrawals by month over
                           the last --months (12)
              correlation  daily returns of a portfolio's holdings (or of
                           --asset …) over --days (365)
              table        a portfolio's holdings: quantity, price, value, share

            --as-of defaults to the last day with data: the assets' last quote;
            for a portfolio, the last day all its holdings have quotes.
            On failure nothing is written and one line names the argument.

            Examples:
              folio chart line --asset AAPL --out aapl.png
              folio chart line --asset AAPL --currency UAH --locale uk \\
                --theme dark --out aapl.pdf
              folio chart line --asset AAPL MSFT GOOGL --out stocks.svg
              folio chart compare --asset BTC ETH LTC --days 180 --out c.png
              folio chart donut --portfolio "Demo UAH" --by kind --out k.png
              folio chart pie --by category --locale uk --out spending.png
              folio chart bars --portfolio "Demo UAH" --percent \\
                --size 1600x900 --scale 2 --out months.png
              folio chart hbars --portfolio "DSX crypto" --out flows.pdf
              folio chart correlation --portfolio "DSX crypto" --out c.png
              folio chart table --portfolio "Demo UAH" --out holdings.pdf
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: "line, compare, pie, donut, bars, hbars, correlation or table.")
    var kind: String

    @Option(help: "The portfolio (pie, donut, bars, hbars, correlation, table).")
    var portfolio: String?

    @Option(name: .customLong("asset"), parsing: .upToNextOption,
            help: ArgumentHelp("Asset codes (line, compare, correlation): --asset AAPL MSFT or repeated.", valueName: "code"))
    var assets: [String] = []

    @Option(name: .customLong("as-of"), help: ArgumentHelp("Last day shown, YYYY-MM-DD (default: last day with data).", valueName: "day"))
    var asOf: String?

    @Option(help: "Days up to --as-of (line 7, compare 90, correlation 365).")
    var days: Int?

    @Option(help: "Months up to --as-of (bars, hbars, pie/donut --by category).")
    var months: Int = 12

    @Option(help: "The currency prices and values are shown in (default: the asset's own, or the portfolio's base).")
    var currency: String?

    @Option(help: "pie/donut grouping: asset, kind, currency, or category (budget spending).")
    var by: String = "asset"

    @Flag(help: "bars: each asset's share of the month's value instead of values.")
    var percent = false

    @Option(help: "compare: rebased (100 at the start) or min-max (each series spans 0…1).")
    var method: String = "rebased"

    @Option(help: ArgumentHelp("Canvas size in points, WIDTHxHEIGHT.", valueName: "size"))
    var size: String = "1200x675"

    @Option(help: "Pixels per point for PNG (2 for high-density screens).")
    var scale: Double = 1

    @Option(help: "light or dark.")
    var theme: String = "light"

    @Option(help: "en or uk: language, numbers and dates.")
    var locale: String = "en"

    @Option(help: "Title instead of the generated one.")
    var title: String?

    @Option(help: ArgumentHelp("The file to write: .png, .pdf or .svg.", valueName: "file"))
    var out: String

    func run() throws {
        // Every argument is checked before the database is opened, so a typo costs nothing and writes nothing.
        let request = try ChartRequest(self)
        let store = try database.openForReading()
        let document = try ChartDocument.make(request, store: store)
        for warning in document.warnings { FileHandle.standardError.write(Data(("warning: " + warning + "\n").utf8)) }
        try Renderer().write(document.spec, to: request.out, scale: request.scale, metadata: document.metadata)
    }
}
