import FolioCore
import Foundation

/// Many assets at a glance: a grid of small line panels sharing one style, each with its own y range
/// (prices differ by orders of magnitude) labelled with its minimum and maximum, its name, last value and
/// change over the window (signed, coloured, with an arrow), and dots at its minimum and maximum. Every
/// panel places its points on one time axis, so a weekend is a wider step and the same place across
/// panels is the same time.
public struct SmallMultiplesChart: Chart, Hashable {
    public var frame: ChartFrame
    public var series: [LineSeries]
    /// Panels per row; `nil` picks a count that keeps panels about twice as wide as tall.
    public var columns: Int?
    /// Each panel's values on a log scale between its minimum and maximum. Every value must be above zero.
    public var logScale: Bool
    /// The time axis' first and last time; `nil`: from the series' earliest time to their latest. Panels
    /// drawn in parts (a report's rows) pass the whole set's, so that every row shares the axis.
    public var timeDomain: ClosedRange<Double>?

    public init(
        frame: ChartFrame,
        series: [LineSeries],
        columns: Int? = nil,
        logScale: Bool = false,
        timeDomain: ClosedRange<Double>? = nil
    ) {
        self.frame = frame
        self.series = series
        self.columns = columns
        self.logScale = logScale
        self.timeDomain = timeDomain
    }

    /// From the earliest time of `series` to their latest; nil without times.
    public static func timeDomain(of series: [LineSeries]) -> ClosedRange<Double>? {
        guard let first = series.compactMap(\.times.first).min(), let last = series.compactMap(\.times.last).max()
        else { return nil }
        return first...last
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard !series.isEmpty else {
            b.drawNoData(in: body)
            return b.scene()
        }
        let grid = PanelGrid(count: series.count, columns: columns, body: body, theme: b.theme)
        let look = PanelLook(frame: frame, theme: b.theme, domain: timeDomain ?? Self.timeDomain(of: series))
        for (i, s) in series.enumerated() {
            drawPanel(s, in: grid.panel(i), look, builder: &b)
        }
        return b.scene()
    }

    /// One panel: its header, its scale's two figures left of the plot, the first and last day under it,
    /// and the line.
    private func drawPanel(_ s: LineSeries, in panel: Rect, _ look: PanelLook, builder b: inout SceneBuilder) {
        let theme = b.theme
        let scaleStyle = look.scaleStyle
        let summary = SeriesSummary(s.values)
        drawHeader(s, summary: summary, panel: panel, look, builder: &b)
        let (plot, scale) = layOutPlot(in: panel, summary: summary, look, b)
        if let summary {
            // A flat line sits in the middle with its one figure; a plot lower than two labels spreads them.
            let half = b.layout.height(scaleStyle) * 0.6
            let edges =
                summary.maximum > summary.minimum
                ? [min(plot.minY, plot.midY - half), max(plot.maxY, plot.midY + half)] : [plot.midY]
            for (figure, y) in zip(scale, edges) {
                b.add(
                    b.layout.run(
                        figure,
                        at: Point(x: plot.minX - theme.markerRadius * 1.5, y: y),
                        anchor: .end,
                        baseline: .middle,
                        style: scaleStyle
                    )
                )
            }
        }
        b.add(
            .segment(
                Point(x: plot.minX, y: Axes.snap(plot.maxY + theme.markerRadius * 2, width: 1)),
                Point(x: plot.maxX, y: Axes.snap(plot.maxY + theme.markerRadius * 2, width: 1)),
                stroke: Stroke(color: theme.grid, width: theme.gridWidth)
            )
        )
        if let domain = look.domain { drawDays(domain, plot: plot, look, builder: &b) }
        guard let summary, let domain = look.domain else {
            // A series without a value is still named, with why its panel is empty.
            b.add(
                b.layout.run(
                    frame.locale.noData,
                    at: Point(x: plot.midX, y: plot.midY),
                    anchor: .middle,
                    baseline: .middle,
                    style: scaleStyle
                )
            )
            return
        }
        drawLine(s, summary: summary, domain: domain, plot: plot, builder: &b)
    }

