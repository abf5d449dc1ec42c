import ArgumentParser
import FolioCore
import FolioStore

struct PortfolioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "portfolio",
        abstract: "Add, list or remove portfolios.",
        subcommands: [Add.self, List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Create a portfolio with a base currency.",
            discussion: """
                Every value of the portfolio is reported in its base currency.

                Examples:
                  folio portfolio add "Demo UAH" --base UAH
                  folio portfolio add Retirement
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The portfolio's name.") var name: String
        @Option(help: "Base currency.") var base: String = "USD"

        func run() throws {
            let portfolio = try database.openForWriting().addPortfolio(name: name, baseCurrency: AssetCode(base))
            print("added portfolio \"\(portfolio.name)\" with base currency \(portfolio.baseCurrency)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List portfolios.",
            discussion: "Example:\n  folio portfolio list"
        )
        @OptionGroup var database: DatabaseOptions

        func run() throws {
            for p in try database.openForReading().portfolios() {
                print("\(Redaction.escapingControlCharacters(p.name))\t\(p.baseCurrency)")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a portfolio with its trades and cash transactions (quotes stay).",
            discussion: "Example:\n  folio portfolio remove \"Old account\""
        )
        @OptionGroup var database: DatabaseOptions
        @Argument(help: "The portfolio's name.", completion: ValueCompletion.portfolios) var name: String

        func run() throws {
            try database.openForWriting().removePortfolio(name: name)
            print("removed portfolio \"\(name)\"")
        }
    }
}
