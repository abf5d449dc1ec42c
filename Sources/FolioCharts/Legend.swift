import Foundation

/// A horizontal legend of colour swatches and names, wrapping onto more rows when needed, laid out at the
/// top of a chart's body before anything is drawn. Used when direct labels would collide (clustered bars).
struct Legend {
    /// Each entry's swatch and name, in drawing order.
    var entries: [(swatch: PathShape, name: TextRun)] = []

    /// Laid out at the top of `body`, which keeps what is left under it (a gap under the last row).
    init(names: [String], colors: [Color], atTopOf body: inout Rect, _ b: SceneBuilder) {
        guard !names.isEmpty else { return }
        let style = b.legendStyle
        let swatch = style.size * 0.8
        let rowHeight = b.layout.height(style) * 1.2
        let spacing = style.size * 1.2
        let area = body
        var x = area.minX
        var y = area.minY
        for (i, name) in names.enumerated() {
            let text = b.layout.fit(name, maxWidth: area.width * 0.4, style: style)
            let w = swatch + style.size * 0.4 + b.layout.width(text, style)
            if x > area.minX, x + w > area.maxX {
                x = area.minX
                y += rowHeight
            }
            let midY = y + rowHeight / 2
            var box = PathShape.rect(Rect(x: x, y: midY - swatch / 2, width: swatch, height: swatch), fill: colors[i])
            box.stroke = b.theme.outline(for: colors[i])
            let run = b.layout.run(
                text,
                at: Point(x: x + swatch + style.size * 0.4, y: midY),
                baseline: .middle,
                style: style
            )
            entries.append((box, run))
            x += w + spacing
        }
        let height = y + rowHeight - area.minY
        body.y += height + b.theme.axisSize * 0.8
        body.height -= height + b.theme.axisSize * 0.8
    }

    func draw(builder b: inout SceneBuilder) {
        for entry in entries {
            b.add(entry.swatch)
            b.add(entry.name)
        }
    }
}

/// A note on one line at the bottom of a chart's body ("Not shown: BTC (Mar – Dec)"), shortened rather
/// than wrapped, laid out before the chart so that the body it leaves is known.
struct BodyNote {
    var run: TextRun

    /// Laid out at the bottom of `body`, which keeps what is left above it; nil without a note.
    init?(_ note: String?, atBottomOf body: inout Rect, _ b: SceneBuilder) {
        guard let note else { return nil }
        let text = b.layout.fit(note, maxWidth: body.width, style: b.axisStyle)
        run = b.layout.run(text, at: Point(x: body.minX, y: body.maxY), baseline: .bottom, style: b.axisStyle)
        body.height -= Self.height(b)
    }

    /// The room a note takes from the body.
    static func height(_ b: SceneBuilder) -> Double { b.layout.height(b.axisStyle) * 1.6 }
}
