import Foundation

/// A bridge from one total to another: the first and last bars are totals standing on zero, each bar
/// between floats from the running total, up for an amount that adds and down for one that takes away,
/// with a signed label (never colour alone); a thin connector carries each bar's level to the next, so
/// the eye follows the sum from the start to the end. Effects take the up and down colours; money paid
/// in or taken out (a transfer) is no gain or loss, and takes a pale shade of the totals' colour.
///
/// Labels sit above a bar that ends higher and below one that ends lower, on a halo of the background
/// (no gridline strikes one through), with grouped figures when they fit the bar's step and compact ones (1,5 млн ₴) when not. The names under the bars take two
/// lines when one is too narrow ("Currency / effect"). A tiny amount beside millions still gets a
/// hairline bar, so that its label has something to name.
public struct WaterfallChart: Chart, Hashable {
    public struct Bar: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            /// Stands on zero (the start, the end).
            case total
            /// Floats from the running total: money moved in or out, or an effect that was earned or lost.
            case transfer, effect
        }
        public var label: String
        public var value: Double
        public var kind: Kind
        public init(label: String, value: Double, kind: Kind = .effect) {
            self.label = label
            self.value = value
            self.kind = kind
        }
        public var isTotal: Bool { kind == .total }
    }

    public var frame: ChartFrame
    public var bars: [Bar]
    /// The values' currency, written with each label.
    public var currency: Currency?
    /// Said in the plot's place when there are no bars: why the bridge cannot be drawn.
    public var emptyNote: String?

    public init(frame: ChartFrame, bars: [Bar], currency: Currency? = nil, emptyNote: String? = nil) {
        self.frame = frame
        self.bars = bars
        self.currency = currency
        self.emptyNote = emptyNote
    }

    /// Each bar's bottom and top values: a total from zero, a step from where the previous bar ended.
    public var levels: [(from: Double, to: Double)] {
        var running = 0.0
        return bars.map { bar in
            let from = bar.isTotal ? 0 : running
            running = bar.isTotal ? bar.value : running + bar.value
            return (from, running)
        }
    }

    func color(_ bar: Bar, _ theme: Theme) -> Color {
        switch bar.kind {
        case .total: theme.total
        case .transfer: bar.value < 0 ? theme.withdrawals : theme.deposits
        case .effect: bar.value < 0 ? theme.down : theme.up
        }
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard !bars.isEmpty, bars.allSatisfy({ $0.value.isFinite }) else {
            let note =
                emptyNote.map { b.layout.fit($0, maxWidth: body.width, style: b.subtitleStyle) } ?? frame.locale.noData
            b.add(
                b.layout.run(
                    note,
                    at: Point(x: body.midX, y: body.midY),
                    anchor: .middle,
                    baseline: .middle,
                    style: b.subtitleStyle
                )
            )
            return b.scene()
        }
        let laidOut = layOut(body, b)
        laidOut.value.draw(plot: laidOut.plot, builder: &b)
        let rects = drawBars(laidOut, builder: &b)
        drawLabels(laidOut, bars: rects, builder: &b)
        return b.scene()
    }

    /// A bridge laid out in a chart's body: the plot and its value axis, the bars' band, and the names
    /// under it in as many rows as they need.
    struct Layout {
        var plot: Rect
        var value: ValueAxis
        var band: BandScale
        /// Each bar's name in its lines (two where one is too wide).
        var names: [[String]]
        /// Every other name a row lower, where even a word is wider than a bar's step.
        var stagger: Bool
        /// Which bars hang their label under their end: a step down, a total below zero.
        var hangs: [Bool]
    }

    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout {
        let levels = self.levels
        let labelHeight = b.layout.height(b.annotationStyle)
        let pad = b.theme.axisSize * 0.3
        let lineHeight = b.layout.height(b.axisStyle)
        let low = levels.flatMap { [$0.from, $0.to] }.min()!
        let high = levels.flatMap { [$0.from, $0.to] }.max()!
        // A step down (or a total below zero) hangs its label under its bar's end; one ending in the lowest
        // sixth of the span needs room under the axis' bottom for it.
        let hangs = bars.indices.map { levels[$0].to < levels[$0].from || (bars[$0].isTotal && bars[$0].value < 0) }
        let floor = min(low, 0)
        let hangsLow = bars.indices.contains {
            hangs[$0] && min(levels[$0].from, levels[$0].to) - floor <= (max(high, 0) - floor) / 6
        }
        /// The plot and its scales when the names under it take `rows` lines.
        func layout(rows: Int) -> Layout {
            // A strip above the plot for the labels of the highest bars, and under it for the lowest's.
            let plotTop = body.minY + labelHeight + pad
            let plotBottom = body.maxY - Double(rows) * lineHeight - b.theme.axisSize * 0.6
            // Room under the lowest level for a label hanging there, so that it never meets the names.
            let below = hangsLow ? labelHeight + pad : 0
            // Ticks a line and a half apart at least, six at most (four or five where the data allow).
            let y = BridgeScale(
                low: low,
                high: high,
                range: (plotBottom - below, plotTop),
                spacing: lineHeight * 1.5,
                maxTicks: min(6, frame.maxTicks ?? 6)
            )
            let format = Axes.tickFormat(y, locale: frame.locale, currency: currency, width: body.width, builder: b)
            let value = ValueAxis(scale: y, format: format, zeroLine: true)
            let plot = Rect.plot(left: value.plotLeft(in: body, b), top: plotTop, right: body.maxX, bottom: plotBottom)
            let band = BandScale(
                count: bars.count,
                range: (plot.minX, plot.maxX),
                paddingInner: 0.3,
                paddingOuter: 0.15
            )
            return Layout(plot: plot, value: value, band: band, names: [], stagger: false, hangs: hangs)
        }
        // Names take one line, or two where one is too wide; where even a word is wider than a bar's step,
        // every other name goes a row lower (staggered), so that neighbours never touch.
        var rows = 1
        var names: [[String]] = []
        var stagger = false
        var laidOut = layout(rows: rows)
        for _ in 0..<3 {
            let room = laidOut.band.step - b.theme.axisSize * 0.5
            names = bars.map { wrapped($0.label, width: room, b) }
            let lines = names.map(\.count).max() ?? 1
            stagger = names.joined().contains { b.layout.width($0, b.axisStyle) > room }
            let needed = stagger ? 2 * lines : lines
            guard needed > rows else { break }
            rows = needed
            laidOut = layout(rows: rows)
        }
        laidOut.names = names
        laidOut.stagger = stagger
        return laidOut
    }

    /// Each bar from its level before to its level after, with a connector carrying its end level to the
    /// next; returns the bars' rectangles, for their labels.
    private func drawBars(_ laidOut: Layout, builder b: inout SceneBuilder) -> [Rect] {
        let (theme, band, levels) = (b.theme, laidOut.band, self.levels)
        var rects: [Rect] = []
        for (i, bar) in bars.enumerated() {
            let (y0, y1) = (laidOut.value.scale(levels[i].from), laidOut.value.scale(levels[i].to))
            // A hairline at least, centred on its level, for an amount too small to see beside the others.
            let (lo, hi) = (min(y0, y1), max(y0, y1))
            let height = max(hi - lo, 1)
            let rect = Rect(x: band.start(i), y: (lo + hi - height) / 2, width: band.bandwidth, height: height)
            var shape = PathShape.rect(rect, fill: color(bar, theme))
            shape.stroke = theme.outline(for: color(bar, theme))
            b.add(shape)
            rects.append(rect)
            // The connector: this bar's end level, carried to the next bar.
            if i + 1 < bars.count {
                let y = Axes.snap(y1, width: 1)
                b.add(
                    .segment(
                        Point(x: rect.maxX, y: y),
                        Point(x: band.start(i + 1), y: y),
                        stroke: Stroke(color: theme.axis, width: 1)
                    )
                )
            }
        }
        return rects
    }

    /// Each bar's amount at its end (signed, but for totals) and its name under the plot.
    private func drawLabels(_ laidOut: Layout, bars rects: [Rect], builder b: inout SceneBuilder) {
        let (theme, band, plot) = (b.theme, laidOut.band, laidOut.plot)
        let (pad, lineHeight) = (theme.axisSize * 0.3, b.layout.height(b.axisStyle))
        let format = labelFormat(step: band.step, b)
        let nameRows = laidOut.names.map(\.count).max() ?? 1
        for (i, bar) in bars.enumerated() {
            var style = b.annotationStyle
            if bar.kind == .effect { style.color = theme.labelColor(for: color(bar, theme)) }
            var labelFormat = format
            labelFormat.explicitPlus = !bar.isTotal
            let ends = laidOut.hangs[i]
            let at =
                ends
                ? Point(x: band.center(i), y: rects[i].maxY + pad) : Point(x: band.center(i), y: rects[i].minY - pad)
            var text = labelFormat.string(bar.value)
            // An amount that rounds to nothing at the chart's precision is still something: its cents, signed.
            if bar.value != 0 && !text.contains(where: { $0.isNumber && $0 != "0" }) {
                labelFormat.style = .price(minimum: 2, significant: 1)
                text = labelFormat.string(bar.value)
            }
            let run = b.layout.run(text, at: at, anchor: .middle, baseline: ends ? .top : .bottom, style: style)
            // A halo of the background behind the label: a gridline or the zero line that its bar's end
            // brings level with it passes behind the figure instead of striking it through. The label
            // stays inside its bar's step, so the halo never covers a neighbouring bar.
            let halo = theme.axisSize * 0.15
            b.add(.rect(run.box.insetBy(dx: -halo, dy: -halo * 0.5), fill: theme.background))
            b.add(run)
            let row = laidOut.stagger && i % 2 == 1 ? nameRows : 0
            for (k, line) in laidOut.names[i].enumerated() {
                let y = plot.maxY + theme.axisSize * 0.6 + Double(row + k) * lineHeight
                b.add(
                    b.layout.run(
                        line,
                        at: Point(x: band.center(i), y: y),
                        anchor: .middle,
                        baseline: .top,
                        style: b.axisStyle
                    )
                )
            }
        }
    }

    /// Whole figures grouped for the locale when the widest label fits a bar's step, else compact ones
    /// with a decimal, else without; each first with the currency, then without it, which the axis and
    /// the subtitle name ("+1 499 699" where "+1 499 699 грн" is too wide).
    func labelFormat(step: Double, _ b: SceneBuilder) -> NumberFormat {
        let candidates: [(NumberFormat.Style, Currency?)] = [
            .decimal(0), .compact(decimals: 1), .compact(decimals: 0),
        ].flatMap { [($0, currency), ($0, nil)] }
        for (style, currency) in candidates {
            let format = NumberFormat(locale: frame.locale, style: style, currency: currency, explicitPlus: true)
            let widest = bars.map { b.layout.width(format.string($0.value), b.annotationStyle) }.max() ?? 0
            if widest <= step * 0.95 { return format }
        }
        return NumberFormat(locale: frame.locale, style: .compact(decimals: 0), currency: currency, explicitPlus: true)
    }

    /// A name on one line, or on two split at the space that leaves the longer line shortest, when one
    /// line is wider than `width` (a name is never cut).
    func wrapped(_ name: String, width: Double, _ b: SceneBuilder) -> [String] {
        guard b.layout.width(name, b.axisStyle) > width else { return [name] }
        let words = name.split(separator: " ").map(String.init)
        guard words.count > 1 else { return [name] }
        let splits = (1..<words.count).map { k in
            [words[..<k].joined(separator: " "), words[k...].joined(separator: " ")]
        }
        return splits.min { a, c in
            a.map { b.layout.width($0, b.axisStyle) }.max()! < c.map { b.layout.width($0, b.axisStyle) }.max()!
        }!
    }
}

