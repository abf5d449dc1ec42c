import FolioCharts

/// A table a report can show: every column it has, keyed by the name definitions use. Cells carry the
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
    /// Columns shown when a definition lists none.
    public var defaultColumns: [String]
    public init(columns: [Column], rows: [[Cell]], defaultColumns: [String]? = nil) {
        self.columns = columns; self.rows = rows; self.defaultColumns = defaultColumns ?? columns.map(\.key)
    }
}

/// What a chart block turns into: one chart, or small multiples that flow over pages.
public enum ChartContent: Sendable {
    case chart(any Chart)
    case smallMultiples([LineSeries])
}

/// The data behind one kind of report. The builder asks it for the pieces a definition names; a name it
/// does not know is `nil`, which the builder reports with the block's path.
public protocol ReportDataSource: Sendable {
    /// Placeholder values: `portfolio`, `asOf`, `base`, `generated`.
    var values: [String: String] { get }
    /// Whether a `when:` condition holds; nil for an unknown condition.
    func condition(_ name: String) -> Bool?
    func tile(_ kind: KPIKind) -> KPITile?
    /// Datasets a chart block may name, with the chart kinds each one can be drawn as.
    var chartData: [String: Set<ChartKind>] { get }
    func chart(_ kind: ChartKind, data: String, parameters: [String: String], frame: ChartFrame) throws -> ChartContent
    var tableNames: [String] { get }
    func table(_ name: String) -> DataTable?
}
