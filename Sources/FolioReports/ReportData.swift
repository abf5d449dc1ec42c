import FolioCharts
import FolioDatasets

/// What a chart block turns into: one chart, or small multiples whose panels flow over pages.
public enum ChartContent: Sendable {
    case chart(any Chart)
    case smallMultiples(SmallMultiplesChart)
}

/// The data behind one kind of report. The builder asks it for the pieces a definition names; its
/// conditions and tables are enums, so that a name it does not know is `nil`, which the builder reports
/// with the block's path and the names this report knows.
public protocol ReportDataSource: Sendable {
    /// The `when:` conditions its definitions may name, in the order a definition error lists them.
    associatedtype Condition: RawRepresentable<String>, CaseIterable
    /// The tables its definitions may name, in the order a definition error lists them.
    associatedtype Table: RawRepresentable<String>, CaseIterable
    /// Placeholder values: `portfolio`, `asOf`, `base`, `generated`, `stamp` (`ReportStamp`).
    var values: [String: String] { get }
    func holds(_ condition: Condition) -> Bool
    func tile(_ kind: KPIKind) -> KPITile?
    /// The tiles of a `kpis` row written as a sum (`kinds` with `operators` between them), each figure
    /// rounded so that the row adds up as written; nil when the data cannot (the row is then drawn as
    /// separate figures).
    func sum(_ kinds: [KPIKind], _ operators: [KPIOperator]) -> [KPITile]?
    /// One its data has nothing for comes back empty, the gap among the warnings; any other failure is
    /// thrown and fails the report.
    func table(_ table: Table) throws -> DataTable
    /// What the blocks drawn so far left out or could not draw, a line each, for stderr.
    var warnings: [String] { get }
}

/// The data of a report that draws charts (portfolio, market, budget): the tax report draws none, so a
/// chart block of its definition is refused as naming no dataset, before anything is drawn.
public protocol ChartReportDataSource: ReportDataSource {
    /// Datasets a chart block may name, with the chart kinds each one can be drawn as.
    var chartData: [String: Set<ChartKind>] { get }
    func chart(_ kind: ChartKind, data: String, parameters: [String: String], frame: ChartFrame) throws -> ChartContent
}

extension ReportDataSource {
    public func sum(_ kinds: [KPIKind], _ operators: [KPIOperator]) -> [KPITile]? { nil }

    public var conditionNames: [String] { Condition.allCases.map(\.rawValue) }
    /// Whether the `when:` condition named holds; nil for a name this report does not know.
    public func condition(_ name: String) -> Bool? { Condition(rawValue: name).map(holds) }

    public var tableNames: [String] { Table.allCases.map(\.rawValue) }
    /// The table named; nil for a name this report does not know.
    public func table(_ name: String) throws -> DataTable? { try Table(rawValue: name).map { try table($0) } }
}
