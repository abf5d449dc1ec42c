import ArgumentParser
import FolioCore
import FolioDatasets
import FolioStore

extension AssetKind: ExpressibleByArgument {}

struct AssetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "asset",
        abstract: "List assets with their kinds, or set an asset's kind and name.",
        discussion: """
            An asset's kind (fiat, crypto, stock, etf, metal, index, other) groups the
            allocation by kind. Imports give known codes their kind and update an asset
            stored as other when a later file knows better; set it by hand for the rest.
            """,
        subcommands: [List.self, Set.self],
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
}
