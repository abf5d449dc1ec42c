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
///
/// A row that reads as a sum has its operators between the tiles ("+", "−", "="), all on one row. The
/// lead tile (`lead`: the first) is wider, with a larger figure: the one number the page is about.
/// Labels and details wrap onto a second line rather than end in an ellipsis.
public struct KPIBlock: LayoutBlock {
    public var tiles: [KPITile]
    var perRow: Int?
    /// Between tile i and i + 1; empty when the tiles are separate figures.
    var operators: [String]
    var lead: Bool
    let style: ReportStyle
    let gap = 8.0, pad = 7.0
    /// The room an operator stands in between two tiles.
    let operatorGap = 18.0
    let labelSize = 9.0, valueSize = 14.0, leadSize = 24.0, detailSize = 8.0

    public init(
        tiles: [KPITile],
        perRow: Int? = nil,
        operators: [String] = [],
        lead: Bool = false,
        style: ReportStyle
    ) {
        self.tiles = tiles
        self.perRow = perRow
        self.operators = operators
        self.lead = lead
        self.style = style
    }

    func columns(width: Double) -> Int {
        if !operators.isEmpty { return tiles.count }
        let fits = width >= 420 ? 4 : width >= 300 ? 3 : 2
        return perRow.map { min($0, fits) } ?? fits
    }
    func rows(width: Double) -> Int { (tiles.count + columns(width: width) - 1) / columns(width: width) }

    /// Each tile's left edge and width in a row: the lead tile one and a half times the others. A sum's
    /// tiles share the row by what they hold (a figure and a short label take less than a long label
    /// and a note under the figure), from 0.8 to 1.6 times the mean, so that fewer of them wrap.
    func frames(width: Double, left: Double) -> [(x: Double, width: Double)] {
        let cols = columns(width: width)
        let between = operators.isEmpty ? gap : operatorGap
        var weights = (0..<cols).map { lead && $0 == 0 ? 1.5 : 1.0 }
        if !operators.isEmpty, !lead {
            let natural = tiles.indices.map { i -> Double in
                let t = tiles[i]
                return max(
                    style.layout.width(t.value, valueStyle(i)),
                    style.layout.width(t.detail, detailStyle(t.tone)),
                    min(style.layout.width(t.label, labelStyle), 130)
                )
            }
            let mean = natural.reduce(0, +) / Double(max(natural.count, 1))
            if mean > 0 { weights = natural.map { min(max($0 / mean, 0.8), 1.6) } }
        }
        let unit = (width - Double(cols - 1) * between) / weights.reduce(0, +)
        var x = left
        return weights.map { w in
            defer { x += w * unit + between }
            return (x, w * unit)
        }
    }

    var labelStyle: TextStyle {
        TextStyle(size: labelSize, weight: .regular, color: style.theme.secondaryText, role: .axis)
    }
    func detailStyle(_ tone: KPITile.Tone) -> TextStyle {
        let color =
            tone == .up ? style.theme.up : tone == .down ? style.theme.down : style.theme.secondaryText
        // On the tile's fill, not the page's: the up and down greens and reds are too light for 8 pt text.
        return TextStyle(
            size: detailSize,
            weight: .bold,
            color: color.readable(on: style.theme.zebra),
            role: .annotation
        )
    }
    func valueStyle(_ index: Int) -> TextStyle {
        TextStyle(
            size: lead && index == 0 ? leadSize : valueSize,
            weight: .bold,
            color: style.theme.text,
            role: .annotation
        )
    }

    /// A tile's label and detail as they wrap in its width, two lines at most each.
    func lines(_ tile: KPITile, width: Double) -> (label: [String], detail: [String]) {
        let inner = width - 2 * pad
        func two(_ text: String, _ s: TextStyle) -> [String] {
            guard !text.isEmpty else { return [] }
            let all = style.layout.wrapped(text, width: inner, style: s)
            return all.count <= 2
                ? all : [all[0], style.layout.fit(all[1...].joined(separator: " "), maxWidth: inner, style: s)]
        }
        return (two(tile.label, labelStyle), two(tile.detail, detailStyle(tile.tone)))
    }

    /// The tiles of row `row`, with their wrapped labels and details.
    func row(_ row: Int, width: Double) -> [(index: Int, label: [String], detail: [String])] {
        let cols = columns(width: width)
        let frames = frames(width: width, left: 0)
        return ((row * cols)..<min(tiles.count, (row + 1) * cols)).map { i in
            let (l, d) = lines(tiles[i], width: frames[i - row * cols].width)
            return (i, l, d)
        }
    }

