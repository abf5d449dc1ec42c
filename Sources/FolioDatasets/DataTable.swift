import FolioCharts

/// A table a report or a table chart shows: every column it has, keyed by the name definitions use. Cells carry the
/// text shown and a key to sort by, so sorting never re-parses formatted numbers.
public struct DataTable: Sendable {
    public struct Column: Sendable {
        public var key: String
        public var title: String
        public var numeric: Bool
        public init(key: String, title: String, numeric: Bool) { self.key = key; self.title = title; self.numeric = numeric }
    }
    public struct Cell: Sendable {
        public var text: String
        public var sortNumber: Double?
        public init(_ text: String, sort: Double? = nil) { self.text = text; self.sortNumber = sort }
    }
    public var columns: [Column]
    public var rows: [[Cell]]
    /// Rows below the others that sorting and limits leave where they are (a total).
    public var totals: [[Cell]]
    /// Columns shown when a definition lists none.
    public var defaultColumns: [String]
    public init(columns: [Column], rows: [[Cell]], totals: [[Cell]] = [], defaultColumns: [String]? = nil) {
        self.columns = columns; self.rows = rows; self.totals = totals; self.defaultColumns = defaultColumns ?? columns.map(\.key)
    }

    /// The table as a chart of its own (`folio chart table`): numeric columns right-aligned.
    public func chart(frame: ChartFrame) -> TableChart {
        let cells = (rows + totals).map { row in
            zip(columns, row).map { column, cell in column.numeric ? TableCell.figure(cell.text) : .text(cell.text) }
        }
        return TableChart(frame: frame, header: columns.map(\.title), rows: cells)
    }
}
