import Foundation

/// A cell of a table: text, a number with the format it is written in, or a number already written
/// (by a table built for reports as well, whose cells are text).
public enum TableCell: Hashable, Sendable {
    case text(String)
    case number(Double, NumberFormat)
    case figure(String)

    public func string() -> String {
        switch self {
        case .text(let s), .figure(let s): s
        case .number(let v, let f): f.string(v)
        }
    }
    var isNumber: Bool { if case .text = self { false } else { true } }
}

/// A table: header row, zebra rows, text columns left-aligned and shortened with an ellipsis when the
/// table is too wide, numeric columns right-aligned (the font's figures are tabular, so digits line up).
/// Rows that do not fit the canvas are left out and counted in a last line.
public struct TableChart: Chart, Hashable {
    public var frame: ChartFrame
    public var header: [String]
    public var rows: [[TableCell]]

    public init(frame: ChartFrame, header: [String], rows: [[TableCell]]) {
        self.frame = frame
        self.header = header
        self.rows = rows
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        let theme = b.theme
        let columns = max(header.count, rows.map(\.count).max() ?? 0)
        guard columns > 0 else {
            b.drawNoData(in: body)
            return b.scene()
        }
        var cellStyle = b.axisStyle
        cellStyle.color = theme.text
        cellStyle.role = .cell
        var headerStyle = cellStyle
        headerStyle.weight = .bold
        headerStyle.role = .header
        let padding = theme.axisSize * 0.8
        let numeric = (0..<columns).map { c in rows.contains { c < $0.count && $0[c].isNumber } }
        var widths = (0..<columns).map { c in
            max(
                c < header.count ? b.layout.width(header[c], headerStyle) : 0,
                rows.map { c < $0.count ? b.layout.width($0[c].string(), cellStyle) : 0 }.max() ?? 0
            ) + 2 * padding
        }
        // Too wide: shrink the text columns (numbers are never shortened) in proportion.
        let excess = widths.reduce(0, +) - body.width
        let textTotal = zip(widths, numeric).filter { !$0.1 }.map(\.0).reduce(0, +)
        if excess > 0, textTotal > 0 {
            for c in 0..<columns where !numeric[c] {
                widths[c] = max(widths[c] - excess * widths[c] / textTotal, 3 * padding)
            }
        }
        let rowHeight = b.layout.height(cellStyle) * 1.5
        var y = body.minY
        func drawRow(_ texts: [String], style: TextStyle) {
            var x = body.minX
            for c in 0..<columns {
                let text = b.layout.fit(
                    c < texts.count ? texts[c] : "",
                    maxWidth: widths[c] - 2 * padding,
                    style: style
                )
                let right = numeric[c]
                b.add(
                    b.layout.run(
                        text,
                        at: Point(x: right ? x + widths[c] - padding : x + padding, y: y + rowHeight / 2),
                        anchor: right ? .end : .start,
                        baseline: .middle,
                        style: style
                    )
                )
                x += widths[c]
            }
        }
        let tableWidth = min(widths.reduce(0, +), body.width)
        drawRow(header, style: headerStyle)
        y += rowHeight
        b.add(
            .segment(
                Point(x: body.minX, y: Axes.snap(y, width: 1)),
                Point(x: body.minX + tableWidth, y: Axes.snap(y, width: 1)),
                stroke: Stroke(color: theme.axis, width: theme.gridWidth)
            )
        )
        let capacity = Int((body.maxY - y) / rowHeight)
        let shown = rows.count <= capacity ? rows.count : max(capacity - 1, 0)
        for (i, row) in rows.prefix(shown).enumerated() {
            if i % 2 == 1 {
                b.add(.rect(Rect(x: body.minX, y: y, width: tableWidth, height: rowHeight), fill: theme.zebra))
            }
            drawRow(row.map { $0.string() }, style: cellStyle)
            y += rowHeight
        }
        if shown < rows.count {
            let more = frame.locale == .uk ? "… ще \(rows.count - shown)" : "… \(rows.count - shown) more"
            b.add(
                b.layout.run(
                    more,
                    at: Point(x: body.minX + padding, y: y + rowHeight / 2),
                    baseline: .middle,
                    style: b.footnoteStyle
                )
            )
        }
        return b.scene()
    }
}
