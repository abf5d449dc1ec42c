import Foundation

/// A pie whose largest slice is over `PieChart.barAbove` of the whole says one number, and its other
/// slices are slivers no label can point at: it is drawn as one 100 % bar instead, largest first from
/// the left, with direct labels (docs/chart-style.md). The largest slice's name and share sit inside it; the
/// others' stand below the bar in a staircase, one row each from left to right, each ending just left
/// of a leader dropped from its segment, so no leader crosses a label and no label another.
enum PieBar {
    struct Part {
        var name: String
        var percent: String
        var color: Color
        var share: Double
    }

    /// The rows of a bar's labels for a body `width` wide: the parts with their names fitted, whether the
    /// largest's label is inside its segment, and the first row of the staircase below.
    struct Layout {
        var parts: [Part]
        var edges: [Double]
        var inside: Bool
        var stairStart: Int
        var rows: Double
        var line: Double
        var row: Double { line * 1.4 }
        var pad: Double { line * 0.5 }
        var totalHeight: Double
        func mid(_ k: Int) -> Double { (edges[k] + edges[k + 1]) / 2 }
        /// The height the bar and its labels need with the bar at its fullest.
        var needed: Double { totalHeight + line * 2.4 + pad + rows * row }
    }

    static let leader = 5.0

    static func layout(
        _ parts: [Part],
        total: [(text: String, style: TextStyle)],
        body: Rect,
        nameStyle: TextStyle,
        percentStyle: TextStyle,
        builder b: SceneBuilder
    ) -> Layout {
        let line = b.layout.height(nameStyle)
        let pad = line * 0.5
        func width(_ p: Part) -> Double {
            b.layout.width(p.name + " ", nameStyle) + b.layout.width(p.percent, percentStyle)
        }
        // Where each segment lies across the body, left to right.
        var edges = [body.minX]
        for p in parts { edges.append(edges.last! + p.share * body.width) }
        edges[edges.count - 1] = body.maxX
        func mid(_ k: Int) -> Double { (edges[k] + edges[k + 1]) / 2 }
        // A name is shortened only when even the body's width (or the room left of its leader) is too little.
        var parts = parts
        for k in parts.indices {
            let room =
                (k == 0 ? body.width : mid(k) - leader - body.minX)
                - b.layout.width(" " + parts[k].percent, percentStyle)
            parts[k].name = b.layout.fit(parts[k].name, maxWidth: max(room, 0), style: nameStyle)
        }
        let first = parts[0]
        let inside = width(first) <= edges[1] - edges[0] - 2 * pad
        // Below the bar, the largest's label shares the first row with the next one's when the two do not meet.
        let stairStart = !inside && body.minX + width(first) + 2 * leader > mid(1) - leader - width(parts[1]) ? 1 : 0
        return Layout(
            parts: parts,
            edges: edges,
            inside: inside,
            stairStart: stairStart,
            rows: Double(parts.count - 1 + stairStart),
            line: line,
            totalHeight: total.isEmpty ? 0 : b.layout.height(total[0].style) * 1.5
        )
    }

    /// `total`: a donut's centre text (the total and what it is), written above the bar.
    static func draw(
        _ parts: [Part],
        total: [(text: String, style: TextStyle)],
        body: Rect,
        nameStyle: TextStyle,
        percentStyle: TextStyle,
        builder b: inout SceneBuilder
    ) {
        let theme = b.theme
        let l = layout(parts, total: total, body: body, nameStyle: nameStyle, percentStyle: percentStyle, builder: b)
        let (parts, edges, inside, stairStart, rows, line, row, pad, totalHeight) = (
            l.parts, l.edges, l.inside, l.stairStart, l.rows, l.line, l.row, l.pad, l.totalHeight
        )
        let first = parts[0]
        let bar = max(min(line * 2.4, body.height - totalHeight - pad - rows * row), line * 1.2)
        let needed = totalHeight + bar + pad + rows * row
        let top = body.minY + max((body.height - needed) / 2, 0)

        if !total.isEmpty {
            var x = body.minX
            for (text, style) in total {
                b.add(b.layout.run(text, at: Point(x: x, y: top), baseline: .top, style: style))
                x += b.layout.width(text + " ", style)
            }
        }
        let barTop = top + totalHeight
        drawSegments(parts, edges: edges, top: barTop, height: bar, builder: &b)

        func label(_ p: Part, at point: Point, anchor: TextAnchor, color: Color? = nil) {
            drawLabel(
                p,
                at: point,
                anchor: anchor,
                color: color,
                nameStyle: nameStyle,
                percentStyle: percentStyle,
                builder: &b
            )
        }
        let below = barTop + bar + pad + row / 2
        if inside {
            label(
                first,
                at: Point(x: edges[0] + pad, y: barTop + bar / 2),
                anchor: .start,
                color: first.color.bestText(among: theme.cellTextCandidates)
            )
        } else {
            label(first, at: Point(x: body.minX, y: below), anchor: .start)
        }
        for (k, p) in parts.enumerated().dropFirst() {
            let x = l.mid(k)
            let y = below + Double(k - 1 + stairStart) * row
            let stroke = Stroke(color: theme.secondaryText, width: 1)
            b.add(.segment(Point(x: x, y: barTop + bar), Point(x: x, y: y), stroke: stroke))
            b.add(.segment(Point(x: x, y: y), Point(x: x - Self.leader + 2, y: y), stroke: stroke))
            label(p, at: Point(x: x - Self.leader, y: y), anchor: .end)
        }
    }

    /// The segments side by side, parted by a hairline of background.
    private static func drawSegments(
        _ parts: [Part],
        edges: [Double],
        top barTop: Double,
        height bar: Double,
        builder b: inout SceneBuilder
    ) {
        let theme = b.theme
        for (i, p) in parts.enumerated() {
            var shape = PathShape.rect(
                Rect(x: edges[i], y: barTop, width: edges[i + 1] - edges[i], height: bar),
                fill: p.color
            )
            shape.stroke = theme.outline(for: p.color)
            b.add(shape)
            if i > 0 {
                b.add(
                    .segment(
                        Point(x: edges[i], y: barTop),
                        Point(x: edges[i], y: barTop + bar),
                        stroke: Stroke(color: theme.background, width: 1.5)
                    )
                )
            }
        }
    }

    /// A part's name and share on one line, starting at `point` or (`anchor` .end) ending there.
    private static func drawLabel(
        _ p: Part,
        at point: Point,
        anchor: TextAnchor,
        color: Color?,
        nameStyle: TextStyle,
        percentStyle: TextStyle,
        builder b: inout SceneBuilder
    ) {
        let w = b.layout.width(p.name + " ", nameStyle) + b.layout.width(p.percent, percentStyle)
        let x = anchor == .end ? point.x - w : point.x
        var name = nameStyle
        var percent = percentStyle
        if let color {
            name.color = color
            percent.color = color
        }
        b.add(b.layout.run(p.name, at: Point(x: x, y: point.y), baseline: .middle, style: name))
        b.add(
            b.layout.run(
                p.percent,
                at: Point(x: x + b.layout.width(p.name + " ", nameStyle), y: point.y),
                baseline: .middle,
                style: percent
            )
        )
    }
}
