import ArgumentParser
import FolioDatasets
import FolioInputs
import FolioStore

struct TradesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trades",
        abstract: "List or remove stored trades.",
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List trades with their ids.",
            discussion: """
                Rows are in time order with the id that folio trades remove --id takes.
                Filters narrow them; every one given must hold.

                Examples:
                  folio trades list --portfolio "Demo UAH"
                  folio trades list --asset BTC --from 2020-01-01 --to 2020-06-30 --format csv
                """
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var filter: PortfolioRecordOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let request = try filter.filter()
            _ = try output.tableFormat()
            try output.list(RecordTables.trades(database.openForReading().trades(matching: request)))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove trades by id or by a filter.",
            discussion: """
                Removes the trades given by --id (repeatable) or selected by the filters,
                all in one transaction, and prints them. --dry-run prints what would go and
                changes nothing. An id that is not there, or nothing to remove, is an
                error and removes nothing. Batch outputs of the portfolio are made again.

                Examples:
                  folio trades remove --id 12 --id 13
                  folio trades remove --portfolio "Demo UAH" --asset BTC --from 2020-03-01 \\
                    --dry-run
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: ArgumentHelp("A trade's id (see folio trades list); repeatable.", valueName: "n"))
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
                RecordTables.trades(store.removeTrades(matching: request, dryRun: dryRun)),
                plural: "trades",
                dryRun: dryRun
            )
        }
    }
}
