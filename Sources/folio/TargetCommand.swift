import ArgumentParser
import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioYAML
import Foundation

struct TargetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "target",
        abstract: "Set, list or remove a portfolio's target mix (see `folio table rebalance`).",
        subcommands: [Set.self, List.self, Remove.self],
        defaultSubcommand: List.self
    )

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set the target weights of a portfolio, replacing any it had.",
            discussion: """
                Each line is NAME=PERCENT; the percents add up to 100. A line names an
                asset (the default), an asset kind (--by kind: fiat, crypto, stock, etf,
                metal, index, other) or one of your classes (--by class, each given with
                --class NAME=CODE,CODE). A line is out of band when its weight is more
                than --band points from its target (5 unless given), or, with
                --relative-band, more than that percent of its target, if that is less.
                Rules: docs/targets.md.

                Examples:
                  folio target set --portfolio Main AAPL=30 MSFT=30 USD=40 --band 5
                  folio target set --portfolio Main --by kind stock=80 fiat=20 \\
                      --relative-band 25
                  folio target set --portfolio Main --by class stocks=60 bonds=40 \\
                      --class stocks=VTI,VXUS --class bonds=BND,AGG
                  folio target set --portfolio Main --file targets.yaml
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "The portfolio.", completion: ValueCompletion.portfolios) var portfolio: String
        @Option(
            help: "What the lines name: asset, kind or class.",
            completion: ValueCompletion.names(of: TargetBasis.self)
        )
        var by: String?
        @Option(help: "Points a weight may drift from its target (default 5).") var band: String?
        @Option(name: .customLong("relative-band"), help: "Percent of a target a weight may drift, if less.")
        var relativeBand: String?
        @Option(name: .customLong("class"), help: "A class's assets, NAME=CODE,CODE (with --by class).")
        var classes: [String] = []
        @Option(
            help: "A YAML file with by, band, relative-band, lines and classes.",
            completion: .file(extensions: ["yaml", "yml"])
        )
        var file: String?
        @Argument(help: "Target lines, NAME=PERCENT.") var lines: [String] = []

        func run() throws {
            let targets: PortfolioTargets
            if let file {
                guard lines.isEmpty, by == nil, band == nil, relativeBand == nil, classes.isEmpty else {
                    throw ArgumentError("--file", "give the targets either in the file or on the command line")
                }
                targets = try TargetsFile.load(path: file)
            } else {
                targets = try TargetText.targets(
                    by: by,
                    lines: lines.map { try TargetText.line($0) },
                    classes: classes.map { try TargetText.assetClass($0) },
                    band: band,
                    relativeBand: relativeBand
                )
            }
            try database.openForWriting().setTargets(targets.stored, portfolio: portfolio)
            print("set the targets of \"\(portfolio)\": \(TargetText.summary(targets))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the portfolios' targets, one portfolio a line.",
            discussion: "Examples:\n  folio target list\n  folio target list --portfolio Main"
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "Only this portfolio.", completion: ValueCompletion.portfolios) var portfolio: String?

        func run() throws {
            let inputs = StoredInputs(try database.openForReading())
            let all: [(portfolio: String, targets: PortfolioTargets)]
            if let portfolio {
                guard let targets = try inputs.targets(portfolio: portfolio) else {
                    throw ArgumentError("--portfolio", "\"\(portfolio)\" has no targets (see `folio target set`)")
                }
                all = [(portfolio, targets)]
            } else {
                all = try inputs.allTargets()
            }
            for (name, targets) in all {
                print("\(Redaction.escapingControlCharacters(name))\t\(TargetText.summary(targets))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a portfolio's targets.",
            discussion: "Example:\n  folio target remove --portfolio Main"
        )
        @OptionGroup var database: DatabaseOptions
        @Option(help: "The portfolio.", completion: ValueCompletion.portfolios) var portfolio: String

        func run() throws {
            guard try database.openForWriting().removeTargets(portfolio: portfolio) else {
                throw ArgumentError("--portfolio", "\"\(portfolio)\" has no targets")
            }
            print("removed the targets of \"\(portfolio)\"")
        }
    }
}
