import Foundation

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

/// The change over a price window laid out at the right end of the subtitle line: signed, coloured by
/// direction and with its arrow, so that direction never rests on colour alone.
struct WindowChange {
    var text: String
    var style: TextStyle
    var rising: Bool
    var flat: Bool
    var arrowSize: Double

    init(_ change: HeadlineChange, amount: Double, summary s: SeriesSummary, format: NumberFormat, _ b: SceneBuilder) {
        var signed = format.withDecimals(of: max(abs(s.first), abs(s.last)))
        signed.explicitPlus = true
        let percent =
            change.fraction.map {
                // One decimal, as every chart writes a percentage (tables write two).
                " (" + NumberFormat(locale: b.frame.locale, style: .percent(1), explicitPlus: true).string($0) + ")"
            } ?? ""
        let color = amount > 0 ? b.theme.up : amount < 0 ? b.theme.down : b.theme.secondaryText
        text = signed.string(amount) + percent
        rising = amount >= 0
        flat = color == b.theme.secondaryText
        style = TextStyle(
            size: b.theme.subtitleSize,
            weight: .bold,
            color: b.theme.labelColor(for: color),
            role: .annotation
        )
        arrowSize = b.theme.subtitleSize * 0.6
    }

    /// The room it takes at the end of the subtitle line.
    func width(_ b: SceneBuilder) -> Double { b.layout.width(text, style) + arrowSize * 1.6 }

    func draw(builder b: inout SceneBuilder) {
        let run = b.layout.run(
            text,
            at: Point(x: b.frame.width - b.theme.margin, y: b.subtitleTop()),
            anchor: .end,
            baseline: .top,
            style: style
        )
        b.add(run)
        ChangeArrow.draw(
            rising: rising,
            flat: flat,
            rightEdge: run.box.minX - arrowSize * 0.6,
            midY: run.box.midY,
            size: arrowSize,
            color: style.color,
            builder: &b
        )
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
