import ArgumentParser
import FolioDatasets
import FolioInputs
import FolioStore

struct QuotesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quotes",
        abstract: "List or remove stored quotes.",
        discussion: """
            Quotes have no id: a quote is known by its key, asset, currency, market and
            time, which list prints first and remove selects with --asset, --currency,
            --market, --from and --to. To correct a price, import the corrected file
            again with folio import quotes --replace.
            """,
        subcommands: [List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List quotes with their key (asset, currency, market, time).",
            discussion: """
                Rows are by asset, currency, market, then time. Filters narrow them;
                every one given must hold.

                Examples:
                  folio quotes list --asset USD --currency UAH --market nbu \\
                    --from 2022-02-24 --to 2022-02-28
                  folio quotes list --asset BTC --from 2020-06-29 --format json
                """
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var filter: QuoteRecordOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let request = try filter.filter()
            _ = try output.tableFormat()
            try output.list(RecordTables.quotes(database.openForReading().quotes(matching: request)))
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove the quotes a filter selects.",
            discussion: """
                Removes the quotes the filters select (at least one filter), all in one
                transaction, and prints them. --dry-run prints what would go and changes
                nothing. Nothing to remove is an error. Batch outputs that read the
                quotes' series are made again.

                Examples:
                  folio quotes remove --asset USD --currency UAH --market nbu \\
                    --from 2022-02-24 --to 2022-02-24 --dry-run
                  folio quotes remove --asset BTC --market exchange --from 2020-06-30
                """
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var filter: QuoteRecordOptions
        @Flag(name: .customLong("dry-run"), help: "Show what would be removed and change nothing.")
        var dryRun = false
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            let request = try filter.filter()
            _ = try output.tableFormat()
            let store = try dryRun ? database.openForReading() : database.openForWriting()
            try output.removed(
                RecordTables.quotes(store.removeQuotes(matching: request, dryRun: dryRun)),
                plural: "quotes",
                dryRun: dryRun
            )
        }
    }
}
