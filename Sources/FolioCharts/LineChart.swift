import Foundation

/// One named series over time: parallel arrays of UTC seconds and values; NaN marks a gap.
public struct LineSeries: Hashable, Sendable {
    public var name: String
    public var times: [Double]
    public var values: [Double]
    /// Its colour when the data decides it (an asset's); nil: its position's.
    public var swatch: Swatch?
    public init(name: String, times: [Double], values: [Double], swatch: Swatch? = nil) {
        self.name = name
        self.times = times
        self.values = values
        self.swatch = swatch
    }
}

/// A line chart of one or more series over time. With one series and `annotateWindow` (the 7-day price
/// line), it marks the minimum and maximum with labelled discs, draws the average as a dashed line
/// labelled at its right end, and shows the change over the window, coloured and signed by direction.
/// Several series are labelled directly at their last values, with those values when `endFigures`: each
/// name in the text colour after a leader and a key in its line's colour.
public struct LineChart: TimePlotChart, Hashable {
    public var frame: ChartFrame
    public var series: [LineSeries]
    /// Format of marker values and the change; `nil` picks price formatting (significant digits for
    /// tiny prices) in the frame's locale.
    public var valueFormat: NumberFormat?
    public var annotateWindow: Bool
    /// Longest time step still joined by a line; `nil` = three times the median step.
    var maxStep: Double?
    /// The change shown in the headline instead of last − first: a portfolio's value moves with deposits
    /// and withdrawals, which are not gains (the value dataset passes its `ValueGain`).
    public var headlineChange: HeadlineChange?
    /// Values on a log scale (`LogScale`): equal ratios at equal heights. Every value must be above zero.
    public var logScale: Bool
    /// Each line's end label gives its last value after its name ("Demo UAH 1,002.3", in `valueFormat`),
    /// a single line's too: where the line ends is the figure the chart is about (a cumulative return).
    public var endFigures = false
    public var minimumInsets = PlotInsets()
    /// Stretches of time shaded behind the lines, from one time to another (seconds since 1970): the
    /// worst drawdowns on a cumulative return, as a tear sheet marks them.
    public var shadedSpans: [ClosedRange<Double>] = []
    /// A value axis fixed whatever the data spans, with a zero line when it holds zero: a correlation is
    /// always drawn on −1…+1, so that 0.5…1.0 on one page does not read as −1…+1 on another.
    public var valueDomain: ClosedRange<Double>?

    public init(
        frame: ChartFrame,
        series: [LineSeries],
        valueFormat: NumberFormat? = nil,
        annotateWindow: Bool = true,
        maxStep: Double? = nil,
        headlineChange: HeadlineChange? = nil,
        logScale: Bool = false
    ) {
        self.frame = frame
        self.series = series
        self.valueFormat = valueFormat
        self.annotateWindow = annotateWindow
        self.maxStep = maxStep
        self.headlineChange = headlineChange
        self.logScale = logScale
    }

    /// The summary the annotations show (the single series), for tests and reports.
    public var summary: SeriesSummary? { series.count == 1 ? SeriesSummary(series[0].values) : nil }

    public var timeSpan: ClosedRange<Double>? {
        let times = series.flatMap { zip($0.times, $0.values).filter { $0.1.isFinite }.map(\.0) }
        guard let t0 = times.min(), let t1 = times.max() else { return nil }
        return t0...t1
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let laidOut = layOut(b)
        b.draw(laidOut.frame)
        laidOut.change?.draw(builder: &b)
        guard let plot = laidOut.plot else {
            b.drawNoData(in: laidOut.frame.body)
            return b.scene()
        }
        drawShadedSpans(plot, builder: &b)
        plot.drawAxes(builder: &b)
        if let window = laidOut.window {
            drawAverage(window, text: laidOut.averageText, plot: plot, builder: &b)
        }
        let ends = drawLines(plot, builder: &b)
        if let window = laidOut.window {
            ExtremeMarkers.draw(
                summary: window,
                series: series[0],
                color: b.theme.color(series[0].swatch, position: 0),
                format: laidOut.format,
                locale: frame.locale,
                plot: plot.plot,
                x: { plot.time.scale($0) },
                y: { plot.value.scale($0) },
                builder: &b
            )
        }
        laidOut.endLabels?.draw(ends, plot: plot.plot, builder: &b)
        return b.scene()
    }

    public func plotArea(measurer: any TextMeasurer) -> Rect? {
        layOut(SceneBuilder(frame: frame, measurer: measurer)).plot?.plot
    }

    /// Stretches of time (the worst drawdowns) shaded under the grid and the lines, so that neither is hidden.
    private func drawShadedSpans(_ layout: TimePlotLayout, builder b: inout SceneBuilder) {
        let (plot, xScale) = (layout.plot, layout.time.scale)
        for span in shadedSpans {
            let (x0, x1) = (max(xScale(span.lowerBound), plot.minX), min(xScale(span.upperBound), plot.maxX))
            guard x1 > x0 else { continue }
            b.add(PathShape.rect(Rect(x: x0, y: plot.minY, width: x1 - x0, height: plot.height), fill: b.theme.shade))
        }
    }

    /// The window's average as a dashed line across the plot, labelled at its right end.
    private func drawAverage(_ s: SeriesSummary, text: String, plot: TimePlotLayout, builder b: inout SceneBuilder) {
        let y = plot.value.scale(s.average)
        b.add(
            .segment(
                Point(x: plot.plot.minX, y: y),
                Point(x: plot.plot.maxX, y: y),
                stroke: Stroke(
                    color: b.theme.secondaryText,
                    width: b.theme.averageLineWidth,
                    dash: [b.theme.averageLineWidth * 3, b.theme.averageLineWidth * 2]
                )
            )
        )
        b.add(
            b.layout.run(
                text,
                at: Point(x: plot.plot.maxX + b.theme.axisSize * 0.5, y: y),
                baseline: .middle,
                style: b.axisStyle
            )
        )
    }

    /// Each series as a line (a point with no neighbour near enough to join, as a dot); returns where each
    /// line ends, for its label.
    private func drawLines(_ plot: TimePlotLayout, builder b: inout SceneBuilder) -> [LineEndLabels.End] {
        let (xScale, yScale) = (plot.time.scale, plot.value.scale)
        let width = series.count == 1 ? b.theme.singleLineWidth : b.theme.multiLineWidth
        var ends: [LineEndLabels.End] = []
        for (index, s) in series.enumerated() {
            let color = b.theme.lineColor(b.theme.color(s.swatch, position: index))
            let geometry = LineGeometry.path(
                times: s.times,
                values: s.values,
                maxStep: maxStep ?? LineGeometry.defaultMaxStep(s.times),
                x: { xScale($0) },
                y: { yScale($0) }
            )
            b.add(PathShape(elements: geometry.elements, stroke: Stroke(color: color, width: width), roundCaps: true))
            for p in geometry.isolated {
                b.add(.disc(center: p, radius: width * 1.2, fill: color, outline: nil))
            }
            if let lastIndex = s.values.lastIndex(where: \.isFinite) {
                let end = Point(x: xScale(s.times[lastIndex]), y: yScale(s.values[lastIndex]))
                ends.append(LineEndLabels.End(series: index, point: end, color: color))
            }
        }
        return ends
    }
}
