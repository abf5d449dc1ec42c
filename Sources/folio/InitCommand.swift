import ArgumentParser

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database, or upgrade it to this version's schema.",
        discussion: """
            Safe to run again: an up-to-date database is left as it is.

            Examples:
              folio init
              folio init --db /srv/folio/firm.sqlite
            """
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let store = try database.openForWriting()
        print("database ready: \(store.path)")
    }
}
