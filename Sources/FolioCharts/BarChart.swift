import Foundation

/// One series of a bar chart: a value per group.
public struct BarSeries: Hashable, Sendable {
    public var name: String
    public var values: [Double]
    /// Its colour when the data decides it (an asset's, or "Other"'s grey); nil: its position's.
    public var swatch: Swatch?
    /// An estimate (projected income): drawn in its colour lightened, and named in the legend once, by
    /// the series of the same name that is not, and by one "estimated" key for every estimate.
    public var isEstimate: Bool
    public init(name: String, values: [Double], swatch: Swatch? = nil, isEstimate: Bool = false) {
        self.name = name
        self.values = values
        self.swatch = swatch
        self.isEstimate = isEstimate
    }
}

/// Bars over groups (months, years) along x, in one of three modes. Values: clustered bars, one per series
/// in each group, on a value axis that always includes zero, negative values hanging below the zero line.
/// Stacked: one bar per group, the series' values stacked in their order from zero up (negative ones
/// from zero down), so that the bar is the group's whole and a part is read against it — a portfolio's
/// value by asset, in the shares chart's order and colours.
/// Shares: one bar per group stacked to 100 % from each series' share of what the group holds, in the
/// series' order from the bottom up (the order and colours the values chart has); a negative value is no
/// share of a whole (a negative balance is not a holding), so it is left out of the stack and named under
/// the chart ("Not shown: BTC (Mar – Dec)"), as the pie names its negative slices. A legend names the
/// series above the plot.
public struct BarChart: Chart, Hashable {
    public enum Mode: Hashable, Sendable { case values, stacked, shares }

    public var frame: ChartFrame
    public var groups: [String]
    public var series: [BarSeries]
    public var mode: Mode
    /// Axis labels: a percent style is used as it is; any other gives the labels' currency, the figures
    /// following the axis' one rule (`Axes.tickFormat`). `nil`: plain figures (values), whole percents (shares).
    public var valueFormat: NumberFormat?
    /// Values mode: each bar's value written at its end (above a bar above zero, below one under it) in
    /// this format, when there are at most 12 groups (CHART-STYLE.md: a bar of returns); the axis then
    /// spans the data with a margin (`LinearScale`'s snug domain) and a label too wide for its bar's slot
    /// is left out rather than overlap its neighbour.
    public var valueLabels: NumberFormat?

    public init(
        frame: ChartFrame,
        groups: [String],
        series: [BarSeries],
        mode: Mode = .values,
        valueFormat: NumberFormat? = nil
    ) {
        self.frame = frame
        self.groups = groups
        self.series = series
        self.mode = mode
        self.valueFormat = valueFormat
    }

    func value(_ s: Int, _ g: Int) -> Double { g < series[s].values.count ? series[s].values[g] : .nan }

    /// The plotted value of series `s` in group `g`: the value, or its share of the group's positive
    /// values (0…1, NaN for a value that is no share); NaN when missing.
    func plotted(_ s: Int, _ g: Int) -> Double {
        let v = value(s, g)
        guard mode == .shares else { return v }
        let held = series.indices.map { value($0, g) }.filter { $0 > 0 }.reduce(0, +)
        return held > 0 && v > 0 ? v / held : .nan
    }

    /// Shares: the series with negative values, each with the groups they are in ("BTC (Mar – Dec)"),
    /// named under the chart since the stacks leave them out; nil when nothing is left out.
    package var notShownText: String? {
        guard mode == .shares else { return nil }
        let named = series.indices.compactMap { s -> String? in
            let below = groups.indices.filter { value(s, $0) < 0 }
            return below.isEmpty ? nil : series[s].name + " (" + runs(below) + ")"
        }
        return named.isEmpty ? nil : frame.locale.notShown + ": " + named.joined(separator: ", ")
    }

    /// Group indices as their labels, consecutive ones as one range: "Jan 2017 – Mar, Jun".
    func runs(_ indices: [Int]) -> String {
        Self.consecutive(indices).map {
            $0.count == 1 ? groups[$0[0]] : groups[$0[0]] + " – " + groups[$0[$0.count - 1]]
        }
        .joined(separator: ", ")
    }