    /// A panel's plot, under its header and over its day row, right of its scale's figures; and those
    /// figures. The scale: a panel's y range runs from its minimum to its maximum, so those two figures
    /// at the plot's top and bottom edge say what its height means. (The first and last value would be a
    /// scale only by chance, and the last is in the header already.) They stand left of the plot, where
    /// every other chart's y labels are, clear of the dots on a first point.
    private func layOutPlot(
        in panel: Rect,
        summary: SeriesSummary?,
        _ look: PanelLook,
        _ b: SceneBuilder
    ) -> (plot: Rect, scale: [String]) {
        let theme = b.theme
        let headerHeight = b.layout.height(look.nameStyle) * 1.2
        let scale = summary.map { [$0.maximum, $0.minimum].map(look.format.string) } ?? []
        let gutter = scale.map { b.layout.width($0, look.scaleStyle) }.max().map { $0 + theme.markerRadius * 2 } ?? 0
        // Under the plot, its first and last day: a panel read alone still says when.
        let dayRow = look.domain == nil ? 0 : b.layout.height(look.scaleStyle) * 1.1
        let plot = Rect(
            x: panel.minX + gutter,
            y: panel.minY + headerHeight + theme.markerRadius * 2,
            width: panel.width - gutter,
            height: max(panel.height - headerHeight - theme.markerRadius * 4 - dayRow, 1)
        )
        return (plot, scale)
    }

    /// "ALFA · USD 228.80 ▼ −6.9%": the name, the last price, then the change, signed and with an arrow. A
    /// code or a name is never cut: when the header is short of room, the currency after " · " goes
    /// first, then the last price.
    private func drawHeader(
        _ s: LineSeries,
        summary: SeriesSummary?,
        panel: Rect,
        _ look: PanelLook,
        builder b: inout SceneBuilder
    ) {
        let (theme, nameStyle) = (b.theme, look.nameStyle)
        let arrow = nameStyle.size * 0.55
        let code = s.name.components(separatedBy: " · ").first ?? s.name
        let change = summary.flatMap { summary in
            summary.changeFraction.map { (price: look.format.string(summary.last), percent: look.signed.string($0)) }
        }
        func width(_ change: (price: String?, percent: String)?) -> Double {
            guard let change else { return 0 }
            return b.layout.width(change.percent, nameStyle) + arrow * 2
                + (change.price.map { b.layout.width($0, nameStyle) + arrow } ?? 0)
        }
        let full: (price: String?, percent: String)? = change.map { ($0.price, $0.percent) }
        let short: (price: String?, percent: String)? = change.map { (nil, $0.percent) }
        let (name, changeText) =
            [(s.name, full), (code, full), (s.name, short), (code, short)]
            .first { b.layout.width($0.0, nameStyle) + width($0.1) + 6 <= panel.width } ?? (code, short)
        var changeWidth = 0.0
        if let summary, let fraction = summary.changeFraction, let changeText {
            var style = nameStyle
            style.color = theme.labelColor(
                for: fraction > 0 ? theme.up : fraction < 0 ? theme.down : theme.secondaryText
            )
            let run = b.layout.run(
                changeText.percent,
                at: Point(x: panel.maxX, y: panel.minY),
                anchor: .end,
                baseline: .top,
                style: style
            )
            b.add(run)
            ChangeArrow.draw(
                rising: fraction >= 0,
                flat: fraction == 0,
                rightEdge: run.box.minX - arrow * 0.5,
                midY: run.box.midY,
                size: arrow,
                color: style.color,
                builder: &b
            )
            var left = run.box.minX - arrow * 2
            if let price = changeText.price {
                let priceRun = b.layout.run(
                    price,
                    at: Point(x: left - arrow * 0.5, y: panel.minY),
                    anchor: .end,
                    baseline: .top,
                    style: nameStyle
                )
                b.add(priceRun)
                left = priceRun.box.minX
            }
            changeWidth = panel.maxX - left
        }
        b.add(
            b.layout.run(
                b.layout.fit(name, maxWidth: max(panel.width - changeWidth - 6, 10), style: nameStyle),
                at: Point(x: panel.minX, y: panel.minY),
                baseline: .top,
                style: nameStyle
            )
        )
    }

    /// The first and last day under the plot; the last alone when a narrow panel has no room for both.
    private func drawDays(_ domain: ClosedRange<Double>, plot: Rect, _ look: PanelLook, builder b: inout SceneBuilder) {
        let scaleStyle = look.scaleStyle
        let days = [domain.lowerBound, domain.upperBound].map {
            DateText.dayMonth(Day(Date(timeIntervalSince1970: $0)), locale: frame.locale)
        }
        let y = plot.maxY + b.theme.markerRadius * 2 + 2
        let both =
            days[1] != days[0]
            && days.map { b.layout.width($0, scaleStyle) }.reduce(scaleStyle.size, +) <= plot.width
        if both {
            b.add(b.layout.run(days[0], at: Point(x: plot.minX, y: y), baseline: .top, style: scaleStyle))
        }
        b.add(b.layout.run(days[1], at: Point(x: plot.maxX, y: y), anchor: .end, baseline: .top, style: scaleStyle))
    }

