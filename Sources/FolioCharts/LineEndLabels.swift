import Foundation

/// Direct labels at the lines' ends, laid out before the lines are drawn: the room they take right of
/// the plot is known from their texts alone. A name stands after a leader from its line's end and a short
/// key in the line's colour: a leader carries the eye to a name that stacking moved off its line's level,
/// and the key, not the text, carries the colour (two darkened golds, orange's and yellow's, would read
/// as one).
struct LineEndLabels {
    /// One per series, in the series' order.
    var texts: [String]
    var style: TextStyle
    var leader: Double
    var key: Double

    /// Each series' name, shortened to `maxName`, and with its last value in `figures` when given.
    init(series: [LineSeries], maxName: Double, figures: NumberFormat?, _ b: SceneBuilder) {
        style = TextStyle(size: b.theme.axisSize, weight: .bold, color: b.theme.text, role: .legend)
        texts = series.map { [style] s in
            let name = b.layout.fit(s.name, maxWidth: maxName, style: style)
            guard let figures, let last = s.values.last(where: \.isFinite) else { return name }
            return name + "\u{00A0}" + figures.string(last)
        }
        leader = b.theme.axisSize * 1.0
        key = b.theme.axisSize * 0.9
    }

    /// The room right of the plot they take.
    func gutter(_ b: SceneBuilder) -> Double {
        (texts.map { b.layout.width($0, style) }.max() ?? 0) + leader + key + b.theme.axisSize * 0.7
    }

    /// A line's end: which series, where its last value is, in its colour.
    struct End {
        var series: Int
        var point: Point
        var color: Color
    }

    /// The labels stacked so that none overlaps, each joined to its line's end.
    func draw(_ ends: [End], plot: Rect, builder b: inout SceneBuilder) {
        let height = b.layout.height(style)
        let centres = LabelStacking.stack(
            desired: ends.map(\.point.y),
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
                        .move(Point(x: max(end.point.x, start), y: end.point.y)),
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
                    texts[end.series],
                    at: Point(x: start + leader + key + b.theme.axisSize * 0.3, y: centres[i]),
                    baseline: .middle,
                    style: style
                )
            )
        }
    }
}
