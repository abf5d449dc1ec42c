import Foundation

/// One slice of an allocation.
public struct PieSlice: Hashable, Sendable {
    public var label: String
    public var value: Double
    /// Its colour when the data decides it (an asset's, or "Other"'s grey); nil: its place, largest first.
    public var swatch: Swatch?
    public init(label: String, value: Double, swatch: Swatch? = nil) {
        self.label = label; self.value = value; self.swatch = swatch
    }
}

/// An allocation as a pie or donut: largest slice first from 12 o'clock, clockwise; slices under
/// `otherThreshold` of the total, and any beyond `maxSlices − 1`, are grouped into "Other" (drawn last,
/// in a neutral colour). Names sit outside, stacked so they never overlap; percentages sit inside
/// slices that have room for them, otherwise outside with the name and a leader line.
///
/// The whole is every slice, negative ones included (a portfolio's value, with a negative balance
/// taken off): each percentage is of it, written as a table writes it, and a donut's centre shows it.
/// A negative slice cannot be drawn, so it is named under the chart with its value and share
/// ("Not shown: EUR −$5.83 (−4.1%)"); then the drawn shares add up to more than 100 %, and with the
/// named ones to 100 %.
public struct PieChart: Chart, Hashable {
    public var frame: ChartFrame
    public var slices: [PieSlice]
    public var donut: Bool
    public var otherThreshold: Double
    public var maxSlices: Int
    /// Format of the donut's centre total; `nil` = compact number in the frame's locale.
    public var totalFormat: NumberFormat?

    public init(frame: ChartFrame, slices: [PieSlice], donut: Bool = false, otherThreshold: Double = 0.02,
                maxSlices: Int = 8, totalFormat: NumberFormat? = nil) {
        self.frame = frame; self.slices = slices; self.donut = donut; self.otherThreshold = otherThreshold
        self.maxSlices = maxSlices; self.totalFormat = totalFormat
    }

    /// The slices as drawn: positive values, largest first, small ones grouped into "Other" at the end.
    public var drawnSlices: [PieSlice] {
        let positive = slices.filter { $0.value.isFinite && $0.value > 0 }.sorted { ($0.value, $1.label) > ($1.value, $0.label) }
        let total = positive.reduce(0) { $0 + $1.value }
        guard total > 0 else { return [] }
        var kept: [PieSlice] = []
        var grouped: [PieSlice] = []
        for slice in positive {
            if slice.value / total < otherThreshold || kept.count >= maxSlices - 1 { grouped.append(slice) } else { kept.append(slice) }
        }
        // Grouping a single slice only renames it; keep its own name when it fits.
        if grouped.count == 1, kept.count < maxSlices { return kept + grouped }
        if !grouped.isEmpty { kept.append(PieSlice(label: frame.locale.other, value: grouped.reduce(0) { $0 + $1.value }, swatch: .other)) }
        return kept
    }

    /// The whole the percentages are of: every finite slice, negative ones included.
    public var total: Double { slices.map(\.value).filter(\.isFinite).reduce(0, +) }

    /// The negative slices, largest loss first.
    public var notShown: [PieSlice] { slices.filter { $0.value.isFinite && $0.value < 0 }.sorted { ($0.value, $0.label) < ($1.value, $1.label) } }

