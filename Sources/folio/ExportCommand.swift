import ArgumentParser
import FolioCore
import FolioStore
import Foundation

/// The formats `folio export` writes, each read back by `folio import` of the same name.
enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case ghostfolio
    case ppCSV = "pp-csv"
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a portfolio's trades and transactions in another tool's format.",
        discussion: """
            Formats:
              ghostfolio  Ghostfolio's export JSON (accounts, activities, balances);
                          to stdout, or --out FILE
              pp-csv      Portfolio Performance's CSV export: a file per cash account
                          and one for the securities account, into --out DIR

            Each is read back by folio import of the same name, with the brokers'
            ids, trades' fees and tax withheld. What the format cannot hold as
            Folio does (a trade priced in a coin, a fee in a coin, a transfer that
            failed, a split) is converted where that is exact and otherwise left
            out, and said on stderr: one line per kind, with how many rows.

            Examples:
              folio export ghostfolio --portfolio "Demo UAH" > demo.json
              folio export pp-csv --portfolio "Demo UAH" --out pp/
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("ghostfolio or pp-csv.", valueName: "format"))
    var format: ExportFormat

    @Option(help: "The portfolio to write.", completion: ValueCompletion.portfolios)
    var portfolio: String

    @Option(
        help: ArgumentHelp(
            "Where to write: a file (ghostfolio; default stdout) or a directory (pp-csv).",
            valueName: "path"
        )
    )
    var out: String?

    func validate() throws {
        if format == .ppCSV && out == nil {
            throw ArgumentError("--out", "export pp-csv writes several files: give the directory")
        }
    }

    func run() throws {
        let store = try database.openForReading()
        let export =
            switch format {
            case .ghostfolio: try store.exportGhostfolio(portfolio: portfolio)
            case .ppCSV: try store.exportPortfolioPerformance(portfolio: portfolio)
            }
        Output.warn(export.differences.map { "\(format.rawValue): \($0)" })
        guard let out else {
            Output.result(export.files.map(\.text).joined())
            return
        }
        let target = URL(fileURLWithPath: out)
        if format == .ppCSV {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in export.files {
                try AtomicFile.write(Array(file.text.utf8), to: target.appendingPathComponent(file.name))
            }
        } else {
            try AtomicFile.write(Array(export.files[0].text.utf8), to: target)
        }
    }
}
