import FolioCharts

/// A column of a report table: its header and whether it holds numbers (right-aligned).
struct TableColumn: Hashable, Sendable {
    var title: String
    var numeric: Bool
    /// Numbers lined up on their decimal separator rather than on their last digit: a column whose rows
    /// have different decimals (rates of several currency pairs), where right-aligned points would zigzag.
    var alignsDecimals: Bool
    /// Rows that share this column's value (one currency's rates) stay on one page when the table splits,
    /// where the split can fall between them and leave each part its fewest rows.
    var keepsRowsTogether: Bool
    /// A heading this column shares with its neighbours of the same group, in a row above the titles.
    var group: String?
    init(
        title: String,
        numeric: Bool,
        alignsDecimals: Bool = false,
        keepsRowsTogether: Bool = false,
        group: String? = nil
    ) {
        self.title = title
        self.numeric = numeric
        self.alignsDecimals = alignsDecimals
        self.keepsRowsTogether = keepsRowsTogether
        self.group = group
    }
}

/// A table that splits between rows and repeats its header on every page it reaches. Column widths are
/// measured once over all rows, before splitting, so that the parts on different pages line up. Columns
/// with a group have its heading in a row above their titles, over all of them, with a rule under it.
struct TableBlock: LayoutBlock {
    /// A cell: its text, already formatted for the locale, and whether it is set in bold (the best of its
    /// column, a subtotal), so that a mark is a weight and not a character inside the figure.
    struct Cell: Hashable, Sendable {
        var text: String
        var bold: Bool
        init(_ text: String, bold: Bool = false) {
            self.text = text
            self.bold = bold
        }
    }

    var columns: [TableColumn]
    var rows: [[Cell]]
    /// Index of the first row in the whole table, for zebra striping that continues across pages.
    var firstRow = 0
    var widths: [Double]?
    /// Each decimal-aligned column's widest fraction, measured over all rows like the widths.
    var fractions: [Double]?
    /// The data the table shows (a definition's `data:`), for a text elsewhere that names the page it
    /// starts on (`{pageOf.diagnostics}`).
    var source: String?
    /// The figures of the chart above it, untitled: kept on the chart's page (`keepsWithPrevious`).
    var followsChart = false
    let style: ReportStyle

    init(columns: [TableColumn], rows: [[Cell]], style: ReportStyle) {
        self.columns = columns
        self.rows = rows
        self.style = style
    }

    init(columns: [TableColumn], rows: [[String]], style: ReportStyle) {
        self.init(columns: columns, rows: rows.map { $0.map { Cell($0) } }, style: style)
    }

    var rowHeight: Double { style.layout.height(style.cell) * 1.45 }
    var splitsOnlyWhenLong: Bool { true }
    var keepsWithPrevious: Bool { followsChart }

    /// The rows of the header: the titles, and the groups' row above them when there are groups.
    var headerRows: Int { columns.contains { $0.group != nil } ? 2 : 1 }

    func height(width: Double) -> Double { Double(rows.count + headerRows) * rowHeight }
    /// The header and the fewest rows a first part keeps; a table too short to split, whole.
    func minimumHeight(width: Double) -> Double {
        let rows = self.rows.count < 2 * Self.minimumRowsPerPart ? self.rows.count : Self.minimumRowsPerPart
        return Double(rows + headerRows) * rowHeight
    }

    /// Fewest rows either part of a split table keeps: a page that starts with one row and ends, or a
    /// table that ends a page with its header and one row, reads as a layout mistake (widows and orphans).
    static let minimumRowsPerPart = 3

