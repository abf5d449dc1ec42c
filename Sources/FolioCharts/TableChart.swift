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
        guard let laidOut = layOut(body, b) else {
            b.drawNoData(in: body)
            return b.scene()
        }
        let rowHeight = laidOut.rowHeight
        let tableWidth = min(laidOut.widths.reduce(0, +), body.width)
        var y = body.minY
        drawRow(header, laidOut, x: body.minX, y: y, style: laidOut.headerStyle, builder: &b)
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
            drawRow(row.map { $0.string() }, laidOut, x: body.minX, y: y, style: laidOut.cellStyle, builder: &b)
            y += rowHeight
        }
        if shown < rows.count {
            let more = frame.locale == .uk ? "… ще \(rows.count - shown)" : "… \(rows.count - shown) more"
            b.add(
                b.layout.run(
                    more,
                    at: Point(x: body.minX + laidOut.padding, y: y + rowHeight / 2),
                    baseline: .middle,
                    style: b.footnoteStyle
                )
            )
        }
        return b.scene()
    }

    /// The table's columns laid out: each as wide as its widest text, numbers right-aligned.
    struct Layout {
        var widths: [Double]
        var numeric: [Bool]
        var cellStyle: TextStyle
        var headerStyle: TextStyle
        var padding: Double
        var rowHeight: Double
    }

    /// Nil without a column. Too wide: the text columns shrink (numbers are never shortened) in proportion.
    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout? {
        let columns = max(header.count, rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return nil }
        var cellStyle = b.axisStyle
        cellStyle.color = b.theme.text
        cellStyle.role = .cell
        var headerStyle = cellStyle
        headerStyle.weight = .bold
        headerStyle.role = .header
        let padding = b.theme.axisSize * 0.8
        let numeric = (0..<columns).map { c in rows.contains { c < $0.count && $0[c].isNumber } }
        var widths = (0..<columns).map { c in
            max(
                c < header.count ? b.layout.width(header[c], headerStyle) : 0,
                rows.map { c < $0.count ? b.layout.width($0[c].string(), cellStyle) : 0 }.max() ?? 0
            ) + 2 * padding
        }
        let excess = widths.reduce(0, +) - body.width
        let textTotal = zip(widths, numeric).filter { !$0.1 }.map(\.0).reduce(0, +)
        if excess > 0, textTotal > 0 {
            for c in 0..<columns where !numeric[c] {
                widths[c] = max(widths[c] - excess * widths[c] / textTotal, 3 * padding)
            }
        }
        return Layout(
            widths: widths,
            numeric: numeric,
            cellStyle: cellStyle,
            headerStyle: headerStyle,
            padding: padding,
            rowHeight: b.layout.height(cellStyle) * 1.5
        )
    }

    /// One row's texts from `x`, each shortened to its column and aligned in it.
    private func drawRow(
        _ texts: [String],
        _ laidOut: Layout,
        x start: Double,
        y: Double,
        style: TextStyle,
        builder b: inout SceneBuilder
    ) {
        let (widths, padding) = (laidOut.widths, laidOut.padding)
        var x = start
        for c in widths.indices {
            let text = b.layout.fit(c < texts.count ? texts[c] : "", maxWidth: widths[c] - 2 * padding, style: style)
            let right = laidOut.numeric[c]
            b.add(
                b.layout.run(
                    text,
                    at: Point(x: right ? x + widths[c] - padding : x + padding, y: y + laidOut.rowHeight / 2),
                    anchor: right ? .end : .start,
                    baseline: .middle,
                    style: style
                )
            )
            x += widths[c]
        }
    }
}
