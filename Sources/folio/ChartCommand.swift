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
        // ArgumentParser wraps help text at 80 columns; the kinds and examples are laid out within them.
        discussion: """
            Kinds and what they draw unless --data names another dataset:
            \(kinds)

            --log draws line and compare on a log scale, for prices that span many
            times over (BTC over five years).

            --data draws another dataset, the same ones report definitions
            name: \(Datasets.names).

            --as-of defaults to the last day with data: the assets' last quote;
            for a portfolio, the last day everything it holds can be valued,
            and not before its last trade or transfer (as tables and reports).
            On failure nothing is written and one line names the argument.

            Examples:
            \(examples)
            """
    )

    /// One example of each kind, then of options that go with several.
    private static var examples: String {
        var commands: [String] = []
        for kind in ChartKind.allCases { commands.append("folio chart \(kind.rawValue) \(kind.example)") }
        commands += [
            "folio chart line --asset AAPL --currency UAH --locale uk --theme dark --out aapl.pdf",
            "folio chart line --asset AAPL MSFT GOOGL --out stocks.svg",
            "folio chart line --asset NVDA --days 1825 --log --out n.png",
            "folio chart line --data value --portfolio \"Demo UAH\" --days 90 --out value.png",
        ]
        return HelpText.examples(commands)
    }

    /// What each kind draws, a row each.
    private static var kinds: String {
        var rows: [(name: String, text: String)] = []
        for kind in ChartKind.allCases { rows.append((kind.rawValue, kind.summary)) }
        return HelpText.list(rows)
    }

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp("One of \(ChartKind.names).", valueName: "kind"),
        completion: ValueCompletion.names(of: ChartKind.self)
    )
    var kind: String

    @OptionGroup var options: ChartOptions
    @OptionGroup var look: LookOptions

    @Option(help: ArgumentHelp("The file to write: .png, .pdf or .svg.", valueName: "file"))
    var out: String

    /// The options as one typed request, read by the same fields a jobs file and a report use.
    func request() throws -> ChartRequest {
        guard let kind = ChartKind(rawValue: kind.lowercased()) else {
            throw ArgumentError("kind", "unknown chart kind \"\(kind)\", expected one of " + ChartKind.names)
        }
        var request = ChartRequest(kind: kind)
        for (field, words) in try options.chartFields() + look.chartFields() { try request.set(field, words) }
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
