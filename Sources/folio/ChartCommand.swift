import ArgumentParser
import FolioCharts
import FolioCore
import FolioDatasets
import FolioDeliver
import FolioInputs
import FolioRender
import Foundation

struct ChartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "chart",
        abstract: "Draw a chart from the database as PNG, PDF or SVG.",
        // ArgumentParser wraps help text at 80 columns, so these lines are kept shorter than that.
        discussion: """
            Kinds and what they draw unless --data names another dataset:
              line         prices over the last --days (7) days; one asset gets
                           min/max/average markers and the change; several share
                           one axis when their prices are alike, else they
                           become small multiples
              compare      assets rebased to 100 at the start (--normalise
                           min-max for 0…1) over --days (90)
              --log        line and compare on a log scale, for prices that
                           span many times over (BTC over five years)
              pie, donut   a portfolio's allocation --by asset, kind or currency;
                           --by category: budget expenses over --months (12)
              bars         a portfolio's value per asset at each month end of
                           the last --months (12), or --percent
              hbars        a portfolio's deposits and withdrawals by month over
                           the last --months (12)
              correlation  daily returns of a portfolio's holdings (or of
                           --asset …) over --days (365)
              table        a portfolio's holdings: kind, quantity, price, value,
                           share and the total
              small-multiples  one panel per asset, as line
              heatmap      a portfolio's time-weighted return of each month,
                           years down, the year's return last
              drawdown     how far a portfolio's time-weighted growth was
                           below its running peak each day, the deepest
                           trough marked
              waterfall    where a portfolio's return came from: the value
                           bridge over --period (since inception)

            --data draws another dataset, the same ones report definitions
            name: \(Datasets.names).

            --as-of defaults to the last day with data: the assets' last quote;
            for a portfolio, the last day everything it holds can be valued,
            and not before its last trade or transfer (as tables and reports).
            On failure nothing is written and one line names the argument.

            Examples:
              folio chart line --asset AAPL --out aapl.png
              folio chart line --asset AAPL --currency UAH --locale uk \\
                --theme dark --out aapl.pdf
              folio chart line --asset AAPL MSFT GOOGL --out stocks.svg
              folio chart compare --asset BTC ETH LTC --days 180 --out c.png
              folio chart line --asset NVDA --days 1825 --log --out n.png
              folio chart donut --portfolio "Demo UAH" --by kind --out k.png
              folio chart pie --by category --locale uk --out spending.png
              folio chart bars --portfolio "Demo UAH" --percent \\
                --size 1600x900 --scale 2 --out months.png
              folio chart hbars --portfolio "DSX crypto" --out flows.pdf
              folio chart line --data value --portfolio "Demo UAH" \\
                --days 90 --out value.png
              folio chart correlation --portfolio "DSX crypto" --out c.png
              folio chart table --portfolio "Demo UAH" --out holdings.pdf
              folio chart small-multiples --asset BTC ETH LTC --out p.png
              folio chart heatmap --portfolio "Demo UAH" --out months.png
              folio chart drawdown --portfolio "Demo UAH" --out under.png
              folio chart waterfall --portfolio "Demo UAH" --period 2017 \\
                --out bridge.png
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("One of \(ChartKind.names).", valueName: "kind"),
        completion: ValueCompletion.names(of: ChartKind.self)
    )
    var kind: String

    @Option(
        help: ArgumentHelp("The dataset to draw (default: the kind's usual one).", valueName: "name"),
        completion: .list(Datasets.all.map { $0.name })
    )
    var data: String?

    @Option(
        help: "The portfolio drawn (a portfolio dataset), or whose colours --asset lines take.",
        completion: ValueCompletion.portfolios
    )
    var portfolio: String?

    @Option(
        name: .customLong("asset"),
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Asset codes (line, compare, correlation): --asset AAPL MSFT or repeated.",
            valueName: "code"
        )
    )
    var assets: [String] = []

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp("Last day shown, YYYY-MM-DD (default: last day with data).", valueName: "day")
    )
    var asOf: String?

    @Option(help: ArgumentHelp("Days up to --as-of (line 7, compare 90, correlation 365).", valueName: "n"))
    var days: String?

    @Option(
        help: ArgumentHelp("Months up to --as-of (bars, hbars, pie/donut --by category; default 12).", valueName: "n")
    )
    var months: String?

    @Option(help: ArgumentHelp("Return days of a rolling correlation's window (default 30).", valueName: "n"))
    var window: String?

    @Option(help: "The currency prices and values are shown in (default: the asset's own, or the portfolio's base).")
    var currency: String?

    @Option(help: "pie/donut grouping: asset, kind, currency, or category (budget expenses).")
    var by: String?

    @Flag(help: "bars: each asset's share of the month's value instead of values.")
    var percent = false

    @Flag(help: "line, compare: values on a log scale (ticks at 1, 2, 5 per decade); every value must be above zero.")
    var log = false

    @Option(
        help: ArgumentHelp(
            "compare: rebased (100 at the start) or min-max (each series spans 0…1).",
            valueName: "method"
        )
    )
    var normalise: String?

    @Option(
        help: ArgumentHelp(
            "cumulative: an asset to compare the portfolio's returns with (e.g. SPY, BTC, USD).",
            valueName: "code"
        )
    )
    var benchmark: String?

    @Option(
        help: ArgumentHelp(
            "waterfall and --data value: 1M, 3M, YTD, 1Y, 3Y, inception (the waterfall's default), a year (2017) or last-year.",
            valueName: "period"
        )
    )
    var period: String?

    /// `--method` was `--normalise`'s name before `folio table` and `folio chart` spelt it alike.
    @Option(name: .customLong("method"), help: .hidden)
    var method: String?

    @Option(help: ArgumentHelp("Canvas size in points, WIDTHxHEIGHT (default 1200x675).", valueName: "size"))
    var size: String?

    @Option(help: ArgumentHelp("Pixels per point for PNG (2 for high-density screens).", valueName: "scale"))
    var scale: String?

    @Option(help: "light or dark.")
    var theme: String?

    @Option(help: "en or uk: language, numbers and dates.")
    var locale: String?

    @Option(help: "Title instead of the generated one.")
    var title: String?

    @Option(help: ArgumentHelp("The file to write: .png, .pdf or .svg.", valueName: "file"))
    var out: String

    /// The options as one typed request, read by the same fields a jobs file and a report use.
    func request() throws -> ChartRequest {
        guard let kind = ChartKind(rawValue: kind.lowercased()) else {
            throw ArgumentError("kind", "unknown chart kind \"\(kind)\", expected one of " + ChartKind.names)
        }
        var request = ChartRequest(kind: kind)
        let given: [(ChartRequest.Field, String?)] = [
            (.data, data), (.portfolio, portfolio), (.asOf, asOf), (.days, days), (.months, months), (.window, window),
            (.currency, currency), (.by, by), (.normalise, normalise ?? method), (.benchmark, benchmark),
            (.period, period), (.size, size), (.scale, scale),
            (.theme, theme), (.locale, locale), (.title, title),
        ]
        for case let (field, value?) in given { try request.set(field, [value]) }
        if !assets.isEmpty { try request.set(.asset, assets) }
        if percent { try request.set(.percent, ["true"]) }
        if log { try request.set(.log, ["true"]) }
        return request
    }

    func run() throws {
        // Every argument is checked before the database is opened, so a typo costs nothing and writes nothing.
        let request = try request()
        let output = try ChartOutput(path: out, request: request)
        _ = try request.dataset()
        let document = try ChartPipeline.document(request, inputs: StoredInputs(database.openForReading()))
        Output.warn(document.warnings.map { "warning: " + $0 })
        try output.write(document, renderer: Renderer())
    }
}