    /// The line between the panel's minimum and maximum, with a dot on each.
    private func drawLine(
        _ s: LineSeries,
        summary: SeriesSummary,
        domain: ClosedRange<Double>,
        plot: Rect,
        builder b: inout SceneBuilder
    ) {
        let theme = b.theme
        let axis = { (v: Double) in logScale ? log10(v) : v }
        let (bottom, span) = (axis(summary.minimum), axis(summary.maximum) - axis(summary.minimum))
        let y = { (v: Double) in span > 0 ? plot.maxY - (axis(v) - bottom) / span * plot.height : plot.midY }
        let (t0, t1) = (domain.lowerBound, domain.upperBound)
        let x = { (t: Double) in t1 > t0 ? plot.minX + (t - t0) / (t1 - t0) * plot.width : plot.midX }
        let geometry = LineGeometry.path(
            times: s.times,
            values: s.values,
            maxStep: LineGeometry.defaultMaxStep(s.times),
            x: x,
            y: y
        )
        // Panels share the first colour unless their series are assets, which keep theirs.
        let color = theme.lineColor(theme.color(s.swatch, position: 0))
        b.add(
            PathShape(
                elements: geometry.elements,
                stroke: Stroke(color: color, width: theme.multiLineWidth * 0.75),
                roundCaps: true
            )
        )
        for p in geometry.isolated {
            b.add(.disc(center: p, radius: theme.multiLineWidth, fill: color, outline: nil))
        }
        // An array, not a Set: a Set's order changes from process to process, and so would the PDF bytes.
        for index in summary.minIndex == summary.maxIndex ? [summary.minIndex] : [summary.minIndex, summary.maxIndex] {
            b.add(
                .disc(
                    center: Point(x: x(s.times[index]), y: y(s.values[index])),
                    radius: theme.markerRadius * 0.8,
                    fill: index == summary.maxIndex ? theme.up : theme.down,
                    outline: Stroke(color: theme.background, width: theme.markerOutline * 0.7)
                )
            )
        }
    }
}

/// The panels' grid in a chart's body: as many columns as keep panels about twice as wide as tall,
/// unless the chart asks for a count, with a margin between panels.
struct PanelGrid {
    let columns: Int
    let gapX: Double
    let gapY: Double
    let panelWidth: Double
    let panelHeight: Double
    let body: Rect

    init(count n: Int, columns: Int?, body: Rect, theme: Theme) {
        let cols = columns ?? max(1, min(n, Int((Double(n) * body.width / body.height / 2).squareRoot().rounded())))
        let rows = (n + cols - 1) / cols
        self.columns = cols
        self.body = body
        gapX = theme.margin
        gapY = theme.margin * 0.75
        panelWidth = (body.width - gapX * Double(cols - 1)) / Double(cols)
        panelHeight = (body.height - gapY * Double(rows - 1)) / Double(rows)
    }

    /// The `i`th panel, row by row.
    func panel(_ i: Int) -> Rect {
        Rect(
            x: body.minX + Double(i % columns) * (panelWidth + gapX),
            y: body.minY + Double(i / columns) * (panelHeight + gapY),
            width: panelWidth,
            height: panelHeight
        )
    }
}

/// What every panel shares: the styles of its header and scale, the formats of its figures, and the time
/// axis they all place their points on.
struct PanelLook {
    let nameStyle: TextStyle
    let scaleStyle: TextStyle
    let format: NumberFormat
    /// Signed, as every other change in a report is written ("−6.73 %" on the tile beside "▼ −6.9 %").
    let signed: NumberFormat
    let domain: ClosedRange<Double>?

    init(frame: ChartFrame, theme: Theme, domain: ClosedRange<Double>?) {
        nameStyle = TextStyle(size: theme.axisSize, weight: .bold, color: theme.text, role: .annotation)
        scaleStyle = TextStyle(size: theme.footnoteSize, weight: .regular, color: theme.secondaryText, role: .axis)
        format = NumberFormat(locale: frame.locale, style: .price(minimum: 2, significant: 4))
        signed = NumberFormat(locale: frame.locale, style: .percent(1), explicitPlus: true)
        self.domain = domain
    }
}