    /// "Not shown: EUR −$5.83 (−4.1%), LTC −$3.76 (−2.7%)"; nil when every slice is drawn.
    public var notShownText: String? {
        let negative = notShown
        guard !negative.isEmpty, total > 0 else { return nil }
        var money = totalFormat ?? NumberFormat(locale: frame.locale, style: .decimal(2))
        money.style = .decimal(2)
        let percent = NumberFormat(locale: frame.locale, style: .percent(1))
        return frame.locale.notShown + ": " + negative.map { "\($0.label) \(money.string($0.value)) (\(percent.string($0.value / total)))" }
            .joined(separator: ", ")
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        var body = b.drawFrame()
        let drawn = drawnSlices
        guard !drawn.isEmpty, total > 0 else { b.drawNoData(in: body); return b.scene() }
        if let note = notShownText {
            // One line at the bottom of the body, shortened rather than wrapped.
            let style = b.axisStyle
            let text = b.layout.fit(note, maxWidth: body.width, style: style)
            b.add(b.layout.run(text, at: Point(x: body.minX, y: body.maxY), baseline: .bottom, style: style))
            body.height -= b.layout.height(style) * 1.6
        }
        let theme = b.theme
        let locale = frame.locale
        let whole = self.total
        let shares = drawn.map { $0.value / whole }
        let percentFormat = NumberFormat(locale: locale, style: .percent(1))
        let nameStyle = TextStyle(size: theme.annotationSize, weight: .regular, color: theme.text, role: .annotation)
        let percentStyle = TextStyle(size: theme.annotationSize, weight: .bold, color: theme.text, role: .annotation)
        let lineHeight = b.layout.height(nameStyle)

        // Radius: the body's height, less the room outside labels need on either side.
        let maxLabelWidth = body.width * 0.24
        let labels = drawn.indices.map { i in
            b.layout.fit(drawn[i].label, maxWidth: maxLabelWidth, style: nameStyle)
        }
        let widest = drawn.indices.map { i in
            b.layout.width(labels[i], nameStyle) + b.layout.width(" " + percentFormat.string(shares[i]), percentStyle)
        }.max() ?? 0
        let gap = theme.annotationSize * 0.8
        let radius = max(min(body.height / 2 - lineHeight * 0.5, body.width / 2 - widest - gap * 2), 10)
        let centre = Point(x: body.midX, y: body.midY)
        let inner = donut ? radius * 0.58 : 0

        var angle = -Double.pi / 2
        var mids: [Double] = []
        for (i, slice) in drawn.enumerated() {
            let sweep = shares.count == 1 ? 2 * Double.pi : slice.value / drawn.reduce(0, { $0 + $1.value }) * 2 * .pi
            let color = theme.color(slice.swatch, position: i)
            b.add(PieGeometry.slice(centre: centre, outer: radius, inner: inner, start: angle, end: angle + sweep,
                                    fill: color,
                                    separator: theme.outline(for: color) ?? (drawn.count > 1 ? Stroke(color: theme.background, width: 1.5) : nil)))
            mids.append(angle + sweep / 2)
            angle += sweep
        }

        // Percentages inside where the slice is wide enough at the label's radius.
        let labelRadius = donut ? (radius + inner) / 2 : radius * 0.68
        var inside = [Bool](repeating: false, count: drawn.count)
        for i in drawn.indices {
            let text = percentFormat.string(shares[i])
            let w = b.layout.width(text, percentStyle)
            let sweep = drawn[i].value / drawn.reduce(0, { $0 + $1.value }) * 2 * .pi
            let chord = drawn.count == 1 ? .infinity : 2 * labelRadius * sin(min(sweep, .pi) / 2)
            guard shares[i] >= 0.06, chord > max(w, lineHeight) * 1.15 else { continue }
            inside[i] = true
            let p = drawn.count == 1 && !donut ? centre
                : Point(x: centre.x + labelRadius * cos(mids[i]), y: centre.y + labelRadius * sin(mids[i]))
            var style = percentStyle
            style.color = theme.color(drawn[i].swatch, position: i).bestText(among: theme.cellTextCandidates)
            b.add(b.layout.run(text, at: p, anchor: .middle, baseline: .middle, style: style))
        }

        // A whole pie has no slice to point at: its name goes to the right, level with the centre.
        PieLabels.place(names: labels, percents: drawn.indices.map { inside[$0] ? nil : percentFormat.string(shares[$0]) },
                        mids: drawn.count == 1 ? [0] : mids, centre: centre, radius: radius, gap: gap, body: body,
                        nameStyle: nameStyle, percentStyle: percentStyle, builder: &b)

        if donut {
            let format = totalFormat ?? NumberFormat(locale: locale, style: .compact(decimals: 1))
            var big = TextStyle(size: theme.titleSize, weight: .bold, color: theme.text, role: .annotation)
            let text = format.string(total)
            let room = inner * 1.7
            if b.layout.width(text, big) > room { big.size *= room / b.layout.width(text, big) }
            b.add(b.layout.run(text, at: Point(x: centre.x, y: centre.y), anchor: .middle, baseline: .bottom, style: big))
            b.add(b.layout.run(locale.total, at: Point(x: centre.x, y: centre.y + 2), anchor: .middle, baseline: .top,
                               style: b.subtitleStyle))
        }
        return b.scene()
    }
}

enum PieGeometry {
    /// A pie slice or donut segment; a full turn is drawn as a disc or ring without a radial seam.
    static func slice(centre c: Point, outer: Double, inner: Double, start: Double, end: Double, fill: Color,
                      separator: Stroke?) -> PathShape {
        let full = end - start >= 2 * .pi - 1e-9
        var e: [PathElement] = []
        if full {
            e = [.move(Point(x: c.x + outer, y: c.y)), .arc(center: c, radius: outer, start: 0, end: 2 * .pi, clockwise: true), .close]
            if inner > 0 {
                e += [.move(Point(x: c.x + inner, y: c.y)), .arc(center: c, radius: inner, start: 2 * .pi, end: 0, clockwise: false), .close]
            }
            return PathShape(elements: e, fill: fill)
        }
        e.append(.move(Point(x: c.x + outer * cos(start), y: c.y + outer * sin(start))))
        e.append(.arc(center: c, radius: outer, start: start, end: end, clockwise: true))
        if inner > 0 {
            e.append(.line(Point(x: c.x + inner * cos(end), y: c.y + inner * sin(end))))
            e.append(.arc(center: c, radius: inner, start: end, end: start, clockwise: false))
        } else {
            e.append(.line(c))
        }
        e.append(.close)
        return PathShape(elements: e, fill: fill, stroke: separator)
    }
}
