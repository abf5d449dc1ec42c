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
    /// Where the plot is on the chart's canvas; nil when it draws none ("No data"). Laid out, not drawn.
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

/// A plot over time laid out before anything is drawn: the rectangle, the value axis left of it and the
/// time axis under it. Every time chart places its plot by this one rule, which is what lets two of them
/// line up: the value labels and the chart's own labels right of the plot set its edges, then
/// `minimumInsets` can only move them inwards.
struct TimePlotLayout {
    var plot: Rect
    var value: ValueAxis
    var time: TimeAxis

    /// A plot from `top` to `bottom` (the time axis' height already left under it), from right of the value
    /// labels in `body` to `rightEdge`, where the chart's labels right of the plot begin.
    init(
        body: Rect,
        top: Double,
        bottom: Double,
        value: ValueAxis,
        rightEdge: Double,
        span: ClosedRange<Double>,
        insets: PlotInsets,
        _ b: SceneBuilder
    ) {
        let left = max(value.plotLeft(in: body, b), insets.left)
        let right = min(rightEdge, b.frame.width - insets.right)
        plot = .plot(left: left, top: top, right: right, bottom: bottom)
        self.value = value
        time = TimeAxis(span: span, plot: plot, b)
    }

    func drawAxes(builder: inout SceneBuilder) {
        value.draw(plot: plot, builder: &builder)
        time.draw(plot: plot, builder: &builder)
    }
}
