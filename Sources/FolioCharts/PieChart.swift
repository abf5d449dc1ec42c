import FolioCore
import Foundation

/// One slice of an allocation.
public struct PieSlice: Hashable, Sendable {
    public var label: String
    public var value: Double
    /// Its colour when the data decides it (an asset's, or "Other"'s grey); nil: its place, largest first.
    public var swatch: Swatch?
    public init(label: String, value: Double, swatch: Swatch? = nil) {
        self.label = label
        self.value = value
        self.swatch = swatch
    }
}

/// An allocation as a pie or donut: largest slice first from 12 o'clock, clockwise; slices under
/// `otherThreshold` of the total, and any beyond `maxSlices − 1`, are grouped into "Other" (drawn last,
/// in a neutral colour). Names sit outside, stacked so they never overlap; percentages sit inside
/// slices that have room for them, otherwise outside with the name and a leader line.
///
/// Each percentage is of what is drawn — the positive slices — so the labels add up to 100 % (each
/// rounded on its own, as a table rounds it) and each label says how much of the ring its arc fills.
/// A negative slice (a negative balance) cannot be drawn: it is named under the chart with its value
/// ("Not shown: EUR −$5.83"), with the net whole beside it, and a donut's centre then gives both the
/// drawn total and the net one ("$313 held", "$293 net"). Whatever the data left out for want of a
/// quote (`leftOut`, already in words) is named on the same line.
///
/// A pie whose largest slice is over `barAbove` says one number: it draws itself as a 100 % bar with
/// direct labels (`PieBar`), the same slices, colours, shares and, for a donut, total.
public struct PieChart: Chart, Hashable {
    public var frame: ChartFrame
    public var slices: [PieSlice]
    public var donut: Bool
    var otherThreshold: Double
    var maxSlices: Int
    /// Format of the donut's centre total; `nil` = compact number in the frame's locale.
    public var totalFormat: NumberFormat?
    /// What the data could not put in the chart, each in words ("EUR — no rate after 1 Dec 2017").
    public var leftOut: [String]
    /// The net value the slices come from, when the data knows it better than their sum: a portfolio's
    /// value with the dust no slice draws, so that "net" is the figure its value tile and table print.
    public var net: Double?

    public init(
        frame: ChartFrame,
        slices: [PieSlice],
        donut: Bool = false,
        otherThreshold: Double = 0.02,
        maxSlices: Int = 8,
        totalFormat: NumberFormat? = nil,
        leftOut: [String] = [],
        net: Double? = nil
    ) {
        self.frame = frame
        self.slices = slices
        self.donut = donut
        self.otherThreshold = otherThreshold
        self.maxSlices = maxSlices
        self.totalFormat = totalFormat
        self.leftOut = leftOut
        self.net = net
    }

    /// The slices as drawn: positive values, largest first, small ones grouped into "Other" at the end.
    /// When the data gave the slices their colours (a portfolio's colour map), its grey ones are "Other"
    /// and the rest keep their own, as every other chart of the portfolio draws them.
    package var drawnSlices: [PieSlice] {
        let positive = slices.filter { $0.value.isFinite && $0.value > 0 }.sorted {
            ($0.value, $1.label) > ($1.value, $0.label)
        }
        let total = positive.reduce(0) { $0 + $1.value }
        guard total > 0 else { return [] }
        if positive.contains(where: { $0.swatch != nil }) {
            let own = positive.filter { $0.swatch != .other }
            let grey = positive.filter { $0.swatch == .other }
            return grey.isEmpty
                ? own
                : own + [PieSlice(label: frame.locale.other, value: grey.reduce(0) { $0 + $1.value }, swatch: .other)]
        }
        var kept: [PieSlice] = []
        var grouped: [PieSlice] = []
        for slice in positive {
            if slice.value / total < otherThreshold || kept.count >= maxSlices - 1 {
                grouped.append(slice)
            } else {
                kept.append(slice)
            }
        }
        // Grouping a single slice only renames it; keep its own name when it fits.
        if grouped.count == 1, kept.count < maxSlices { return kept + grouped }
        if !grouped.isEmpty {
            kept.append(PieSlice(label: frame.locale.other, value: grouped.reduce(0) { $0 + $1.value }, swatch: .other))
        }
        return kept
    }

