import ArgumentParser
import FolioCore

struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes commands, options and their values. make install puts
            it where each shell looks; to use it without installing:

            Examples:
              folio completions bash > ~/.local/share/bash-completion/completions/folio
              folio completions zsh > ~/.zfunc/_folio
              folio completions fish > ~/.config/fish/completions/folio.fish
            """
    )

    @Argument(help: ArgumentHelp("bash, zsh or fish.", valueName: "shell"))
    var shell: String

    func run() throws {
        guard let kind = CompletionShell(rawValue: shell.lowercased()) else {
            throw ArgumentError("shell", "\"\(shell)\" is not one of bash, zsh, fish")
        }
        print(Folio.completionScript(for: kind))
    }
}
