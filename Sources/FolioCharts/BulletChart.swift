import Foundation

/// Stephen Few's bullet graph, one row per target line: a bar of the line's weight, its target as a short
/// vertical rule across the bar, and its band (the drift allowed either side) as a shaded range behind
/// them, on one percent axis under the rows. Rows keep the targets' order. A line outside its band is
/// labelled with its drift in points ("+7.5 pp out of band") and its bar takes the down colour; the
/// label, not the colour, says it is out, and lines within their bands stay quiet.
public struct BulletChart: Chart, Hashable {
    /// One line of a target mix, in percent of the portfolio's value.
    public struct Line: Hashable, Sendable {
        public var name: String
        public var weight: Double
        public var target: Double
        /// Points the weight may drift either way from the target.
        public var tolerance: Double
        public var outOfBand: Bool

        public init(name: String, weight: Double, target: Double, tolerance: Double, outOfBand: Bool) {
            self.name = name
            self.weight = weight
            self.target = target
            self.tolerance = tolerance
            self.outOfBand = outOfBand
        }

        /// weight − target, in percentage points.
        public var drift: Double { weight - target }
        /// The band's ends: a weight is never below 0, so neither is the band.
        var band: (low: Double, high: Double) { (max(target - tolerance, 0), target + tolerance) }
    }

    public var frame: ChartFrame
    public var lines: [Line]

    public init(frame: ChartFrame, lines: [Line]) {
        self.frame = frame
        self.lines = lines
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard let laidOut = layOut(body, b) else {
            b.drawNoData(in: body)
            return b.scene()
        }
        laidOut.note.map { b.add($0.run) }
        BottomValueAxis(scale: laidOut.xScale, format: laidOut.format).draw(plot: laidOut.plot, builder: &b)
        drawRows(laidOut, builder: &b)
        return b.scene()
    }

    /// A bullet graph laid out in a chart's body: the lines' names left of the plot, the percent axis
    /// under it, and room right of the plot for the widest drift label, so that a label never reaches
    /// the canvas' edge nor meets another row.
    struct Layout {
        var note: BodyNote?
        var plot: Rect
        var xScale: LinearScale
        var format: NumberFormat
        var rows: BandScale
        var nameWidth: Double
        /// Each out-of-band line's label, by row.
        var labels: [Int: String]
    }

    /// Nil when there is nothing to draw.
    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout? {
        let lines = lines.filter { $0.weight.isFinite && $0.target.isFinite }
        guard !lines.isEmpty, lines.count == self.lines.count else { return nil }
        let theme = b.theme
        let gap = theme.axisSize * 0.6
        var body = body
        let points = { (line: Line) in
            Self.driftFormat(line, locale: frame.locale).string(line.drift) + "\u{00A0}" + frame.locale.percentagePoints
        }
        let out = lines.indices.filter { lines[$0].outOfBand }
        let long = out.map { (points(lines[$0]) + " " + frame.locale.outOfBand) }
        let short = out.map { points(lines[$0]) }
        // "+7.5 pp out of band" where a third of the body holds it; on a narrow canvas the drift alone,
        // and one note under the plot says what a label means.
        let widest = { (texts: [String]) in texts.map { b.layout.width($0, b.annotationStyle) }.max() ?? 0 }
        let fitsLong = widest(long) <= body.width / 3
        let labelTexts = fitsLong ? long : short
        let note = fitsLong || out.isEmpty ? nil : BodyNote(frame.locale.labelledOutOfBand, atBottomOf: &body, b)
        let labelRoom = out.isEmpty ? 0 : widest(labelTexts) + gap
        let nameWidth = min(lines.map { b.layout.width($0.name, b.axisStyle) }.max() ?? 0, body.width * 0.3)
        // Rows at most five lines apart, the axis right under the last: a bullet graph is a
        // compact table of bars, and a tall canvas leaves its room empty under the axis, not between rows.
        let (inner, outer) = (0.35, 0.2)
        let rowsHeight = b.layout.height(b.axisStyle) * 5 * (Double(lines.count) - inner + 2 * outer)
        let plot = Rect.plot(
            left: body.minX + nameWidth + gap,
            top: body.minY,
            right: body.maxX - labelRoom,
            bottom: min(body.maxY - BottomValueAxis.height(b), body.minY + rowsHeight)
        )
        // In fractions, as the percent format writes them; the axis starts at zero, as a bar's does.
        let values = lines.flatMap { [$0.weight, $0.band.high, $0.band.low] }
        let xScale = LinearScale(
            dataMin: min(values.min()!, 0) / 100,
            dataMax: values.max()! / 100,
            range: (plot.minX, plot.maxX),
            targetTicks: 5,
            includeZero: true,
            maxTicks: min(frame.maxTicks ?? .max, 6)
        )
        let format = NumberFormat(locale: frame.locale, style: .percent(max(xScale.step.decimals - 2, 0)))
        let rows = BandScale(
            count: lines.count,
            range: (plot.minY, plot.maxY),
            paddingInner: inner,
            paddingOuter: outer
        )
        return Layout(
            note: note,
            plot: plot,
            xScale: xScale,
            format: format,
            rows: rows,
            nameWidth: nameWidth,
            labels: Dictionary(uniqueKeysWithValues: zip(out, labelTexts))
        )
    }

