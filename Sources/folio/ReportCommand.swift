import ArgumentParser
import FolioCharts
import FolioCore
import FolioDatasets
import FolioDeliver
import FolioInputs
import Foundation

/// `folio report NAME`: a definition (built-in `reports/NAME.yaml` or `--definition FILE`) filled with the
/// analytics of one portfolio and written as a multi-page PDF.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Render a multi-page PDF report from a definition in reports/.",
        discussion: """
            Reports:
            \(reports)

            The same database and --as-of give the same PDF bytes: the footer says "as of" the day and the PDF's creation date is that day; --now adds "generated" with the real time to the footer and makes it the creation date. --as-of defaults to the last day on which every holding has a quote (portfolio), the last budget entry (budget), or the last quote in --currency (market).

            Examples:
              folio report portfolio --portfolio "Demo UAH" --locale uk \\
                --out out/portfolio-uk.pdf
              folio report portfolio --portfolio "Demo UAH" --as-of 2017-06-30 \\
                --theme dark --out report.pdf
              folio report portfolio --portfolio "Demo UAH" \\
                --definition my-portfolio.yaml --out mine.pdf
              folio report market --currency UAH --locale uk --out out/market-uk.pdf
              folio report budget --as-of 2026-11-30 --locale uk --out out/budget-uk.pdf
              folio report daily --portfolio "Demo UAH" --out out/daily
              folio report tax --portfolio "Demo UAH" --year 2017 --out tax-2017.pdf
            """
    )

    /// What each report is, a row each.
    private static var reports: String {
        var rows: [(name: String, text: String)] = []
        for name in ReportRequest.Name.allCases { rows.append((name.rawValue, name.summary)) }
        return HelpText.list(rows, indent: 13)
    }

    @Argument(
        help: ArgumentHelp("One of \(ReportRequest.Name.names).", valueName: "name"),
        completion: ValueCompletion.names(of: ReportRequest.Name.self)
    ) var name: String
    @OptionGroup var database: DatabaseOptions
    @Option(help: "The portfolio to report on.", completion: ValueCompletion.portfolios) var portfolio: String?
    @Option(name: .customLong("as-of"), help: ArgumentHelp("The report day, YYYY-MM-DD.", valueName: "day")) var asOf:
        String?
    @Option(
        help: ArgumentHelp("Budget: the currency totals are in; market: the currency rates are in.", valueName: "code")
    ) var currency = "UAH"
    @OptionGroup var look: LookOptions
    @Option(help: ArgumentHelp("A report definition to use instead of the built-in one.", valueName: "file"))
    var definition: String?
    @Option(
        help: ArgumentHelp(
            "Portfolio: the asset its returns are compared with, instead of the definition's.",
            valueName: "code"
        )
    )
    var benchmark: String?
    @Option(help: ArgumentHelp("Tax: the calendar year to declare.", valueName: "year")) var year: Int?
    @Option(
        name: .customLong("tax-rates"),
        help: ArgumentHelp("Tax: a rates file instead of reports/tax-rates.yaml.", valueName: "file")
    )
    var taxRates: String?
    @Option(help: ArgumentHelp("The PDF to write (daily: the directory for the images).", valueName: "file.pdf|dir"))
    var out: String
    @Flag(help: "Stamp the real generation time (the PDF then differs from run to run).") var now = false

    /// The options as one typed request; a bad value is one line naming the option.
    func request() throws -> ReportRequest {
        let name: ReportRequest.Name = try ArgumentValue.choice(self.name, "NAME")
        var request = ReportRequest(name: name, out: URL(fileURLWithPath: out, isDirectory: name == .daily))
        request.portfolio = portfolio
        request.asOf = try ArgumentValue.day(asOf, "--as-of", within: name == .budget ? .budget() : DateBounds())
        request.currency = try ArgumentValue.asset(currency.uppercased(), "--currency")
        // Ukrainian first for the tax report: its reader declares to the Ukrainian tax service.
        request.locale = try ArgumentValue.locale(look.locale ?? (name == .tax ? "uk" : "en"))
        request.theme = try ArgumentValue.theme(look.theme ?? "light")
        request.definition = definition.map { URL(fileURLWithPath: $0) }
        request.stampNow = now
        request.benchmark = try benchmark.map { try ArgumentValue.asset($0.uppercased(), "--benchmark") }
        if name != .tax, year != nil || taxRates != nil {
            throw ArgumentError(year != nil ? "--year" : "--tax-rates", "used by the tax report only")
        }
        request.year = try year.map { try ArgumentValue.taxYear($0) }
        try request.validate()
        if name == .tax { request.taxRates = try TaxRatesFile.load(path: taxRates) }
        return request
    }

    func validate() throws { _ = try request() }

    func run() throws {
        let outcome = try request().render(store: database.openForReading())
        Output.warn(outcome.warnings.map { "warning: " + $0 })
        if let summary = outcome.summary {
            Output.warn([summary])
        } else {
            Output.result(outcome.files.map { $0.path + "\n" }.joined())
        }
    }
}
