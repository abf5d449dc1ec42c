import ArgumentParser
import FolioCore

@main
struct Folio: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "folio",
        abstract: "Charts and reports from market quotes and portfolio history kept in SQLite.",
        version: FolioVersion.current,
        subcommands: []
    )
}
