import FolioCore

/// How `folio import csv` reads quotes from a CSV of any shape: the column that holds each field of a
/// quote, or the one value a field takes for the whole file, and how the file writes its numbers and
/// dates. It comes from the command line, a saved mapping file, or both (the command line wins, key by
/// key); every setting is optional here so that the two can be laid over each other.
///
/// The long layout has a row per quote (`Date,Price`); the wide layout (`wide`) a row per date and a
/// column per asset, each header an asset code (`date,USD,EUR,…`).
public struct CSVMapping: Sendable, Equatable {
    /// A field of a quote a column can hold. `time` is another name for `date`.
    public enum Field: String, CaseIterable, Sendable {
        case date, price, bid, ask, asset, currency, market, source

        public init?(name: String) {
            if name.lowercased() == "time" { self = .date } else { self.init(rawValue: name.lowercased()) }
        }
    }

    /// Header names by field, matched as other imports match headers (case, spaces, `_`, `-` ignored).
    public var columns: [Field: String] = [:]
    public var asset: AssetCode?
    public var currency: AssetCode?
    public var market: Market?
    public var source: String?
    public var delimiter: UInt8?
    public var decimalComma: Bool?
    /// `nil`: ISO 8601 dates and times (`2024-03-01`, `2024-03-01T09:30:00+02:00`).
    public var dateFormat: DatePattern?
    public var wide: Bool?
    /// Wide layout: columns that are neither the date nor an asset (`Unnamed: 19`, `comment`).
    public var ignoreColumns: [String]?

    public init() {}

    /// These settings with each of `other`'s that is set put over them; columns key by key.
    public func overridden(by other: CSVMapping) -> CSVMapping {
        var merged = self
        merged.columns.merge(other.columns) { $1 }
        merged.asset = other.asset ?? asset
        merged.currency = other.currency ?? currency
        merged.market = other.market ?? market
        merged.source = other.source ?? source
        merged.delimiter = other.delimiter ?? delimiter
        merged.decimalComma = other.decimalComma ?? decimalComma
        merged.dateFormat = other.dateFormat ?? dateFormat
        merged.wide = other.wide ?? wide
        merged.ignoreColumns = other.ignoreColumns ?? ignoreColumns
        return merged
    }

    /// Refuses a mapping that cannot make a quote, before any file is read, naming the option that
    /// would give what is missing.
    public func validate() throws {
        try Self.checkDecimalComma(decimalComma, delimiter: delimiter)
        guard columns[.date] != nil else {
            throw ArgumentError(
                "--columns",
                "no column for the date, expected date=COLUMN (or --date-column with --wide)"
            )
        }
        if wide == true {
            if let other = Field.allCases.first(where: { $0 != .date && columns[$0] != nil }) {
                throw ArgumentError(
                    "--columns",
                    "\(other.rawValue)= is not taken with --wide, where every column but the date is an asset's price"
                )
            }
            if asset != nil {
                throw ArgumentError("--asset", "not taken with --wide, where each column's header is its asset")
            }
            guard currency != nil else {
                throw ArgumentError("--currency", "--wide needs the currency every column is priced in")
            }
            return
        }
        if ignoreColumns != nil {
            throw ArgumentError("--ignore-columns", "only the wide layout (--wide) ignores columns")
        }
        // A column and a value for the whole file would be one too many: the column won without a word.
        if columns[.asset] != nil && asset != nil {
            throw ArgumentError("--asset", "not taken with asset= in --columns, which reads each row's asset")
        }
        if columns[.currency] != nil && currency != nil {
            throw ArgumentError("--currency", "not taken with currency= in --columns, which reads each row's currency")
        }
        try Self.checkPair(asset: asset, currency: currency)
        guard columns[.price] != nil else {
            throw ArgumentError("--columns", "no column for the price, expected price=COLUMN")
        }
        guard columns[.asset] != nil || asset != nil else {
            throw ArgumentError("--asset", "no asset, expected --asset CODE or asset=COLUMN in --columns")
        }
        guard columns[.currency] != nil || currency != nil else {
            throw ArgumentError("--currency", "no currency, expected --currency CODE or currency=COLUMN in --columns")
        }
    }

    /// Refuses `--asset` and `--currency` naming one code: USD in USD is 1 by definition, and stored it
    /// is a series every reader skips.
    package static func checkPair(asset: AssetCode?, currency: AssetCode?) throws {
        if let asset, asset == currency {
            throw ArgumentError("--currency", "\(asset) is the asset itself, expected the currency its price is in")
        }
    }

    /// `date=Date,price=Price` as columns by field; `argument` names the option or file key in errors.
    public static func columns(_ text: String, _ argument: String) throws -> [Field: String] {
        let pairs = try text.split(separator: ",", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[1].isEmpty else {
                throw ArgumentError(argument, "found \"\(pair)\", expected FIELD=COLUMN such as price=Close")
            }
            return (field: parts[0], column: parts[1])
        }
        guard !pairs.isEmpty else {
            throw ArgumentError(argument, "no columns, expected FIELD=COLUMN pairs such as date=Date,price=Price")
        }
        return try columns(pairs, argument)
    }

    /// Columns by field from (field name, column) pairs. A field given twice — `price=` twice, or `date=`
    /// with `time=`, its other name — is refused naming both: the last one would win without a word.
    public static func columns(_ pairs: [(field: String, column: String)], _ argument: String) throws -> [Field: String]
    {
        var columns: [Field: String] = [:]
        var spelled: [Field: String] = [:]
        for pair in pairs {
            let field = try field(pair.field, argument)
            if let earlier = spelled[field] {
                let given =
                    earlier == pair.field
                    ? "\(earlier)= twice" : "\(earlier)= and \(pair.field)=, both the \(field.rawValue) column"
                throw ArgumentError(argument, "found \(given), expected each field once")
            }
            spelled[field] = pair.field
            columns[field] = pair.column
        }
        return columns
    }

    public static func field(_ name: String, _ argument: String) throws -> Field {
        guard let field = Field(name: name) else {
            throw ArgumentError(
                argument,
                "unknown field \"\(name)\", expected one of \(Field.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return field
    }

    /// Refuses decimal commas in a file whose fields `,` separates: there `12,5` is two fields, the
    /// price would be 12 and every field after it one column on.
    public static func checkDecimalComma(_ decimalComma: Bool?, delimiter: UInt8?) throws {
        if decimalComma == true && (delimiter ?? UInt8(ascii: ",")) == UInt8(ascii: ",") {
            throw ArgumentError(
                "--decimal-comma",
                "numbers such as 12,5 need another delimiter than \",\", expected --delimiter \";\" as well"
            )
        }
    }

    /// `,`, `;`, `|` or `tab`: the separators CSV exports use.
    public static func delimiter(_ text: String, _ argument: String) throws -> UInt8 {
        switch text.lowercased() {
        case ",", "comma": return UInt8(ascii: ",")
        case ";", "semicolon": return UInt8(ascii: ";")
        case "|", "pipe": return UInt8(ascii: "|")
        case "tab", "\t", "\\t": return 0x09
        default: throw ArgumentError(argument, "found \"\(text)\", expected one of \",\", \";\", \"|\" or tab")
        }
    }

    public static func dateFormat(_ text: String, _ argument: String) throws -> DatePattern {
        switch DatePattern.parse(text) {
        case let .success(pattern): return pattern
        case let .failure(error):
            throw ArgumentError(argument, "found \"\(text)\": \(error.reason), as in dd.MM.yyyy or yyyy-MM-dd HH:mm")
        }
    }
}
