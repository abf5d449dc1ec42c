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

    public func scene(measurer: any TextMeasurer) -> Scene { drawn(measurer: measurer).scene }
    public func plotArea(measurer: any TextMeasurer) -> Rect? { drawn(measurer: measurer).plot }

    private func drawn(measurer: any TextMeasurer) -> (scene: Scene, plot: Rect?) {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let locale = frame.locale
        let format = valueFormat ?? NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        let single = series.count == 1 ? SeriesSummary(series[0].values) : nil
        let annotate = annotateWindow && single != nil

        // The change over the window sits at the right end of the subtitle line.
        var changeText: String?
        var changeColor = b.theme.text
        var changeRising = true
        if annotate, let s = single, s.first != s.last || series[0].values.filter(\.isFinite).count > 1,
            case let change = headlineChange ?? HeadlineChange(amount: s.change, fraction: s.changeFraction),
            let amount = change.amount
        {
            var signed = format.withDecimals(of: max(abs(s.first), abs(s.last)))
            signed.explicitPlus = true
            let percent =
                change.fraction.map {
                    // One decimal, as every chart writes a percentage (tables write two).
                    " (" + NumberFormat(locale: locale, style: .percent(1), explicitPlus: true).string($0) + ")"
                } ?? ""
            changeText = signed.string(amount) + percent
            changeRising = amount >= 0
            changeColor = amount > 0 ? b.theme.up : amount < 0 ? b.theme.down : b.theme.secondaryText
        }
        let changeStyle = TextStyle(
            size: b.theme.subtitleSize,
            weight: .bold,
            color: b.theme.labelColor(for: changeColor),
            role: .annotation
        )
        let arrowSize = b.theme.subtitleSize * 0.6
        let changeWidth = changeText.map { b.layout.width($0, changeStyle) + arrowSize * 1.6 } ?? 0
        let body = b.drawFrame(subtitleTrailingWidth: changeWidth)
        if let changeText {
            let top = b.subtitleTop()
            let run = b.layout.run(
                changeText,
                at: Point(x: frame.width - b.theme.margin, y: top),
                anchor: .end,
                baseline: .top,
                style: changeStyle
            )
            b.add(run)
            ChangeArrow.draw(
                rising: changeRising,
                flat: changeColor == b.theme.secondaryText,
                rightEdge: run.box.minX - arrowSize * 0.6,
                midY: run.box.midY,
                size: arrowSize,
                color: changeStyle.color,
                builder: &b
            )
        }

        let all = series.flatMap { zip($0.times, $0.values).filter { $0.1.isFinite } }
        guard !all.isEmpty else {
            b.drawNoData(in: body)
            return (b.scene(), nil)
        }

        // Room under the plot for time labels, and above/below the data for marker labels.
        let annotationHeight = b.layout.height(b.annotationStyle)
        let plotTop = body.minY + (annotate ? 0 : b.theme.axisSize * 0.5)
        let plotBottom = body.maxY - Axes.timeAxisHeight(b)
        let plotHeight = max(plotBottom - plotTop, 1)
        var lo = min(all.map(\.1).min()!, valueDomain?.lowerBound ?? .infinity)
        var hi = max(all.map(\.1).max()!, valueDomain?.upperBound ?? -.infinity)
        if annotate {
            let need = annotationHeight + b.theme.markerRadius + b.theme.markerOutline + 4
            let fraction = need / max(plotHeight - 2 * need, 1)
            if logScale {
                // On a log scale the same room is a ratio: the span's ratio to that power.
                let k = pow(hi / lo, fraction)
                lo /= k
                hi *= k
            } else {
                let pad = (hi - lo) * fraction
                lo -= pad
                hi += pad
            }
        }
        let yScale: any ValueScale =
            logScale
            ? LogScale(dataMin: lo, dataMax: hi, range: (plotBottom, plotTop), maxTicks: frame.maxTicks ?? 7)
            : LinearScale(
                dataMin: lo,
                dataMax: hi,
                range: (plotBottom, plotTop),
                targetTicks: 5,
                maxTicks: frame.maxTicks ?? .max
            )
        let axisFormat = Axes.tickFormat(yScale, locale: locale, currency: nil, width: body.width, builder: b)
        let labelWidth = Axes.valueLabelWidth(yScale, format: axisFormat, builder: b)
        let left = max(body.minX + labelWidth + b.theme.axisSize * 0.6, minimumInsets.left)

        // Right gutter: the average label (one series) or the series names at the line ends.
        var gutter = 0.0
        let averageText = single.map { locale.average + " " + format.string($0.average) }
        if annotate, let averageText { gutter = b.layout.width(averageText, b.axisStyle) + b.theme.axisSize * 0.6 }
        let nameStyle = TextStyle(size: b.theme.axisSize, weight: .bold, color: b.theme.text, role: .legend)
        let maxName = body.width * 0.22
        let labelsEnds = series.count > 1 || endFigures
        func endLabel(_ s: LineSeries) -> String {
            let name = b.layout.fit(s.name, maxWidth: maxName, style: nameStyle)
            guard endFigures, let last = s.values.last(where: \.isFinite) else { return name }
            return name + "\u{00A0}" + format.string(last)
        }
        // A name stands after a leader from its line's end and a short key in the line's colour: a leader
        // carries the eye to a name that stacking moved off its line's level, and the key, not the text,
        // carries the colour (two darkened golds, orange's and yellow's, would read as one).
        let leader = b.theme.axisSize * 1.0
        let key = b.theme.axisSize * 0.9
        if labelsEnds {
            gutter =
                (series.map { b.layout.width(endLabel($0), nameStyle) }.max() ?? 0) + leader + key
                + b.theme.axisSize * 0.7
        }
        let right = min(body.maxX - gutter, frame.width - minimumInsets.right)
        let plot = Rect(x: left, y: plotTop, width: max(right - left, 1), height: plotHeight)
        let t0 = all.map(\.0).min()!
        let t1 = all.map(\.0).max()!
        let maxTicks = min(
            max(2, Int(plot.width / (b.layout.width("00 Sep.", b.axisStyle) * 1.8))),
            frame.maxTicks ?? .max
        )
        let xScale = TimeScale(start: t0, end: t1, range: (plot.minX, plot.maxX), maxTicks: maxTicks)

        // Under the grid and the lines, so that neither is hidden.
        for span in shadedSpans {
            let (x0, x1) = (max(xScale(span.lowerBound), plot.minX), min(xScale(span.upperBound), plot.maxX))
            guard x1 > x0 else { continue }
            b.add(PathShape.rect(Rect(x: x0, y: plot.minY, width: x1 - x0, height: plot.height), fill: b.theme.shade))
        }
        Axes.drawValueAxis(
            yScale,
            format: axisFormat,
            plot: plot,
            builder: &b,
            zeroLine: valueDomain?.contains(0) == true
        )
        Axes.drawTimeAxis(xScale, plot: plot, builder: &b, locale: locale)

        if annotate, let s = single, let averageText {
            let y = yScale(s.average)
            b.add(
                .segment(
                    Point(x: plot.minX, y: y),
                    Point(x: plot.maxX, y: y),
                    stroke: Stroke(
                        color: b.theme.secondaryText,
                        width: b.theme.averageLineWidth,
                        dash: [b.theme.averageLineWidth * 3, b.theme.averageLineWidth * 2]
                    )
                )
            )
            b.add(
                b.layout.run(
                    averageText,
                    at: Point(x: plot.maxX + b.theme.axisSize * 0.5, y: y),
                    baseline: .middle,
                    style: b.axisStyle
                )
            )
        }

        let width = series.count == 1 ? b.theme.singleLineWidth : b.theme.multiLineWidth
        var ends: [(text: String, x: Double, y: Double, color: Color)] = []
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
                ends.append((endLabel(s), xScale(s.times[lastIndex]), yScale(s.values[lastIndex]), color))
            }
        }

        if annotate, let s = single {
            ExtremeMarkers.draw(
                summary: s,
                series: series[0],
                color: b.theme.color(series[0].swatch, position: 0),
                format: format,
                locale: locale,
                plot: plot,
                x: { xScale($0) },
                y: { yScale($0) },
                builder: &b
            )
        }
        if labelsEnds {
            let height = b.layout.height(nameStyle)
            let centres = LabelStacking.stack(
                desired: ends.map(\.y),
                heights: ends.map { _ in height },
                lower: plot.minY,
                upper: plot.maxY + height / 2,
                gap: 2
            )
            let start = plot.maxX + b.theme.axisSize * 0.3
            for (i, end) in ends.enumerated() {
                // The leader: from the line's end (a line that stops early, from where it stops) to the key.
                b.add(
                    PathShape(
                        elements: [
                            .move(Point(x: max(end.x, start), y: end.y)),
                            .line(Point(x: start + leader, y: centres[i])),
                        ],
                        stroke: Stroke(color: end.color, width: 1)
                    )
                )
                b.add(
                    PathShape(
                        elements: [
                            .move(Point(x: start + leader, y: centres[i])),
                            .line(Point(x: start + leader + key, y: centres[i])),
                        ],
                        stroke: Stroke(color: end.color, width: b.theme.singleLineWidth * 1.2)
                    )
                )
                b.add(
                    b.layout.run(
                        end.text,
                        at: Point(x: start + leader + key + b.theme.axisSize * 0.3, y: centres[i]),
                        baseline: .middle,
                        style: nameStyle
                    )
                )
            }
        }
        return (b.scene(), plot)
    }
}

/// A change as the headline states it: an amount and, when it has a base, a fraction (0.035 = +3.5 %).
/// No amount: the change is not known, and no headline is better than a wrong one.
public struct HeadlineChange: Hashable, Sendable {
    public var amount: Double?
    public var fraction: Double?
    public init(amount: Double?, fraction: Double?) {
        self.amount = amount
        self.fraction = fraction
    }
}

/// The up/down triangle that goes with a change, so direction never rests on colour alone.
enum ChangeArrow {
    static func draw(
        rising: Bool,
        flat: Bool,
        rightEdge: Double,
        midY: Double,
        size: Double,
        color: Color,
        builder: inout SceneBuilder
    ) {
        guard !flat else { return }
        let h = size * 0.87
        let (tipY, baseY) = rising ? (midY - h / 2, midY + h / 2) : (midY + h / 2, midY - h / 2)
        builder.add(
            PathShape(
                elements: [
                    .move(Point(x: rightEdge - size / 2, y: tipY)),
                    .line(Point(x: rightEdge, y: baseY)), .line(Point(x: rightEdge - size, y: baseY)),
                    .close,
                ],
                fill: color
            )
        )
    }
}
