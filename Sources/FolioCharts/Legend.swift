import Foundation

/// A horizontal legend of colour swatches and names, wrapping onto more rows when needed. Used when
/// direct labels would collide (clustered bars).
enum Legend {
    /// Draws the legend at the top of `area` and returns the height it took.
    static func draw(names: [String], colors: [Color], in area: Rect, builder b: inout SceneBuilder) -> Double {
        guard !names.isEmpty else { return 0 }
        let style = b.legendStyle
        let swatch = style.size * 0.8
        let rowHeight = b.layout.height(style) * 1.2
        let spacing = style.size * 1.2
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
            b.add(box)
            b.add(
                b.layout.run(
                    text,
                    at: Point(x: x + swatch + style.size * 0.4, y: midY),
                    baseline: .middle,
                    style: style
                )
            )
            x += w + spacing
        }
        return y + rowHeight - area.minY
    }
}
