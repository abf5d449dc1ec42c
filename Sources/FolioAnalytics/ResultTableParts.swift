import Foundation

/// A result made of several tables with different columns (the tax year: its sales, its totals, its
/// dividends), printed one after another. A single unnamed part prints exactly as its table does, so
/// that every one-table result keeps its shape.
///
/// - text: each part under its title line, a blank line between parts;
/// - csv: each part with its own header line, an empty line between parts (a spreadsheet opens the
///   file as one sheet with the parts one under another);
/// - json: one object with a key per part, each holding the table's `{"columns":…,"rows":…}`.
public struct ResultTableParts: Sendable {
    public struct Part: Sendable {
        /// The JSON key, a plain word of the code (`sales`), never data; nil for a lone table.
        public var name: String?
        /// The line above the part in text.
        public var title: String
        public var table: ResultTable
        public init(name: String?, title: String, table: ResultTable) {
            self.name = name
            self.title = title
            self.table = table
        }
    }

    public var parts: [Part]

    public init(_ parts: [Part]) { self.parts = parts }
    public init(_ table: ResultTable) { self.init([Part(name: nil, title: "", table: table)]) }

    public func encoded(as format: ResultTable.Format) -> String {
        if parts.count == 1, parts[0].name == nil { return parts[0].table.encoded(as: format) }
        switch format {
        case .text: return parts.map { $0.title + "\n\n" + $0.table.alignedText() }.joined(separator: "\n")
        case .csv: return parts.map { $0.table.csv() }.joined(separator: "\r\n")
        case .json:
            let body = parts.map { part in
                "\"" + (part.name ?? "") + "\":" + String(part.table.json().dropLast())
            }
            return "{" + body.joined(separator: ",") + "}\n"
        }
    }
}