    /// A drift to one decimal ("+7.5 pp"), or two where one would round it onto its band's edge or inside
    /// it: a line 2.01 points out of a 2-point band is "−2.01 pp", never "−2.0 pp out of band".
    static func driftFormat(_ line: Line, locale: ChartLocale) -> NumberFormat {
        let oneDecimal = (abs(line.drift) * 10).rounded() / 10
        let decimals = line.outOfBand && oneDecimal <= line.tolerance ? 2 : 1
        return NumberFormat(locale: locale, style: .decimal(decimals), explicitPlus: true)
    }

    /// Each row: its name, the band, the bar from zero, the target's rule and, out of band, its label
    /// right of the furthest of the three.
    private func drawRows(_ laidOut: Layout, builder b: inout SceneBuilder) {
        let (theme, rows, x, plot) = (b.theme, laidOut.rows, laidOut.xScale, laidOut.plot)
        let gap = theme.axisSize * 0.6
        let zero = x(0)
        for (i, line) in lines.enumerated() {
            let (top, height, mid) = (rows.start(i), rows.bandwidth, rows.center(i))
            b.add(
                b.layout.run(
                    b.layout.fit(line.name, maxWidth: laidOut.nameWidth, style: b.axisStyle),
                    at: Point(x: plot.minX - gap, y: mid),
                    anchor: .end,
                    baseline: .middle,
                    style: b.axisStyle
                )
            )
            let (low, high) = (x(line.band.low / 100), x(line.band.high / 100))
            b.add(.rect(Rect(x: low, y: top, width: max(high - low, 1), height: height), fill: theme.shade))
            let end = x(line.weight / 100)
            let color = line.outOfBand ? theme.down : theme.series[0]
            let barHeight = height * 0.4
            b.add(
                .rect(
                    Rect(x: min(zero, end), y: mid - barHeight / 2, width: abs(end - zero), height: barHeight),
                    fill: color
                )
            )
            let t = x(line.target / 100)
            b.add(
                .segment(
                    Point(x: t, y: top + height * 0.1),
                    Point(x: t, y: top + height * 0.9),
                    stroke: Stroke(color: theme.text, width: max(theme.singleLineWidth, 2))
                )
            )
            guard let label = laidOut.labels[i] else { continue }
            var style = b.annotationStyle
            style.color = theme.labelColor(for: theme.down)
            b.add(
                b.layout.run(
                    label,
                    at: Point(x: max(end, high, t + theme.singleLineWidth) + gap, y: mid),
                    baseline: .middle,
                    style: style
                )
            )
        }
    }
}
