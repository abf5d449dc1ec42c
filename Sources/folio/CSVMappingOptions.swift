import ArgumentParser
import FolioCore
import FolioImport
import FolioStore
import Foundation

/// The options of `folio import csv`: a column mapping given on the command line, laid over a saved
/// mapping file when there is one (`--mapping`), key by key.
struct CSVMappingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "csv: columns by field: date,price[,bid,ask,asset,currency,market,source].",
            valueName: "field=column,…"
        )
    )
    var columns: String?

    @Option(help: ArgumentHelp("csv: a saved mapping (YAML); options given here override it.", valueName: "file"))
    var mapping: String?

    @Option(
        help: ArgumentHelp(
            "csv, quotes, trades, transactions, budget: the field separator: \",\" (default), \";\", \"|\" or tab.",
            valueName: "char"
        )
    )
    var delimiter: String?

    @Flag(
        inversion: .prefixedNo,
        help: "csv, quotes, trades, transactions, budget: numbers are written with a decimal comma (12,5)."
    )
    var decimalComma: Bool?

    @Option(
        help: ArgumentHelp("csv: how dates are written, e.g. dd.MM.yyyy (default ISO 8601, UTC).", valueName: "pattern")
    )
    var dateFormat: String?

    @Option(help: "csv: the quotes' source (default csv).")
    var source: String?

    @Flag(help: "csv: a date column and one column per asset, each cell a price.")
    var wide = false

    @Option(help: ArgumentHelp("csv --wide: the date column (the same as --columns date=NAME).", valueName: "name"))
    var dateColumn: String?

    @Option(help: ArgumentHelp("csv --wide: columns that are not assets, comma-separated.", valueName: "names"))
    var ignoreColumns: String?

    /// The options given, by name: what an import kind that does not take one is refused for.
    var given: [String] {
        [
            ("--columns", columns != nil), ("--mapping", mapping != nil), ("--delimiter", delimiter != nil),
            ("--decimal-comma", decimalComma != nil), ("--date-format", dateFormat != nil), ("--source", source != nil),
            ("--wide", wide), ("--date-column", dateColumn != nil), ("--ignore-columns", ignoreColumns != nil),
        ].filter(\.1).map(\.0)
    }

    /// `--delimiter` as the byte that separates fields; nil when not given.
    func delimiterByte() throws -> UInt8? { try delimiter.map { try CSVMapping.delimiter($0, "--delimiter") } }

    /// The options every kind that `ImportKind.takesDelimiter` takes: how its fields are separated and
    /// its decimals written.
    static let layout: Set = ["--delimiter", "--decimal-comma"]

    /// The mapping file's settings with the command line's over them; `asset`, `currency` and `market`
    /// are `folio import`'s own options, which csv shares with stock-csv.
    func mapping(asset: String?, currency: String?, market: String?) throws -> CSVMapping {
        var given = CSVMapping()
        if let columns { given.columns = try CSVMapping.columns(columns, "--columns") }
        if let dateColumn {
            if given.columns[.date] != nil {
                throw ArgumentError("--date-column", "the date column is given in --columns too, expected one")
            }
            given.columns[.date] = dateColumn
        }
        given.asset = try asset.map { try ArgumentValue.asset($0, "--asset") }
        given.currency = try currency.map { try ArgumentValue.asset($0, "--currency") }
        given.market = try ArgumentValue.market(market)
        given.source = source
        given.delimiter = try delimiterByte()
        given.decimalComma = decimalComma
        given.dateFormat = try dateFormat.map { try CSVMapping.dateFormat($0, "--date-format") }
        if wide { given.wide = true }
        given.ignoreColumns = ignoreColumns.map {
            $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let saved = try mapping.map(CSVMappingFile.load) ?? CSVMapping()
        return saved.overridden(by: given)
    }
}