/// The value axis of a bridge: its domain is the data's own, from the lower of zero and the lowest level
/// to the higher of zero and the highest, with the 1-2-5 ticks that fall inside it. A bridge's labels
/// stand above its bars, so the headroom of a "nice" domain (up to 8 M for an end value of 6.2 M) would
/// only squash the bars of a report block. The step is the finest whose ticks stand `spacing` apart and
/// number `maxTicks` at most: a nice step chosen for a nice domain can leave three ticks inside the data's
/// own (0, 100, 200 for −16…293, where 0, 50, … 250 fit).
struct BridgeScale: ValueScale {
    let lower: Double
    let upper: Double
    let range: (Double, Double)
    let step: TickStep

    init(low: Double, high: Double, range: (Double, Double), spacing: Double, maxTicks: Int) {
        self.range = range
        guard high > low else {
            // A flat bridge (every level the same): a nice domain around it.
            let nice = LinearScale(dataMin: low, dataMax: high, range: range, includeZero: true, maxTicks: maxTicks)
            (lower, upper, step) = (nice.lower, nice.upper, nice.step)
            return
        }
        let (lower, upper) = (min(low, 0), max(high, 0))
        (self.lower, self.upper) = (lower, upper)
        let span = upper - lower
        let perUnit = abs(range.1 - range.0) / span
        let base = Int(log10(span).rounded(.down))
        let steps = ((base - 3)...(base + 1)).flatMap { e in [1, 2, 5].map { TickStep(mantissa: $0, exponent: e) } }
        func count(_ step: TickStep) -> Int {
            Int((upper / step.size).rounded(.down) - (lower / step.size).rounded(.up)) + 1
        }
        step =
            steps.first { count($0) <= maxTicks && $0.size * perUnit >= spacing }
            ?? steps.last { count($0) >= 2 } ?? steps.last!
    }

    var ticks: [Double] {
        let slack = (upper - lower) * 1e-9
        let k0 = Int(((lower - slack) / step.size).rounded(.up))
        let k1 = Int(((upper + slack) / step.size).rounded(.down))
        return k0 <= k1 ? (k0...k1).map { step.value($0) } : []
    }
    var tickDecimals: Int { step.decimals }
    func callAsFunction(_ v: Double) -> Double { range.0 + (v - lower) / (upper - lower) * (range.1 - range.0) }
}