    /// The largest share a slice may have and still be drawn as a pie; over it the others are slivers.
    static let barAbove = 0.9

    /// Whether the pie is drawn as a 100 % bar: its largest slice is over `barAbove` of what is drawn,
    /// beside at least one other (a whole pie of one slice has no sliver to lose).
    package var drawsAsBar: Bool {
        let drawn = drawnSlices
        let whole = total
        return drawn.count > 1 && whole > 0 && drawn.contains { $0.value / whole > Self.barAbove }
    }

    /// The whole the percentages are of: what is drawn, the positive slices.
    public var total: Double { slices.map(\.value).filter { $0.isFinite && $0 > 0 }.compensatedSum() }

    /// A portfolio's net value: `net` when given, else every finite slice, negative ones included.
    package var netTotal: Double { net ?? slices.map(\.value).filter(\.isFinite).compensatedSum() }

    /// The negative slices, largest loss first.
    public var notShown: [PieSlice] {
        slices.filter { $0.value.isFinite && $0.value < 0 }.sorted { ($0.value, $0.label) < ($1.value, $1.label) }
    }

    /// "Not shown: EUR −$5.83, LTC −$3.76 (net $283.58); XAU — no rate after 1 Dec 2017"; nil when
    /// everything is drawn.
    package var notShownText: String? {
        var parts: [String] = []
        let negative = notShown
        if !negative.isEmpty, total > 0 {
            var money = totalFormat ?? NumberFormat(locale: frame.locale, style: .decimal(2))
            money.style = .decimal(2)
            parts.append(
                negative.map { "\($0.label) \(money.string($0.value))" }.joined(separator: ", ")
                    + " (\(frame.locale.net) \(money.string(netTotal)))"
            )
        }
        parts += leftOut
        return parts.isEmpty ? nil : frame.locale.notShown + ": " + parts.joined(separator: "; ")
    }

    /// The height of canvas a pie drawn as a 100 % bar needs (its title, its note, the bar and its labels'
    /// rows), nil when it is drawn as a pie: a report gives a bar's block no more, and the page the rest.
    package func barHeight(measurer: any TextMeasurer) -> Double? {
        guard drawsAsBar else { return nil }
        let b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.layOutFrame().body
        let (parts, nameStyle, percentStyle) = barParts(b)
        let note = notShownText == nil ? 0 : BodyNote.height(b)
        let layout = PieBar.layout(
            parts,
            total: donut ? donutTotal(b) : [],
            body: body,
            nameStyle: nameStyle,
            percentStyle: percentStyle,
            builder: b
        )
        return frame.height - body.height + note + layout.needed
    }

    /// The parts of the 100 % bar, and the styles of their names and shares.
    func barParts(_ b: SceneBuilder) -> ([PieBar.Part], TextStyle, TextStyle) {
        let drawn = drawnSlices
        let whole = total
        let percentFormat = NumberFormat(locale: frame.locale, style: .percent(1))
        let theme = b.theme
        let (nameStyle, percentStyle) = labelStyles(theme)
        let parts = drawn.indices.map { i in
            PieBar.Part(
                name: drawn[i].label,
                percent: percentFormat.string(drawn[i].value / whole),
                color: theme.color(drawn[i].swatch, position: i),
                share: drawn[i].value / whole
            )
        }
        return (parts, nameStyle, percentStyle)
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        var body = b.drawFrame()
        let drawn = drawnSlices
        guard !drawn.isEmpty, total > 0 else {
            b.drawNoData(in: body)
            return b.scene()
        }
        if let note = BodyNote(notShownText, atBottomOf: &body, b) { b.add(note.run) }
        let (nameStyle, percentStyle) = labelStyles(b.theme)
        if drawsAsBar {
            let (parts, _, _) = barParts(b)
            PieBar.draw(
                parts,
                total: donut ? donutTotal(b) : [],
                body: body,
                nameStyle: nameStyle,
                percentStyle: percentStyle,
                builder: &b
            )
            return b.scene()
        }
        let wheel = Wheel(self, drawn, body: body, nameStyle: nameStyle, percentStyle: percentStyle, b)
        let mids = drawSlices(
            drawn,
            sweeps: wheel.sweeps,
            centre: wheel.centre,
            radius: wheel.radius,
            inner: wheel.inner,
            builder: &b
        )
        // A whole pie has no slice to point at: its name goes to the right, level with the centre.
        PieLabels.place(
            names: wheel.labels,
            percents: wheel.percents,
            mids: drawn.count == 1 ? [0] : mids,
            centre: wheel.centre,
            radius: wheel.radius,
            gap: wheel.gap,
            body: body,
            nameStyle: nameStyle,
            percentStyle: percentStyle,
            builder: &b
        )
        if donut { drawTotal(centre: wheel.centre, inner: wheel.inner, builder: &b) }
        return b.scene()
    }