    var labelLine: Double { style.layout.height(labelStyle) * 1.2 }
    var detailLine: Double { style.layout.height(detailStyle(.neutral)) * 1.2 }

    /// Where a row's figures stand below its top: under the most lines any label of the row takes, so
    /// that the figures of a row are level.
    func valueTop(_ row: Int, width: Double) -> Double {
        pad + Double(self.row(row, width: width).map { max($0.label.count, 1) }.max() ?? 1) * labelLine + 3
    }

    /// The height of a row: every tile of a row as tall as its tallest.
    func rowHeight(_ row: Int, width: Double) -> Double {
        let top = valueTop(row, width: width)
        return self.row(row, width: width).map { tile -> Double in
            top + style.layout.height(valueStyle(tile.index)) * 1.1
                + (tile.detail.isEmpty ? 0 : 3 + Double(tile.detail.count) * detailLine) + pad
        }.max() ?? 0
    }

    public func height(width: Double) -> Double {
        let r = rows(width: width)
        return (0..<r).map { rowHeight($0, width: width) }.reduce(0, +) + Double(max(r - 1, 0)) * gap
    }
    public func minimumHeight(width: Double) -> Double { min(rowHeight(0, width: width), height(width: width)) }

    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        var fit = 0
        var used = 0.0
        while fit < rows(width: width), used + rowHeight(fit, width: width) <= height {
            used += rowHeight(fit, width: width) + gap
            fit += 1
        }
        if fit >= rows(width: width) { return (self, nil) }
        if fit == 0 { return (nil, self) }
        let n = fit * columns(width: width)
        var head = self
        var tail = self
        head.tiles = Array(tiles[..<n])
        tail.tiles = Array(tiles[n...])
        tail.lead = false
        return (head, tail)
    }

    public func draw(in rect: Rect) -> [Primitive] {
        let cols = columns(width: rect.width)
        let frames = frames(width: rect.width, left: rect.minX)
        var out: [Primitive] = []
        var y = rect.minY
        for row in 0..<rows(width: rect.width) {
            let h = rowHeight(row, width: rect.width)
            for i in (row * cols)..<min(tiles.count, (row + 1) * cols) {
                let tile = tiles[i]
                let (x, w) = frames[i - row * cols]
                out.append(.path(.rect(Rect(x: x, y: y, width: w, height: h), fill: style.theme.zebra)))
                // The accent: quiet on every tile, the text's colour on the lead (the palette is the assets').
                let accent = lead && i == 0 ? style.theme.text : style.theme.axis
                out.append(.path(.rect(Rect(x: x, y: y, width: 2.5, height: h), fill: accent)))
                let inner = w - 2 * pad
                let (labels, details) = lines(tile, width: w)
                for (k, line) in labels.enumerated() {
                    let at = Point(x: x + pad, y: y + pad + Double(k) * labelLine)
                    out.append(.text(style.layout.run(line, at: at, baseline: .top, style: labelStyle)))
                }
                let top = y + valueTop(row, width: rect.width)
                // Long values shrink rather than overflow the tile.
                var value = valueStyle(i)
                while value.size > 8, style.layout.width(tile.value, value) > inner { value.size -= 0.5 }
                let run = style.layout.run(
                    style.layout.fit(tile.value, maxWidth: inner, style: value),
                    at: Point(x: x + pad, y: top),
                    baseline: .top,
                    style: value
                )
                out.append(.text(run))
                if i + 1 < tiles.count, i - row * cols + 1 < cols,
                    let op = operators.indices.contains(i) ? operators[i] : nil
                {
                    // The operator between this tile and the next, level with the next one's figure.
                    let operatorStyle = TextStyle(
                        size: valueSize,
                        weight: .regular,
                        color: style.theme.secondaryText,
                        role: .annotation
                    )
                    let level = top + style.layout.height(valueStyle(i + 1)) / 2
                    out.append(
                        .text(
                            style.layout.run(
                                op,
                                at: Point(x: x + w + operatorGap / 2, y: level),
                                anchor: .middle,
                                baseline: .middle,
                                style: operatorStyle
                            )
                        )
                    )
                }
                let detail = detailStyle(tile.tone)
                for (k, line) in details.enumerated() {
                    let at = Point(x: x + pad, y: y + h - pad - Double(details.count - 1 - k) * detailLine)
                    out.append(.text(style.layout.run(line, at: at, baseline: .bottom, style: detail)))
                }
            }
            y += h + gap
        }
        return out
    }
}
