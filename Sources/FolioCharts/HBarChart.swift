import Foundation

/// Horizontal bars: one row per category (deposits and withdrawals by month), a bar per series in each
/// row growing right for positive and left for negative values from a zero line, with the value written
/// at the end of each bar. Series named in a legend when there are several.
public struct HBarChart: Chart, Hashable {
    public var frame: ChartFrame
    public var categories: [String]
    public var series: [BarSeries]
    /// Format of values at the bar ends and on the axis; `nil` = compact numbers.
    public var valueFormat: NumberFormat?

    public init(frame: ChartFrame, categories: [String], series: [BarSeries], valueFormat: NumberFormat? = nil) {
        self.frame = frame
        self.categories = categories
        self.series = series
        self.valueFormat = valueFormat
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard let laidOut = layOut(body, b) else {
            b.drawNoData(in: body)
            return b.scene()
        }
        laidOut.legend.draw(builder: &b)
        let (plot, xScale) = (laidOut.plot, laidOut.xScale)
        BottomValueAxis(scale: xScale, format: valueFormat ?? laidOut.format).draw(plot: plot, builder: &b)
        drawRows(x: xScale, format: laidOut.format, plot: plot, labelWidth: laidOut.labelWidth, builder: &b)
        let zx = Axes.snap(xScale(0), width: b.theme.gridWidth)
        b.add(
            .segment(
                Point(x: zx, y: plot.minY),
                Point(x: zx, y: plot.maxY),
                stroke: Stroke(color: b.theme.axis, width: b.theme.gridWidth)
            )
        )
        return b.scene()
    }

    /// Horizontal bars laid out in a chart's body: the legend above, the categories' names left of the
    /// plot, the value axis under it, and room at either end for the figures at the bars' ends.
    struct Layout {
        var legend: Legend
        /// The bars' rows; its width is unused, the value scale spans them.
        var plot: Rect
        var xScale: LinearScale
        /// Of the figures at the bars' ends.
        var format: NumberFormat
        var labelWidth: Double
    }

    /// Nil when there is nothing to draw.
    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout? {
        let theme = b.theme
        let values = series.flatMap(\.values).filter(\.isFinite)
        guard !categories.isEmpty, !values.isEmpty else { return nil }
        var body = body
        let legend = Legend(
            names: series.count > 1 ? series.map(\.name) : [],
            colors: series.indices.map { theme.color(series[$0].swatch, position: $0) },
            atTopOf: &body,
            b
        )
        let format = valueFormat ?? NumberFormat(locale: frame.locale, style: .compact(decimals: 1))
        var valueStyle = b.axisStyle
        valueStyle.color = theme.text
        let labelWidth = min(categories.map { b.layout.width($0, b.axisStyle) }.max() ?? 0, body.width * 0.25)
        let endLabel = values.map { b.layout.width(format.string($0), valueStyle) }.max() ?? 0
        let axisHeight = BottomValueAxis.height(b)
        let plot = Rect(
            x: body.minX + labelWidth + theme.axisSize * 0.6,
            y: body.minY,
            width: 0,
            height: body.height - axisHeight
        )
        let hasNegative = values.contains { $0 < 0 }
        let rangeStart = plot.minX + (hasNegative ? endLabel + 6 : 0)
        let rangeEnd = body.maxX - (values.contains { $0 > 0 } ? endLabel + 6 : 0)
        let xScale = LinearScale(
            dataMin: values.min()!,
            dataMax: values.max()!,
            range: (rangeStart, max(rangeEnd, rangeStart + 1)),
            targetTicks: 4,
            includeZero: true
        )
        return Layout(legend: legend, plot: plot, xScale: xScale, format: format, labelWidth: labelWidth)
    }

    /// A row per category: its name left of the plot, its series' bars from the zero line, each with its
    /// value at its end when the bar is tall enough for the figure.
    private func drawRows(
        x xScale: LinearScale,
        format: NumberFormat,
        plot: Rect,
        labelWidth: Double,
        builder b: inout SceneBuilder
    ) {
        let theme = b.theme
        var valueStyle = b.axisStyle
        valueStyle.color = theme.text
        let band = BandScale(
            count: categories.count,
            range: (plot.minY, plot.maxY),
            paddingInner: 0.3,
            paddingOuter: 0.15
        )
        let n = Double(series.count)
        let barHeight = band.bandwidth / n
        let zero = xScale(0)
        for (c, category) in categories.enumerated() {
            b.add(
                b.layout.run(
                    b.layout.fit(category, maxWidth: labelWidth, style: b.axisStyle),
                    at: Point(x: plot.minX - theme.axisSize * 0.6, y: band.center(c)),
                    anchor: .end,
                    baseline: .middle,
                    style: b.axisStyle
                )
            )
            for s in series.indices {
                guard c < series[s].values.count, series[s].values[c].isFinite, series[s].values[c] != 0 else {
                    continue
                }
                let v = series[s].values[c]
                let y = band.start(c) + Double(s) * barHeight
                let x = xScale(v)
                let color = theme.color(series[s].swatch, position: s)
                var bar = PathShape.rect(
                    Rect(x: min(x, zero), y: y, width: abs(x - zero), height: barHeight * 0.92),
                    fill: color
                )
                bar.stroke = theme.outline(for: color)
                b.add(bar)
                guard barHeight >= b.layout.height(valueStyle) * 0.75 else { continue }
                b.add(
                    b.layout.run(
                        format.string(v),
                        at: Point(x: v < 0 ? x - 4 : x + 4, y: y + barHeight * 0.46),
                        anchor: v < 0 ? .end : .start,
                        baseline: .middle,
                        style: valueStyle
                    )
                )
            }
        }
    }
}
