import FolioCharts

/// A table a report or a table chart shows: every column it has, keyed by the name definitions use. Cells carry the
/// text shown and a key to sort by, so sorting never re-parses formatted numbers.
public struct DataTable: Sendable {
    public struct Column: Sendable {
        public var key: String
        public var title: String
        public var numeric: Bool
        /// Numbers lined up on their decimal separator: a column whose rows differ in decimals.
        public var alignsDecimals: Bool
        /// Rows that share this column's value stay on one page when the table splits, where they can.
        public var keepsRowsTogether: Bool
        /// A heading over this column and its neighbours of the same group ("Purchase" over a purchase's
        /// date, price and rate), which tells apart two columns of one title.
        public var group: String?
        public init(
            key: String,
            title: String,
            numeric: Bool,
            alignsDecimals: Bool = false,
            keepsRowsTogether: Bool = false,
            group: String? = nil
        ) {
            self.key = key
            self.title = title
            self.numeric = numeric
            self.alignsDecimals = alignsDecimals
            self.keepsRowsTogether = keepsRowsTogether
            self.group = group
        }
    }
    public struct Cell: Sendable {
        public var text: String
        public var sortNumber: Double?
        /// Set in bold: the best of its column, a subtotal.
        public var bold: Bool
        public init(_ text: String, sort: Double? = nil, bold: Bool = false) {
            self.text = text
            self.sortNumber = sort
            self.bold = bold
        }
    }
    /// Rows made when asked for: a table of a million trades is sorted by its keys, and only the rows a
    /// definition keeps are formatted (`TableShaping` in FolioReports).
    public struct LazyRows: Sendable {
        public var count: Int
        /// What row `row` sorts by on column `column`: the cell's sort number, or its text where it has none.
        public var sortKey: @Sendable (_ row: Int, _ column: Int) -> Cell
        public var row: @Sendable (_ row: Int) -> [Cell]
        public init(
            count: Int,
            sortKey: @escaping @Sendable (Int, Int) -> Cell,
            row: @escaping @Sendable (Int) -> [Cell]
        ) {
            self.count = count
            self.sortKey = sortKey
            self.row = row
        }
    }
    public var columns: [Column]
    /// Every row, made now if the table makes them when asked.
    public var rows: [[Cell]] {
        get { lazyRows.map { lazy in (0..<lazy.count).map(lazy.row) } ?? madeRows }
        set {
            madeRows = newValue
            lazyRows = nil
        }
    }
    private var madeRows: [[Cell]]
    public private(set) var lazyRows: LazyRows?
    /// Rows below the others that sorting and limits leave where they are (a total).
    public var totals: [[Cell]]
    /// Columns shown when a definition lists none.
    public var defaultColumns: [String]
    /// A line under the table, where a reader looks for what its figures leave out or why they start
    /// when they do ("From 18 Sep 2019: value below zero before").
    public var note: String?
    public init(
        columns: [Column],
        rows: [[Cell]],
        totals: [[Cell]] = [],
        defaultColumns: [String]? = nil,
        note: String? = nil
    ) {
        self.columns = columns
        self.madeRows = rows
        self.totals = totals
        self.defaultColumns = defaultColumns ?? columns.map(\.key)
        self.note = note
    }
    public init(
        columns: [Column],
        lazyRows: LazyRows,
        totals: [[Cell]] = [],
        defaultColumns: [String]? = nil,
        note: String? = nil
    ) {
        self.init(columns: columns, rows: [], totals: totals, defaultColumns: defaultColumns, note: note)
        self.lazyRows = lazyRows
    }

    /// The table as a chart of its own (`folio chart table`): numeric columns right-aligned.
    public func chart(frame: ChartFrame) -> TableChart {
        let cells = (rows + totals).map { row in
            zip(columns, row).map { column, cell in column.numeric ? TableCell.figure(cell.text) : .text(cell.text) }
        }
        return TableChart(frame: frame, header: columns.map(\.title), rows: cells)
    }
}
