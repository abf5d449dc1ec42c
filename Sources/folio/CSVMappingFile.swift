import FolioCore
import FolioImport
import FolioStore
import FolioYAML
import Foundation

/// A saved `folio import csv` mapping, read as every YAML file Folio reads (`BoundedYAML`):
///
///     columns: { date: Date, price: Price }
///     asset: BRENT
///     currency: USD
///     market: exchange
///     delimiter: ","
///     decimal-comma: false
///     date-format: yyyy-MM-dd
///
/// `source`, `wide` and `ignore-columns` (a list) are read too. Unknown keys are errors, each named
/// with the file and the key.
enum CSVMappingFile {
    static let keys: Set<String> = [
        "columns", "asset", "currency", "market", "source", "delimiter", "decimal-comma", "date-format", "wide",
        "ignore-columns",
    ]

    static func load(path: String) throws -> CSVMapping {
        let reader = ConfigReader(file: path)
        let root = try reader.map(
            try BoundedYAML.load(contentsOf: URL(fileURLWithPath: path)) ?? [String: Any](),
            at: ""
        )
        try reader.allow(root, keys, at: "")
        var mapping = CSVMapping()
        /// The value at `key` through the parser the command line uses, its complaint named by the key.
        func read<T>(_ key: String, _ parse: (String, String) throws -> T) throws -> T? {
            guard let value = root[key] else { return nil }
            do { return try parse(try reader.string(value, at: key), key) } catch let error as ArgumentError {
                throw reader.error(key, error.problem)
            }
        }
        func flag(_ key: String) throws -> Bool? {
            guard let value = root[key] else { return nil }
            guard let flag = value as? Bool else {
                throw reader.error(key, "found \(value.map { "\($0)" } ?? "nothing"), expected true or false")
            }
            return flag
        }
        if let columns = root["columns"] {
            var pairs: [(field: String, column: String)] = []
            for (name, column) in try reader.map(columns ?? [String: Any](), at: "columns").sorted(by: {
                $0.key < $1.key
            }) {
                guard CSVMapping.Field(name: name) != nil else {
                    throw reader.error(
                        "columns.\(name)",
                        "unknown field, expected one of \(CSVMapping.Field.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                pairs.append((name, try reader.string(column, at: "columns.\(name)")))
            }
            do { mapping.columns = try CSVMapping.columns(pairs, "columns") } catch let error as ArgumentError {
                throw reader.error("columns", error.problem)
            }
        }
        mapping.asset = try read("asset", ArgumentValue.asset)
        mapping.currency = try read("currency", ArgumentValue.asset)
        mapping.market = try read("market") { try ArgumentValue.market($0, $1)! }
        mapping.source = try read("source") { text, _ in text }
        mapping.delimiter = try read("delimiter", CSVMapping.delimiter)
        mapping.dateFormat = try read("date-format", CSVMapping.dateFormat)
        mapping.decimalComma = try flag("decimal-comma")
        mapping.wide = try flag("wide")
        mapping.ignoreColumns = try root["ignore-columns"].map { try reader.strings($0, at: "ignore-columns") }
        return mapping
    }
}