    /// Ascending indices in runs of consecutive ones: [0, 1, 2, 5] → [[0, 1, 2], [5]].
    static func consecutive(_ indices: [Int]) -> [[Int]] {
        indices.reduce(into: [[Int]]()) { runs, i in
            if let last = runs.last?.last, last == i - 1 { runs[runs.count - 1].append(i) } else { runs.append([i]) }
        }
    }

    /// The colour of series `s`: its swatch's, or its position's among the series that are not estimates;
    /// an estimate takes the colour of the series of its name, lightened towards the background.
    func color(_ s: Int, _ theme: Theme) -> Color {
        series[s].isEstimate ? Self.estimate(solidColor(s, theme), theme) : solidColor(s, theme)
    }

    /// The colour of series `s` before an estimate is made paler: its swatch's, or its position's among the
    /// series that are not estimates; an estimate's is that of the series of its name.
    func solidColor(_ s: Int, _ theme: Theme) -> Color {
        let actual = series.indices.filter { !series[$0].isEstimate }
        if series[s].isEstimate, let twin = actual.first(where: { series[$0].name == series[s].name }) {
            return solidColor(twin, theme)
        }
        return theme.color(series[s].swatch, position: actual.firstIndex(of: s) ?? s)
    }

    /// An estimate's colour: `solid` halfway to the background, so that it reads as the same series, paler.
    static func estimate(_ solid: Color, _ theme: Theme) -> Color { solid.mixed(with: theme.background, amount: 0.55) }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let frameLayout = b.layOutFrame()
        b.draw(frameLayout)
        guard let laidOut = layOut(frameLayout.body, b) else {
            b.drawNoData(in: frameLayout.body)
            return b.scene()
        }
        if let note = laidOut.note { b.add(note.run) }
        laidOut.legend.draw(builder: &b)
        let (plot, yScale, theme) = (laidOut.plot, laidOut.yScale, b.theme)
        ValueAxis(scale: yScale, format: laidOut.format, zeroLine: true).draw(plot: plot, builder: &b)
        let band: BandScale
        var bars: [NegativeBarLabels.Bar] = []
        if mode == .values {
            (band, bars) = drawClusters(plot: plot, y: yScale, builder: &b)
        } else {
            band = drawStacks(plot: plot, y: yScale, builder: &b)
        }
        // The zero line goes over the bars' feet so that it reads as the baseline.
        let zy = Axes.snap(yScale(0), width: theme.gridWidth)
        b.add(
            .segment(
                Point(x: plot.minX, y: zy),
                Point(x: plot.maxX, y: zy),
                stroke: Stroke(color: theme.axis, width: theme.gridWidth)
            )
        )
        if laidOut.labelsNegatives { NegativeBarLabels(chart: self).draw(bars, plot: plot, builder: &b) }
        if laidOut.labelsValues, let format = valueLabels {
            drawValueLabels(bars, format: format, plot: plot, builder: &b)
        }
        drawGroupLabels(band, plot: plot, builder: &b)
        return b.scene()
    }

    /// Group labels under the plot: all when they fit, otherwise every k-th.
    private func drawGroupLabels(_ band: BandScale, plot: Rect, builder b: inout SceneBuilder) {
        let theme = b.theme
        let widest = groups.map { b.layout.width($0, b.axisStyle) }.max() ?? 0
        let every = max(1, Int((widest + theme.axisSize) / band.step) + 1)
        for g in groups.indices where g % every == 0 {
            let text = b.layout.fit(
                groups[g],
                maxWidth: band.step * Double(every) - theme.axisSize * 0.5,
                style: b.axisStyle
            )
            b.add(
                b.layout.run(
                    text,
                    at: Point(x: band.center(g), y: plot.maxY + theme.axisSize * 0.6),
                    anchor: .middle,
                    baseline: .top,
                    style: b.axisStyle
                )
            )
        }
    }

    /// Clusters are separated by about one bar; bars in a cluster by a hairline (~5 % of a bar). Returns the
    /// bars drawn, for the labels of the negative ones.
    private func drawClusters(
        plot: Rect,
        y yScale: LinearScale,
        builder b: inout SceneBuilder
    ) -> (BandScale, [NegativeBarLabels.Bar]) {
        let n = Double(series.count)
        let band = BandScale(
            count: groups.count,
            range: (plot.minX, plot.maxX),
            paddingInner: 1 / (n + 1),
            paddingOuter: 0.5 / (n + 1)
        )
        let innerGap = band.bandwidth / n * 0.05
        let barWidth = (band.bandwidth - innerGap * (n - 1)) / n
        let zero = yScale(0)
        var drawn: [NegativeBarLabels.Bar] = []
        for g in groups.indices {
            for s in series.indices {
                let v = plotted(s, g)
                guard v.isFinite, v != 0 else { continue }
                let x = band.start(g) + Double(s) * (barWidth + innerGap)
                let y = yScale(v)
                let rect = Rect(x: x, y: min(y, zero), width: barWidth, height: abs(y - zero))
                var bar = PathShape.rect(rect, fill: color(s, b.theme))
                bar.stroke = b.theme.outline(for: color(s, b.theme))
                b.add(bar)
                drawn.append(NegativeBarLabels.Bar(series: s, group: g, rect: rect))
            }
        }
        return (band, drawn)
    }

    /// Each bar's value at its end, in the text colour: every label in `format`, or with no decimals when
    /// that leaves fewer out; a label that would touch another bar or label, or leave the plot, is left
    /// out, so that labels never run into each other or hide on a neighbour's bar.
    private func drawValueLabels(
        _ bars: [NegativeBarLabels.Bar],
        format: NumberFormat,
        plot: Rect,
        builder b: inout SceneBuilder
    ) {
        let pad = b.theme.axisSize * 0.2
        var whole = format
        if case .percent = format.style { whole.style = .percent(0) } else { whole.style = .decimal(0) }
        let (layout, style) = (b.layout, b.annotationStyle)
        func labels(_ f: NumberFormat) -> [TextRun] {
            var placed: [TextRun] = []
            for bar in bars {
                let v = plotted(bar.series, bar.group)
                let run = layout.run(
                    f.string(v),
                    at: Point(x: bar.rect.midX, y: v < 0 ? bar.rect.maxY + pad : bar.rect.minY - pad),
                    anchor: .middle,
                    baseline: v < 0 ? .top : .bottom,
                    style: style
                )
                let box = run.box
                guard box.minX >= plot.minX - 1, box.maxX <= plot.maxX + 1, box.minY >= plot.minY - 1,
                    !placed.contains(where: { $0.box.intersects(box) }),
                    !bars.contains(where: {
                        ($0.series != bar.series || $0.group != bar.group) && $0.rect.intersects(box)
                    })
                else { continue }
                placed.append(run)
            }
            return placed
        }
        let exact = labels(format)
        let runs = exact.count == bars.count ? exact : [exact, labels(whole)].max { $0.count < $1.count }!
        for run in runs { b.add(run) }
    }

    /// Each group's stack: the sum of its values above zero, or (`below`) of those under it.
    func stackSums(below: Bool) -> [Double] {
        groups.indices.map { g in
            series.indices.map { plotted($0, g) }.filter { $0.isFinite && (below ? $0 < 0 : $0 > 0) }.reduce(0, +)
        }
    }

    /// One bar per group, the shares (or values) stacked from zero in series order — a negative value from
    /// zero down —, parted by a hairline of background (as the pie's slices) so that two neighbours of
    /// close colours stay two.
    private func drawStacks(plot: Rect, y yScale: LinearScale, builder b: inout SceneBuilder) -> BandScale {
        let band = BandScale(count: groups.count, range: (plot.minX, plot.maxX), paddingInner: 0.3, paddingOuter: 0.15)
        for g in groups.indices {
            var (up, down) = (0.0, 0.0)
            for s in series.indices {
                let part = plotted(s, g)
                guard part.isFinite, part != 0 else { continue }
                let base = part > 0 ? up : down
                let (bottom, top) = (yScale(base), yScale(base + part))
                if part > 0 { up += part } else { down += part }
                var segment = PathShape.rect(
                    Rect(x: band.start(g), y: min(top, bottom), width: band.bandwidth, height: abs(bottom - top)),
                    fill: color(s, b.theme)
                )
                segment.stroke =
                    b.theme.outline(for: color(s, b.theme)) ?? Stroke(color: b.theme.background, width: 0.75)
                b.add(segment)
            }
        }
        return band
    }
}
