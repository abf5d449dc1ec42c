import ArgumentParser
import FolioCore
import FolioRender

/// The composition root: one subcommand per file, the only place that parses arguments.
@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Charts and reports from market quotes and portfolio history kept in SQLite.",
        discussion: """
            The database is $FOLIO_DB, else $XDG_DATA_HOME/folio/folio.sqlite, else
            ~/.local/share/folio/folio.sqlite; every command takes --db PATH.

            Examples:
              folio init
              folio import nbu-json rates.json
              folio portfolio add "My stocks" --base UAH
              folio import trades --portfolio "My stocks" trades.csv
              folio info
            """,
        version: FolioVersion.described,
        // Every command, nested ones too, gives its commandName: ArgumentParser would otherwise derive it
        // from the type's name (String(describing:)), a scan of the runtime's conformance records for
        // each command at every start, since it names the whole tree before parsing.
        subcommands: [
            InitCommand.self, ImportCommand.self, ExportCommand.self, FetchCommand.self, MailCommand.self,
            PortfolioCommand.self,
            AssetCommand.self, TradesCommand.self, TransactionsCommand.self, QuotesCommand.self, InfoCommand.self,
            TableCommand.self, ConvertCommand.self, ReportCommand.self, ChartCommand.self,
            BatchCommand.self, CompletionsCommand.self,
        ]
    )

    /// The most words a command line may have. No command needs more (a list of more files or ids goes
    /// through `xargs -n 1000`).
    // ArgumentParser's time grows with the square of the words (docs/performance.md, "Measured in the
    // code"): a longer line is refused before it is parsed.
    static let maxWords = 4096

    /// ArgumentParser's own `main`, but for a Foundation file error that escaped the code meant to
    /// name its file: that is said in one line too, never as `Error Domain=NSCocoaErrorDomain …`.
    static func main() {
        ProcessMemory.keepFreedMemoryForReuse()
        do {
            let words = CommandLine.arguments.count - 1
            guard words <= maxWords else {
                throw ArgumentError(
                    message: "\(words) words on the command line, more than \(maxWords); "
                        + "give long lists of files or ids in several runs (xargs -n 1000) or select by filters (--from, --to)"
                )
            }
            var command = try parseAsRoot(nil)
            try command.run()
        } catch {
            exit(withError: FileError.plain(error))
        }
    }
}
