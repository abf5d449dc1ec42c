import ArgumentParser

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the database, or upgrade it to this version's schema.",
        discussion: """
            Safe to run again: an up-to-date database is left as it is. Only init creates
            or upgrades a database: every other command refuses a missing, empty or
            older one, naming it.

            Examples:
              folio init
              folio init --db /srv/folio/firm.sqlite
            """
    )

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let store = try database.openForInit()
        print("database ready: \(store.path)")
    }
}