    func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        var fit = Int(height / rowHeight) - headerRows
        if fit >= rows.count { return (self, nil) }
        fit = min(fit, rows.count - Self.minimumRowsPerPart)
        if let g = columns.firstIndex(where: \.keepsRowsTogether), fit > 0 {
            var start = fit
            while start > 0, rows[start][g].text == rows[start - 1][g].text { start -= 1 }
            if start >= Self.minimumRowsPerPart { fit = start }
        }
        if fit < Self.minimumRowsPerPart { return (nil, self) }
        var head = self
        var tail = self
        let w = columnWidths(width)
        head.widths = w
        tail.widths = w
        head.fractions = widestFractions()
        tail.fractions = head.fractions
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
                cellWidths[i] = max(cellWidths[i], style.layout.width(cell.text, text(cell)) + pad)
            }
        }
        for i in columns.indices where columns[i].alignsDecimals {
            // The widest whole part and the widest fraction need not be of the same row.
            let parts = rows.compactMap { $0.indices.contains(i) ? decimalParts($0[i]) : nil }
            cellWidths[i] = max(
                cellWidths[i],
                (parts.map(\.whole).max() ?? 0) + (parts.map(\.fraction).max() ?? 0) + pad
            )
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

    func text(_ cell: Cell) -> TextStyle {
        var text = style.cell
        if cell.bold { text.weight = .bold }
        return text
    }

    /// The widths of a number's whole part and of its fraction from the decimal separator on ("28" and
    /// ".2746", ",05 %"); nil for a cell without a digit ("—"), which is right-aligned like the header.
    func decimalParts(_ cell: Cell) -> (whole: Double, fraction: Double)? {
        guard cell.text.contains(where: \.isNumber) else { return nil }
        let s = text(cell)
        guard let point = cell.text.range(of: style.locale.decimalSeparator, options: .backwards) else {
            return (style.layout.width(cell.text, s), 0)
        }
        return (
            style.layout.width(String(cell.text[..<point.lowerBound]), s),
            style.layout.width(String(cell.text[point.lowerBound...]), s)
        )
    }

    /// Where each decimal-aligned column's separators stand: its widest fraction's width left of its right edge.
    func widestFractions() -> [Double] {
        fractions
            ?? columns.indices.map { i in
                columns[i].alignsDecimals
                    ? rows.compactMap { $0.indices.contains(i) ? decimalParts($0[i])?.fraction : nil }.max() ?? 0 : 0
            }
    }

    func draw(in rect: Rect) -> [Primitive] {
        let widths = columnWidths(rect.width)
        let theme = style.theme
        var out: [Primitive] = []
        let h = rowHeight
        let fractions = widestFractions()
        func line(_ cells: [Cell], y: Double, header: Bool) {
            var x = rect.minX
            for (i, column) in columns.enumerated() {
                let cell = i < cells.count ? cells[i] : Cell("")
                let text = header ? style.headerCell : self.text(cell)
                let inner = widths[i] - 10 + 0.5  // measured widths plus rounding slack
                let fitted = style.layout.fit(cell.text, maxWidth: inner, style: text)
                var right = x + widths[i] - 5
                if !header, column.alignsDecimals, let parts = decimalParts(cell) {
                    right += parts.fraction - fractions[i]
                }
                let anchor = column.numeric ? Point(x: right, y: y + h / 2) : Point(x: x + 5, y: y + h / 2)
                out.append(
                    .text(
                        style.layout.run(
                            fitted,
                            at: anchor,
                            anchor: column.numeric ? .end : .start,
                            baseline: .middle,
                            style: text
                        )
                    )
                )
                x += widths[i]
            }
        }
        let top = rect.minY + Double(headerRows - 1) * h
        if headerRows == 2 {
            // Each run of neighbours in one group: its heading centred over them, a rule under it inset
            // at both ends, so that two groups side by side read as two.
            var start = 0
            while start < columns.count {
                var end = start + 1
                while end < columns.count, columns[end].group == columns[start].group { end += 1 }
                if let group = columns[start].group {
                    let x0 = rect.minX + widths[..<start].reduce(0, +)
                    let x1 = x0 + widths[start..<end].reduce(0, +)
                    let s = style.headerCell
                    out.append(
                        .text(
                            style.layout.run(
                                style.layout.fit(group, maxWidth: x1 - x0 - 10, style: s),
                                at: Point(x: (x0 + x1) / 2, y: rect.minY + h / 2),
                                anchor: .middle,
                                baseline: .middle,
                                style: s
                            )
                        )
                    )
                    out.append(
                        .path(
                            .segment(
                                Point(x: x0 + 5, y: rect.minY + h - 1),
                                Point(x: x1 - 5, y: rect.minY + h - 1),
                                stroke: Stroke(color: theme.axis, width: 0.75)
                            )
                        )
                    )
                }
                start = end
            }
        }
        line(columns.map { Cell($0.title) }, y: top, header: true)
        out.append(
            .path(
                .segment(
                    Point(x: rect.minX, y: top + h),
                    Point(x: rect.maxX, y: top + h),
                    stroke: Stroke(color: theme.axis, width: 0.75)
                )
            )
        )
        for (i, row) in rows.enumerated() {
            let y = top + Double(i + 1) * h
            if (firstRow + i) % 2 == 1 {
                out.append(.path(.rect(Rect(x: rect.minX, y: y, width: rect.width, height: h), fill: theme.zebra)))
            }
            line(row, y: y, header: false)
        }
        return out
    }
}
