import FolioCharts

/// A column of a report table: its header and whether it holds numbers (right-aligned).
public struct TableColumn: Hashable, Sendable {
    public var title: String
    public var numeric: Bool
    public init(title: String, numeric: Bool) { self.title = title; self.numeric = numeric }
}

/// A table that splits between rows and repeats its header on every page it reaches. Column widths are
/// measured once over all rows, before splitting, so that the parts on different pages line up.
public struct TableBlock: LayoutBlock {
    public var columns: [TableColumn]
    /// Cells already formatted for the locale.
    public var rows: [[String]]
    /// Index of the first row in the whole table, for zebra striping that continues across pages.
    var firstRow = 0
    var widths: [Double]?
    let style: ReportStyle

    public init(columns: [TableColumn], rows: [[String]], style: ReportStyle) {
        self.columns = columns; self.rows = rows; self.style = style
    }

    var rowHeight: Double { style.layout.height(style.cell) * 1.55 }

    public func height(width: Double) -> Double { Double(rows.count + 1) * rowHeight }
    /// The header and the fewest rows a first part keeps; a table too short to split, whole.
    public func minimumHeight(width: Double) -> Double {
        let rows = self.rows.count < 2 * Self.minimumRowsPerPart ? self.rows.count : Self.minimumRowsPerPart
        return Double(rows + 1) * rowHeight
    }

    /// Fewest rows either part of a split table keeps: a page that starts with one row and ends, or a
    /// table that ends a page with its header and one row, reads as a layout mistake (widows and orphans).
    static let minimumRowsPerPart = 3

    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        var fit = Int(height / rowHeight) - 1
        if fit >= rows.count { return (self, nil) }
        fit = min(fit, rows.count - Self.minimumRowsPerPart)
        if fit < Self.minimumRowsPerPart { return (nil, self) }
        var head = self, tail = self
        let w = columnWidths(width)
        head.widths = w; tail.widths = w
        head.rows = Array(rows[..<fit])
        tail.rows = Array(rows[fit...])
        tail.firstRow = firstRow + fit
        return (head, tail)
    }

    /// Natural widths (widest cell or title plus padding), stretched to the width. A table too wide for
    /// the page gives up room in this order, so that a number is the last thing shortened: titles wider
    /// than their column's cells are shortened first, then the text columns, then, only if that is not
    /// enough, every column alike (cells then end with an ellipsis).
    func columnWidths(_ width: Double) -> [Double] {
        if let widths { return widths }
        let pad = 10.0
        var cellWidths = columns.map { _ in pad }
        for row in rows {
            for (i, cell) in row.enumerated() where i < cellWidths.count {
                cellWidths[i] = max(cellWidths[i], style.layout.width(cell, style.cell) + pad)
            }
        }
        var w = zip(columns, cellWidths).map { max(style.layout.width($0.title, style.headerCell) + pad, $1) }
        func shrink(_ excess: Double, room: [Double]) {
            let total = room.reduce(0, +)
            guard excess > 0, total > 0 else { return }
            let k = min(1, excess / total)
            for i in w.indices { w[i] -= room[i] * k }
        }
        shrink(w.reduce(0, +) - width, room: zip(w, cellWidths).map { $0 - $1 })
        shrink(w.reduce(0, +) - width, room: w.indices.map { columns[$0].numeric ? 0 : max(w[$0] - 3 * pad, 0) })
        let total = w.reduce(0, +)
        if total > 0 && total != width {
            // Spare room spread in proportion keeps each header near its numbers; a last excess is shared.
            w = w.map { $0 * width / total }
        }
        return w
    }

    public func draw(in rect: Rect) -> [Primitive] {
        let widths = columnWidths(rect.width)
        let theme = style.theme
        var out: [Primitive] = []
        let h = rowHeight
        func line(_ cells: [String], y: Double, text: TextStyle) {
            var x = rect.minX
            for (i, column) in columns.enumerated() {
                let cell = i < cells.count ? cells[i] : ""
                let inner = widths[i] - 10 + 0.5  // measured widths plus rounding slack
                let fitted = style.layout.fit(cell, maxWidth: inner, style: text)
                let anchor = column.numeric ? Point(x: x + widths[i] - 5, y: y + h / 2) : Point(x: x + 5, y: y + h / 2)
                out.append(.text(style.layout.run(fitted, at: anchor, anchor: column.numeric ? .end : .start,
                                                  baseline: .middle, style: text)))
                x += widths[i]
            }
        }
        line(columns.map(\.title), y: rect.minY, text: style.headerCell)
        out.append(.path(.segment(Point(x: rect.minX, y: rect.minY + h), Point(x: rect.maxX, y: rect.minY + h),
                                  stroke: Stroke(color: theme.axis, width: 0.75))))
        for (i, row) in rows.enumerated() {
            let y = rect.minY + Double(i + 1) * h
            if (firstRow + i) % 2 == 1 { out.append(.path(.rect(Rect(x: rect.minX, y: y, width: rect.width, height: h), fill: theme.zebra))) }
            line(row, y: y, text: style.cell)
        }
        return out
    }
}
