import FolioCharts

/// One key figure: a label, the value, and an optional change shown with a sign and the up/down colour.
public struct KPITile: Hashable, Sendable {
    public enum Tone: Hashable, Sendable { case neutral, up, down }
    public var label: String
    public var value: String
    public var detail: String
    public var tone: Tone
    public init(label: String, value: String, detail: String = "", tone: Tone = .neutral) {
        self.label = label
        self.value = value
        self.detail = detail
        self.tone = tone
    }
}

/// Tiles in rows of up to four (or `perRow`, as narrow pages allow); splits between rows.
public struct KPIBlock: LayoutBlock {
    public var tiles: [KPITile]
    var perRow: Int?
    let style: ReportStyle
    let tileHeight = 58.0, gap = 8.0

    public init(tiles: [KPITile], perRow: Int? = nil, style: ReportStyle) {
        self.tiles = tiles
        self.perRow = perRow
        self.style = style
    }

    func columns(width: Double) -> Int {
        let fits = width >= 420 ? 4 : width >= 300 ? 3 : 2
        return perRow.map { min($0, fits) } ?? fits
    }
    func rows(width: Double) -> Int { (tiles.count + columns(width: width) - 1) / columns(width: width) }

    public func height(width: Double) -> Double {
        let r = Double(rows(width: width))
        return r > 0 ? r * tileHeight + (r - 1) * gap : 0
    }
    public func minimumHeight(width: Double) -> Double { min(tileHeight, height(width: width)) }

    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        let fit = Int((height + gap) / (tileHeight + gap))
        if fit >= rows(width: width) { return (self, nil) }
        if fit == 0 { return (nil, self) }
        let n = fit * columns(width: width)
        return (
            KPIBlock(tiles: Array(tiles[..<n]), perRow: perRow, style: style),
            KPIBlock(tiles: Array(tiles[n...]), perRow: perRow, style: style)
        )
    }

    public func draw(in rect: Rect) -> [Primitive] {
        let cols = columns(width: rect.width)
        let w = (rect.width - Double(cols - 1) * gap) / Double(cols)
        let pad = 8.0
        let label = TextStyle(size: 7.5, weight: .regular, color: style.theme.secondaryText, role: .axis)
        var value = TextStyle(size: 14, weight: .bold, color: style.theme.text, role: .annotation)
        var out: [Primitive] = []
        for (i, tile) in tiles.enumerated() {
            let x = rect.minX + Double(i % cols) * (w + gap)
            let y = rect.minY + Double(i / cols) * (tileHeight + gap)
            out.append(.path(.rect(Rect(x: x, y: y, width: w, height: tileHeight), fill: style.theme.zebra)))
            out.append(.path(.rect(Rect(x: x, y: y, width: 2.5, height: tileHeight), fill: style.theme.series[0])))
            let inner = w - 2 * pad
            out.append(
                .text(
                    style.layout.run(
                        style.layout.fit(tile.label, maxWidth: inner, style: label),
                        at: Point(x: x + pad, y: y + pad),
                        baseline: .top,
                        style: label
                    )
                )
            )
            // Long values shrink rather than overflow the tile.
            value.size = 14
            while value.size > 8, style.layout.width(tile.value, value) > inner { value.size -= 0.5 }
            out.append(
                .text(
                    style.layout.run(
                        style.layout.fit(tile.value, maxWidth: inner, style: value),
                        at: Point(x: x + pad, y: y + pad + 12),
                        baseline: .top,
                        style: value
                    )
                )
            )
            if !tile.detail.isEmpty {
                let tone =
                    tile.tone == .up
                    ? style.theme.up : tile.tone == .down ? style.theme.down : style.theme.secondaryText
                // On the tile's fill, not the page's: the up and down greens and reds are too light for 8 pt text.
                let detail = TextStyle(
                    size: 8,
                    weight: .bold,
                    color: tone.readable(on: style.theme.zebra),
                    role: .annotation
                )
                out.append(
                    .text(
                        style.layout.run(
                            style.layout.fit(tile.detail, maxWidth: inner, style: detail),
                            at: Point(x: x + pad, y: y + tileHeight - pad),
                            baseline: .bottom,
                            style: detail
                        )
                    )
                )
            }
        }
        return out
    }
}
