import Foundation

/// Room kept left and right of a plot, in points from the canvas's edges.
public struct PlotInsets: Hashable, Sendable {
    public var left: Double
    public var right: Double
    public init(left: Double = 0, right: Double = 0) {
        self.left = left
        self.right = right
    }
}

/// A chart with one plot over a time axis. Two over the same days, one under the other (a report's
/// cumulative return and its drawdown), are read as one figure only when a day is at the same x in
/// both: each then keeps at least the other's label room on either side (`minimumInsets`), so that their
/// plots start and end together whatever their value labels and line-end labels need.
public protocol TimePlotChart: Chart {
    /// The first and last time the x axis spans; nil when there is nothing to plot.
    var timeSpan: ClosedRange<Double>? { get }
    /// At least this much room left and right of the plot; zero: what its own labels need.
    var minimumInsets: PlotInsets { get set }
    /// Where the plot is on the chart's canvas; nil when it draws none ("No data").
    func plotArea(measurer: any TextMeasurer) -> Rect?
}

extension TimePlotChart {
    /// The room its own labels take left and right of its plot on its canvas.
    public func labelInsets(measurer: any TextMeasurer) -> PlotInsets? {
        var own = self
        own.minimumInsets = PlotInsets()
        return own.plotArea(measurer: measurer).map { PlotInsets(left: $0.minX, right: frame.width - $0.maxX) }
    }
}
