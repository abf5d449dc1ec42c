import ArgumentParser
import FolioAnalytics
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
            PortfolioCommand.self, TargetCommand.self,
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

    /// A first word that is no command is named as such: ArgumentParser would take it for an argument
    /// and blame the next option instead (`folio tabel holdings --portfolio T`: "Unknown option
    /// '--portfolio'").
    static func requireKnownCommand(_ word: String?) throws {
        guard let word, !word.hasPrefix("-") else { return }
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !commands.contains(word) else { return }
        let hint = NearMatch.best(word, among: commands).map { "; did you mean '\($0)'?" } ?? ""
        throw ArgumentError(
            message:
                "'\(Redaction.escapingControlCharacters(word))' is not a folio command\(hint) (folio --help lists them)"
        )
    }

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
            try Self.requireKnownCommand(CommandLine.arguments.dropFirst().first)
            var command = try parseAsRoot(nil)
            try command.run()
            // After the command's output, and only when it succeeded: an error stays one line.
            Output.warn(CrossRates.takeFallbacks())
        } catch let error as TaxYearError {
            exit(withError: ArgumentError(error))  // the library's error, worded with the commands that fix it
        } catch {
            exit(withError: FileError.plain(error))
        }
    }
}
