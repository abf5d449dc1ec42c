import Foundation

/// The chart kinds Folio draws, by their command-line names (`folio chart KIND`).
public enum ChartKind: String, Hashable, Sendable, CaseIterable {
    case line, compare, pie, donut, bars, hbars, correlation, table
}

/// A chart of any kind, ready to become a scene: one case per mark (a new kind is one mark file and one
/// case here). The pipeline for every case: spec + data → scales and layout measured with a
/// `TextMeasurer` → `Scene` (flat primitives in points, y down) → FolioRender.
public enum ChartSpec: Hashable, Sendable {
    case line(LineChart)
    case compare(CompareChart)
    case pie(PieChart)
    case bars(BarChart)
    case hbars(HBarChart)
    case correlation(CorrelationChart)
    case table(TableChart)
    case smallMultiples(SmallMultiplesChart)

    public var kind: ChartKind {
        switch self {
        case .line, .smallMultiples: .line
        case .compare: .compare
        case .pie(let p): p.donut ? .donut : .pie
        case .bars: .bars
        case .hbars: .hbars
        case .correlation: .correlation
        case .table: .table
        }
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        switch self {
        case .line(let c): c.scene(measurer: measurer)
        case .compare(let c): c.scene(measurer: measurer)
        case .pie(let c): c.scene(measurer: measurer)
        case .bars(let c): c.scene(measurer: measurer)
        case .hbars(let c): c.scene(measurer: measurer)
        case .correlation(let c): c.scene(measurer: measurer)
        case .table(let c): c.scene(measurer: measurer)
        case .smallMultiples(let c): c.scene(measurer: measurer)
        }
    }
}
