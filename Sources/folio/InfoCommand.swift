import ArgumentParser
import FolioStore

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Show what the database holds.",
        discussion: """
            Assets, quote series (per asset, currency and market) with their date range and
            row count, portfolios with their trade and cash transaction counts, and budget
            months.

            Examples:
              folio info
              folio info --format json | jq '.portfolios'
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var database: DatabaseOptions
    @Option(help: "text or json.") var format: Format = .text

    func run() throws {
        let info = try database.openForReading().info()
        switch format {
        case .json: print(try info.json())
        case .text: print(info.text)
        }
    }
}
