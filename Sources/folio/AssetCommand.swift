import ArgumentParser
import FolioCore
import FolioDatasets
import FolioInputs
import FolioStore

extension AssetKind: ExpressibleByArgument {}

struct AssetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asset",
        abstract: "List assets with their kinds; set an asset's kind, name or ISIN; merge or rename assets.",
        discussion: """
            An asset's kind (fiat, crypto, stock, etf, metal, index, other) groups the
            allocation by kind. Imports give known codes their kind and update an asset
            stored as other when a later file knows better; set it by hand for the rest.
            An import that creates an asset says so; when it is one you have under
            another code (a broker naming Apple by its ISIN), merge it into that one.
            """,
        subcommands: [List.self, Set.self, Merge.self, Rename.self],
        defaultSubcommand: List.self
    )

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List every asset: code, name, kind, decimals and its number of quotes.",
            discussion: """
                Examples:
                  folio asset list
                  folio asset list --format csv
                """
        )
        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: RecordOutputOptions

        func run() throws {
            _ = try output.tableFormat()
            try output.list(RecordTables.assets(database.openForReading().assetListing()))
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set an asset's kind, name and/or ISIN.",
            discussion: """
                An asset with an ISIN is found by it when a broker's file names the
                security by another ticker (VWCE.DE) or by its ISIN alone.

                Examples:
                  folio asset set AAPL --kind stock --name "Apple Inc."
                  folio asset set VWCE --kind etf
                  folio asset set AAPL --isin US0378331005
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Argument(help: ArgumentHelp("The asset's code.", valueName: "code")) var code: String
        @Option(help: ArgumentHelp("fiat, crypto, stock, etf, metal, index or other.", valueName: "kind")) var kind:
            AssetKind?
        @Option(help: ArgumentHelp("The name shown in tables and legends.", valueName: "name")) var name: String?
        @Option(help: ArgumentHelp("The security's ISIN (12 characters, check digit included).", valueName: "isin"))
        var isin: String?

        func validate() throws {
            guard kind != nil || name != nil || isin != nil else {
                throw ArgumentError("--kind", "give --kind, --name, --isin or several")
            }
            _ = try ArgumentValue.asset(code, "CODE")
            if let isin, ISIN(isin) == nil {
                throw ArgumentError(
                    "--isin",
                    "\(Redaction.escapingControlCharacters(isin)) is not an ISIN: expected 2 letters, 9 letters or digits and a check digit, such as US0378331005"
                )
            }
        }

        func run() throws {
            let asset = try database.openForWriting().setAsset(
                AssetCode(code),
                kind: kind,
                name: name,
                isin: isin.flatMap { ISIN($0) }
            )
            Output.result(
                "\(asset.code): \(asset.kind.rawValue), \"\(Redaction.escapingControlCharacters(asset.name))\"\(isin.flatMap { ISIN($0) }.map { ", ISIN \($0)" } ?? "")\n"
            )
        }
    }

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Move every record of one asset to another and remove the first.",
            discussion: """
                Quotes (as the asset and as the currency), trades, cash transactions,
                budget entries, portfolios based on it, market figures and the ISIN of
                FROM go to INTO; FROM is removed. Nothing changes when the two disagree:
                quotes of one day that differ, two ISINs, or one row stored under both.
                A file imported again after the merge adds nothing.

                Examples:
                  folio asset merge US4781601046 JNJ     # Degiro named JNJ by its ISIN
                  folio asset merge XBT BTC
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Argument(help: ArgumentHelp("The asset whose records move; it is removed.", valueName: "from")) var from:
            String
        @Argument(help: ArgumentHelp("The asset they move to.", valueName: "into")) var into: String

        func validate() throws {
            _ = try ArgumentValue.asset(from, "FROM")
            _ = try ArgumentValue.asset(into, "INTO")
        }

        func run() throws {
            let (from, into) = (AssetCode(from), AssetCode(into))
            let moved = try database.openForWriting().mergeAsset(from, into: into)
            var parts = [
                "\(moved.quotes) quotes", "\(moved.trades) trades", "\(moved.cashTransactions) cash transactions",
            ]
            if moved.budgetEntries > 0 { parts.append("\(moved.budgetEntries) budget entries") }
            if moved.portfolios > 0 { parts.append("\(moved.portfolios) portfolios' base currency") }
            if let isin = moved.isin { parts.append("the ISIN \(isin)") }
            var line = "merged \(from) into \(into): " + parts.joined(separator: ", ")
            if moved.duplicateQuotes > 0 { line += " (\(moved.duplicateQuotes) quotes \(into) had already)" }
            Output.result(line + "; \(from) removed\n")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Give an asset a new code, with every record it has.",
            discussion: """
                Refused when the new code is an asset already: merge the two instead.

                Examples:
                  folio asset rename US4781601046 JNJ
                """
        )
        @OptionGroup var database: DatabaseOptions
        @Argument(help: ArgumentHelp("The asset's code.", valueName: "code")) var code: String
        @Argument(help: ArgumentHelp("Its new code.", valueName: "new")) var new: String

        func validate() throws {
            _ = try ArgumentValue.asset(code, "CODE")
            _ = try ArgumentValue.asset(new, "NEW")
        }

        func run() throws {
            try database.openForWriting().renameAsset(AssetCode(code), to: AssetCode(new))
            Output.result("renamed \(code) to \(new)\n")
        }
    }
}
