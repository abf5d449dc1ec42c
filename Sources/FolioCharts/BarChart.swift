import Foundation

/// One series of a bar chart: a value per group.
public struct BarSeries: Hashable, Sendable {
    public var name: String
    public var values: [Double]
    /// Its colour when the data decides it (an asset's, or "Other"'s grey); nil: its position's.
    public var swatch: Swatch?
    public init(name: String, values: [Double], swatch: Swatch? = nil) {
        self.name = name; self.values = values; self.swatch = swatch
    }
}

/// Clustered vertical bars: groups (months, years) along x, one bar per series in each group, values or
/// each series' percentage of its group's total. The value axis always includes zero; negative values
/// hang below the zero line. A legend names the series above the plot.
public struct BarChart: Chart, Hashable {
    public enum Mode: Hashable, Sendable { case values, percentOfGroup }

    public var frame: ChartFrame
    public var groups: [String]
    public var series: [BarSeries]
    public var mode: Mode
    /// Axis label format; `nil` = compact numbers (values) or whole percents (percent mode).
    public var valueFormat: NumberFormat?

    public init(frame: ChartFrame, groups: [String], series: [BarSeries], mode: Mode = .values, valueFormat: NumberFormat? = nil) {
        self.frame = frame; self.groups = groups; self.series = series; self.mode = mode; self.valueFormat = valueFormat
    }

    /// The plotted value of series `s` in group `g` (a fraction in percent mode); NaN when missing.
    public func plotted(_ s: Int, _ g: Int) -> Double {
        let v = g < series[s].values.count ? series[s].values[g] : .nan
        guard mode == .percentOfGroup else { return v }
        let total = series.reduce(0.0) { acc, one in
            let x = g < one.values.count ? one.values[g] : 0
            return acc + (x.isFinite ? abs(x) : 0)
        }
        return total > 0 && v.isFinite ? v / total : .nan
    }

    func color(_ s: Int, _ theme: Theme) -> Color { theme.color(series[s].swatch, position: s) }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        var body = b.drawFrame()
        let theme = b.theme
        let values = series.indices.flatMap { s in groups.indices.map { plotted(s, $0) } }.filter(\.isFinite)
        guard !groups.isEmpty, !series.isEmpty, !values.isEmpty else { b.drawNoData(in: body); return b.scene() }

        let legendHeight = series.count > 1
            ? Legend.draw(names: series.map(\.name), colors: series.indices.map { color($0, theme) }, in: body, builder: &b)
            : 0
        body.y += legendHeight + (legendHeight > 0 ? theme.axisSize * 0.8 : 0)
        body.height -= legendHeight + (legendHeight > 0 ? theme.axisSize * 0.8 : 0)

        let plotTop = body.minY + theme.axisSize * 0.5
        let groupLabelHeight = b.layout.height(b.axisStyle) + theme.axisSize * 0.6
        let plotBottom = body.maxY - groupLabelHeight
        let yScale = LinearScale(dataMin: values.min()!, dataMax: values.max()!, range: (plotBottom, plotTop),
                                 targetTicks: 5, includeZero: true)
        let format = valueFormat ?? (mode == .percentOfGroup
            ? NumberFormat(locale: frame.locale, style: .percent(max(yScale.step.decimals - 2, 0)))
            : NumberFormat(locale: frame.locale, style: .compact(decimals: 1)))
        let left = body.minX + Axes.valueLabelWidth(yScale, format: format, builder: b) + theme.axisSize * 0.6
        let plot = Rect(x: left, y: plotTop, width: max(body.maxX - left, 1), height: max(plotBottom - plotTop, 1))
        Axes.drawValueAxis(yScale, format: format, plot: plot, builder: &b, zeroLine: true)

        // Clusters are separated by about one bar; bars in a cluster by a hairline (~5 % of a bar).
        let n = Double(series.count)
        let band = BandScale(count: groups.count, range: (plot.minX, plot.maxX),
                             paddingInner: 1 / (n + 1), paddingOuter: 0.5 / (n + 1))
        let innerGap = band.bandwidth / n * 0.05
        let barWidth = (band.bandwidth - innerGap * (n - 1)) / n
        let zero = yScale(0)
        for g in groups.indices {
            for s in series.indices {
                let v = plotted(s, g)
                guard v.isFinite, v != 0 else { continue }
                let x = band.start(g) + Double(s) * (barWidth + innerGap)
                let y = yScale(v)
                var bar = PathShape.rect(Rect(x: x, y: min(y, zero), width: barWidth, height: abs(y - zero)), fill: color(s, theme))
                bar.stroke = theme.outline(for: color(s, theme))
                b.add(bar)
            }
        }
        // The zero line goes over the bars' feet so that it reads as the baseline.
        let zy = Axes.snap(zero, width: theme.gridWidth)
        b.add(.segment(Point(x: plot.minX, y: zy), Point(x: plot.maxX, y: zy), stroke: Stroke(color: theme.axis, width: theme.gridWidth)))

        // Group labels: all when they fit, otherwise every k-th.
        let widest = groups.map { b.layout.width($0, b.axisStyle) }.max() ?? 0
        let every = max(1, Int((widest + theme.axisSize) / band.step) + 1)
        for g in groups.indices where g % every == 0 {
            let text = b.layout.fit(groups[g], maxWidth: band.step * Double(every) - theme.axisSize * 0.5, style: b.axisStyle)
            b.add(b.layout.run(text, at: Point(x: band.center(g), y: plot.maxY + theme.axisSize * 0.6), anchor: .middle,
                               baseline: .top, style: b.axisStyle))
        }
        return b.scene()
    }
}
