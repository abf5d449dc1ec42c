import ArgumentParser
import FolioDatasets
import FolioInputs
import FolioStore

struct TransactionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "transactions",
        abstract: "List or remove cash transactions: transfers, dividends, interest, fees, splits.",
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List cash transactions with their ids.",
            discussion: """
                Rows are in time order with the id that folio transactions remove --id takes.
                Filters narrow them; every one given must hold; --asset selects a
                transaction's currency.

                Examples:
                  folio transactions list --portfolio "Demo UAH"
                  folio transactions list --asset UAH --from 2020-01-01 --format json
                """
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var filter: PortfolioRecordOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let request = try filter.filter()
            _ = try output.tableFormat()
            try output.list(
                RecordTables.cashTransactions(database.openForReading().cashTransactions(matching: request))
            )
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove cash transactions by id or by a filter.",
            discussion: """
                Removes the transactions given by --id (repeatable) or selected by the filters,
                all in one transaction, and prints them. --dry-run prints what would go and
                changes nothing. An id that is not there, or nothing to remove, is an
                error and removes nothing. Batch outputs of the portfolio are made again.

                Examples:
                  folio transactions remove --id 4
                  folio transactions remove --portfolio "Demo UAH" --from 2021-01-01 \\
                    --to 2021-01-31 --dry-run
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: ArgumentHelp("A transaction's id (see folio transactions list); repeatable.", valueName: "n"))
        var id: [Int64] = []
        @OptionGroup var filter: PortfolioRecordOptions
        @Flag(name: .customLong("dry-run"), help: "Show what would be removed and change nothing.")
        var dryRun = false
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let request = try filter.filter(ids: id)
            _ = try output.tableFormat()
            let store = try dryRun ? database.openForReading() : database.openForWriting()
            try output.removed(
                RecordTables.cashTransactions(store.removeCashTransactions(matching: request, dryRun: dryRun)),
                plural: "transactions",
                dryRun: dryRun
            )
        }
    }
}