    /// The styles of a slice's name and of its share.
    func labelStyles(_ theme: Theme) -> (name: TextStyle, percent: TextStyle) {
        (
            TextStyle(size: theme.annotationSize, weight: .regular, color: theme.text, role: .annotation),
            TextStyle(size: theme.annotationSize, weight: .bold, color: theme.text, role: .annotation)
        )
    }

    /// A pie laid out in its body: each slice's sweep, name and share as written, and the wheel, as large
    /// as the body's height allows once the names outside it have their room on either side.
    struct Wheel {
        var sweeps: [Double]
        var labels: [String]
        var percents: [String]
        var centre: Point
        var radius: Double
        /// The hole's radius; zero for a pie.
        var inner: Double
        /// Between the wheel and a name outside it.
        var gap: Double

        init(
            _ chart: PieChart,
            _ drawn: [PieSlice],
            body: Rect,
            nameStyle: TextStyle,
            percentStyle: TextStyle,
            _ b: SceneBuilder
        ) {
            let whole = chart.total
            let shares = drawn.map { $0.value / whole }
            sweeps = shares.map { shares.count == 1 ? 2 * Double.pi : $0 * 2 * .pi }
            let percentFormat = NumberFormat(locale: chart.frame.locale, style: .percent(1))
            // Each share rounded alone, as the holdings table's is, so that one asset's share is one figure on
            // the chart and in the table (they add up to 100 within the rounding of each).
            let percents = shares.map { percentFormat.string($0) }
            let maxLabelWidth = body.width * 0.24
            let labels = drawn.map { b.layout.fit($0.label, maxWidth: maxLabelWidth, style: nameStyle) }
            let widest =
                drawn.indices.map { i in
                    b.layout.width(labels[i], nameStyle) + b.layout.width(" " + percents[i], percentStyle)
                }.max() ?? 0
            gap = b.theme.annotationSize * 0.8
            let lineHeight = b.layout.height(nameStyle)
            radius = max(min(body.height / 2 - lineHeight * 0.5, body.width / 2 - widest - gap * 2), 10)
            centre = Point(x: body.midX, y: body.midY)
            inner = chart.donut ? radius * 0.58 : 0
            (self.labels, self.percents) = (labels, percents)
        }
    }

    /// The slices clockwise from twelve o'clock, each parted from the next by a hairline of background;
    /// returns each slice's middle angle, where its label points.
    private func drawSlices(
        _ drawn: [PieSlice],
        sweeps: [Double],
        centre: Point,
        radius: Double,
        inner: Double,
        builder b: inout SceneBuilder
    ) -> [Double] {
        let theme = b.theme
        var angle = -Double.pi / 2
        var mids: [Double] = []
        for (i, slice) in drawn.enumerated() {
            let sweep = sweeps[i]
            let color = theme.color(slice.swatch, position: i)
            b.add(
                PieGeometry.slice(
                    centre: centre,
                    outer: radius,
                    inner: inner,
                    start: angle,
                    end: angle + sweep,
                    fill: color,
                    separator: theme.outline(for: color)
                        ?? (drawn.count > 1 ? Stroke(color: theme.background, width: 1.5) : nil)
                )
            )
            mids.append(angle + sweep / 2)
            angle += sweep
        }
        return mids
    }
}
