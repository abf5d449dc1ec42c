import Foundation

/// A mark: a chart of one kind that knows its frame (canvas, theme, locale, titles) and lays itself out
/// into a scene. The pipeline for every mark: its data + frame → a layout measured with a `TextMeasurer`
/// (the frame's `FrameLayout`; the shared guides `ValueAxis`, `TimeAxis`, `Legend`, `BodyNote`,
/// `LineEndLabels`; the mark's own `Layout` with its plot and scales) → drawing into that layout only →
/// `Scene` (flat primitives in points, y down) → FolioRender. A new kind of chart is one file with one
/// type conforming to this, its case in `ChartKind` and its descriptor in FolioDatasets.
public protocol Chart: Sendable {
    var frame: ChartFrame { get set }
    func scene(measurer: any TextMeasurer) -> Scene
}

extension Chart {
    /// The same chart on another canvas (a report block's width, a test's size).
    public func resized(width: Double, height: Double) -> Self {
        var copy = self
        copy.frame.width = width
        copy.frame.height = height
        return copy
    }
}

/// Every kind of chart Folio draws, by the name the command line, report definitions and jobs files use
/// (`folio chart KIND`, `chart: KIND`): the one list of kinds. What each means to the user (its help, its
/// standard dataset) is its descriptor, `ChartKind.descriptor` in FolioDatasets, which knows the datasets.
public enum ChartKind: String, Hashable, Sendable, CaseIterable {
    case line, compare, pie, donut, bars, hbars, correlation, table
    case smallMultiples = "small-multiples"
    case heatmap, drawdown, waterfall, bullet

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
