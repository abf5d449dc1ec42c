import FolioCore
import Foundation

/// Any analytics result as a plain table, so that the command line can print it as aligned text, CSV or
/// JSON without knowing which result it is (`folio table NAME --format text|csv|json`).
///
/// A cell is `nil` when the value is undefined (a missing quote, a correlation of a constant series);
/// encoders show it as `—` (text), an empty field (CSV) or `null` (JSON), never as 0.
public struct ResultTable: Hashable, Sendable {
    public enum ColumnKind: String, Hashable, Sendable, CaseIterable {
        case text, number, percent, time, day
    }

    public struct Column: Hashable, Sendable {
        public var name: String
        public var kind: ColumnKind
        /// Digits after the point in aligned text. CSV and JSON carry the full value less binary noise
        /// (`Cell.figure`).
        public var decimals: Int
        /// A number that is no amount (a Sharpe ratio, a correlation): CSV and JSON write it to 15
        /// significant digits, as a percent, not to a millionth of the text's step, which is an amount's.
        public var ratio: Bool

        public init(_ name: String, _ kind: ColumnKind, decimals: Int = 2, ratio: Bool = false) {
            self.name = name
            self.kind = kind
            self.decimals = decimals
            self.ratio = ratio
        }
    }

    /// One value. Percent columns hold percentage points (12.5 means 12.5 %).
    public enum Cell: Hashable, Sendable {
        case text(String)
        case number(Double)
        case time(Date)
        case day(Day)
    }

    public var columns: [Column]
    public var rows: [[Cell?]]

    public init(columns: [Column], rows: [[Cell?]]) {
        precondition(rows.allSatisfy { $0.count == columns.count }, "every row has one cell per column")
        self.columns = columns
        self.rows = rows
    }

    /// The cell in `row` under the column named `column`, `nil` when undefined or there is no such column.
    public func cell(_ row: Int, _ column: String) -> Cell? {
        guard let c = columns.firstIndex(where: { $0.name == column }) else { return nil }
        return rows[row][c]
    }

    /// The number in `row` under `column`, `nil` when undefined or not a number.
    public func number(_ row: Int, _ column: String) -> Double? {
        if case let .number(v)? = cell(row, column) { return v }
        return nil
    }

    /// Output formats of `encoded(as:)`.
    public enum Format: String, Hashable, Sendable, CaseIterable {
        case text, csv, json
    }

    /// The table in `format`: aligned text for a terminal, RFC 4180 CSV, or the JSON shape of README's
    /// "Tables from the command line".
    public func encoded(as format: Format) -> String {
        switch format {
        case .text: alignedText()
        case .csv: csv()
        case .json: json()
        }
    }
}

extension ResultTable.Cell {
    /// A number cell, or `nil` (undefined) when the value is `nil` or not finite.
    static func finite(_ value: Double?) -> ResultTable.Cell? {
        guard let value, value.isFinite else { return nil }
        return .number(value)
    }

    /// A number of `column` as CSV and JSON write it: an amount to 14 significant digits and to a
    /// millionth of the column's step (a millionth of a cent in a money column), so that no binary noise
    /// is written as a figure — neither a sum's (445.18000000000006 is 445.18) nor a difference of equal
    /// amounts' (a realised 7.275957614183426e-12 is 0). Percents and ratios keep their 15 digits
    /// (`DecimalText.significant`), so that a column's shares still add up to 100 and a Sharpe ratio is
    /// QuantStats' to the twelfth digit. The figure is then written as `DecimalText.exact` writes it.
    static func figure(_ value: Double, _ column: ResultTable.Column) -> String {
        let amount = column.kind == .number && !column.ratio
        let places = Double(column.decimals + 6)
        guard !amount || value.magnitude >= pow(10, -places) else { return "0" }
        // An amount's noise can reach the 15th digit (a balance of −696.314000000001, a few operations'
        // ulps): 14 keep every cent below 10¹². A ratio or a percent keeps 15.
        var figure = amount ? Double(String(format: "%.14g", value)) ?? value : DecimalText.significant(value)
        // Dividing by a power of ten (exact up to 1e22) gives the double nearest the decimal figure.
        let scale = pow(10, places)
        if amount, places <= 22, (figure * scale).magnitude < 9e15 {
            figure = (figure * scale).rounded() / scale
        }
        return DecimalText.exact(figure)
    }
}
