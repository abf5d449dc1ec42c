import Foundation

/// A table of values as coloured cells, on a diverging scale centred on zero (the theme's `heatmap`: red
/// below, blue above, stronger the farther from zero, symmetric so that equal gains and losses look
/// equally strong): monthly returns, years down, months across, with the year's total in its own column
/// after a gap. The scale ends at a robust limit of the months (`colourLimit`); a value beyond it, a
/// month or a year's total, takes the end colour, and the key under the table says so ("15% or more").
/// Each cell shows its value in near-black or white, whichever contrasts more with the fill; an empty
/// cell (NaN: no data that month) is left blank.
public struct HeatmapChart: Chart, Hashable {
    public var frame: ChartFrame
    public var rowLabels: [String]
    public var columnLabels: [String]
    /// `values[row][column]`; NaN where there is no value.
    public var values: [[Double]]
    /// The last columns that are totals of the row, set apart by a gap.
    public var totalColumns: Int
    public var format: NumberFormat

    /// The smallest cell figure drawn, in points (issue 32: read on paper); a canvas too small for it
    /// shows the colours alone, as a small chart shows fewer labels rather than smaller ones.
    static let smallestFigure = 8.0

    public init(
        frame: ChartFrame,
        rowLabels: [String],
        columnLabels: [String],
        values: [[Double]],
        totalColumns: Int = 0,
        format: NumberFormat
    ) {
        self.frame = frame
        self.rowLabels = rowLabels
        self.columnLabels = columnLabels
        self.values = values
        self.totalColumns = totalColumns
        self.format = format
    }

    /// The end of the colour scale: a whole number of a decimal step, so that it prints exactly.
    public struct Limit: Hashable, Sendable {
        public var step: TickStep
        public var count: Int
        public var value: Double { step.value(count) }
        /// Decimals that print it exactly.
        public var decimals: Int { step.decimals }
    }

    func value(_ r: Int, _ c: Int) -> Double { r < values.count && c < values[r].count ? values[r][c] : .nan }

    /// The value the scale's ends stand for, from the cells that are not totals (a year's return would
    /// make every month pale); nil when there is no value at all.
    public var colourLimit: Limit? {
        let cells = values.flatMap { $0.prefix(max(columnLabels.count - totalColumns, 0)) }.filter(\.isFinite).map(abs)
        let all = values.joined().filter(\.isFinite).map(abs)
        guard !all.isEmpty else { return nil }
        return Self.robustLimit(cells.isEmpty ? all : cells)
    }

    /// The 90th percentile of the magnitudes (linear between ranks, as numpy's default and Excel's
    /// PERCENTILE.INC), rounded up to a multiple of half its leading power of ten (12.45 % → 15 %,
    /// 45.3 % → 50 %, 3.2 % → 3.5 %). One month in ten or so saturates: a single +81.8 % no longer
    /// washes every other month to white, and the months that share the end colour still show their
    /// figures. A percentile of 0 (nine months in ten flat) takes the largest; all flat, a nominal 1 %.
    static func robustLimit(_ magnitudes: [Double]) -> Limit {
        let sorted = magnitudes.sorted()
        guard let largest = sorted.last, largest > 0 else {
            return Limit(step: TickStep(mantissa: 1, exponent: -2), count: 1)
        }
        let rank = Double(sorted.count - 1) * 0.9
        let low = Int(rank.rounded(.down))
        let high = min(low + 1, sorted.count - 1)
        var p = sorted[low] + (rank - Double(low)) * (sorted[high] - sorted[low])
        if p <= 0 { p = largest }
        let step = TickStep(mantissa: 5, exponent: Int(log10(p).rounded(.down)) - 1)
        // A hair under a whole multiple (0.15000000000000002 / 0.05) is that multiple.
        return Limit(step: step, count: max(1, Int((p / step.size - 1e-9).rounded(.up))))
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard let limit = colourLimit, let laidOut = layOut(body, b) else {
            b.drawNoData(in: body)
            return b.scene()
        }
        drawCells(laidOut, limit: limit, builder: &b)
        drawLabels(laidOut, builder: &b)
        let (x0, cellWidth) = (laidOut.x(0), laidOut.cellWidth)
        let keyWidth = min(cellWidth * 6, laidOut.x(columnLabels.count - 1) + cellWidth - x0)
        let keyTop = laidOut.top + Double(rowLabels.count) * laidOut.cellHeight + laidOut.gap * 2
        drawKey(limit, in: Rect(x: x0, y: keyTop, width: keyWidth, height: laidOut.keyHeight), builder: &b)
        return b.scene()
    }

    /// The table of cells laid out in a chart's body, the key under it: the months have the page's width.
    struct Layout {
        var left: Double
        var top: Double
        var cellWidth: Double
        var cellHeight: Double
        var gap: Double
        /// The gap before the total columns, which stand apart from the months.
        var totalGap: Double
        var firstTotal: Int
        var labelStyle: TextStyle
        var keyHeight: Double

        /// The left edge of column `c`.
        func x(_ c: Int) -> Double { left + Double(c) * cellWidth + (c >= firstTotal ? totalGap : 0) }
    }

    /// Nil when no rows or columns, or cells too small to read, are left.
    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout? {
        let rows = rowLabels.count
        let columns = columnLabels.count
        guard rows > 0, columns > 0 else { return nil }
        let theme = b.theme
        var labelStyle = b.axisStyle
        labelStyle.color = theme.text
        let gap = labelStyle.size * 0.5
        let leftWidth = rowLabels.map { b.layout.width($0, labelStyle) }.max() ?? 0
        let totalGap = totalColumns > 0 ? theme.axisSize * 0.6 : 0
        let topHeight = b.layout.height(labelStyle)
        let keyHeight = Self.keyStripHeight(theme) + gap * 0.5 + b.layout.height(b.axisStyle)
        let cellWidth = (body.width - leftWidth - gap - totalGap) / Double(columns)
        let cellHeight = min(
            (body.height - topHeight - gap * 3 - keyHeight) / Double(rows),
            cellWidth * 0.8,
            theme.axisSize * 3
        )
        guard cellWidth > 4, cellHeight > 4 else { return nil }
        return Layout(
            left: body.minX + leftWidth + gap,
            top: body.minY + topHeight + gap,
            cellWidth: cellWidth,
            cellHeight: cellHeight,
            gap: gap,
            totalGap: totalGap,
            firstTotal: columns - totalColumns,
            labelStyle: labelStyle,
            keyHeight: keyHeight
        )
    }

    /// Each value's cell in its colour, with the figure when every figure fits at a legible size.
    private func drawCells(_ laidOut: Layout, limit: Limit, builder b: inout SceneBuilder) {
        let (theme, cellWidth, cellHeight) = (b.theme, laidOut.cellWidth, laidOut.cellHeight)
        // The widest text any cell shows sets one size for all, so that the table reads evenly.
        var valueStyle = TextStyle(size: theme.annotationSize * 0.85, weight: .regular, color: theme.text, role: .cell)
        let widest = values.joined().filter(\.isFinite).map { b.layout.width(format.string($0), valueStyle) }.max() ?? 1
        valueStyle.size = min(valueStyle.size, valueStyle.size * cellWidth * 0.9 / widest, cellHeight * 0.65)
        let showValues = valueStyle.size >= Self.smallestFigure - 1e-9
        for r in 0..<rowLabels.count {
            for c in 0..<columnLabels.count {
                let v = value(r, c)
                guard v.isFinite else { continue }
                let rect = Rect(
                    x: laidOut.x(c),
                    y: laidOut.top + Double(r) * cellHeight,
                    width: cellWidth,
                    height: cellHeight
                )
                .insetBy(dx: 0.5, dy: 0.5)
                let fill = theme.heatmapColor(v / limit.value)
                b.add(.rect(rect, fill: fill))
                guard showValues else { continue }
                var style = valueStyle
                style.color = fill.bestText(among: theme.cellTextCandidates)
                b.add(
                    b.layout.run(
                        format.string(v),
                        at: Point(x: rect.midX, y: rect.midY),
                        anchor: .middle,
                        baseline: .middle,
                        style: style
                    )
                )
            }
        }
    }

    /// The rows' names left of the table and the columns' above it.
    private func drawLabels(_ laidOut: Layout, builder b: inout SceneBuilder) {
        let (style, gap, top) = (laidOut.labelStyle, laidOut.gap, laidOut.top)
        for (r, label) in rowLabels.enumerated() {
            let at = Point(x: laidOut.x(0) - gap, y: top + (Double(r) + 0.5) * laidOut.cellHeight)
            b.add(b.layout.run(label, at: at, anchor: .end, baseline: .middle, style: style))
        }
        for (c, label) in columnLabels.enumerated() {
            let text = b.layout.fit(label, maxWidth: laidOut.cellWidth - 1, style: style)
            let at = Point(x: laidOut.x(c) + laidOut.cellWidth / 2, y: top - gap)
            b.add(b.layout.run(text, at: at, anchor: .middle, baseline: .bottom, style: style))
        }
    }

    static func keyStripHeight(_ theme: Theme) -> Double { theme.axisSize * 0.7 }

    /// The colour key: eleven steps from −limit (left) to +limit, labelled at the ends and at zero; an end
    /// that some value lies beyond says so ("15% or more", "−15% or less": ≥ and ≤ in words).
    private func drawKey(_ limit: Limit, in rect: Rect, builder b: inout SceneBuilder) {
        let theme = b.theme
        let step = rect.width / 11
        let stripHeight = Self.keyStripHeight(theme)
        for k in 0..<11 {
            b.add(
                .rect(
                    Rect(x: rect.minX + Double(k) * step, y: rect.minY, width: step + 0.01, height: stripHeight),
                    fill: theme.heatmapColor(Double(k) / 5 - 1)
                )
            )
        }
        var keyFormat = format
        if case .percent = format.style {
            keyFormat.style = .percent(max(limit.decimals - 2, 0))
        } else {
            keyFormat.style = .decimal(limit.decimals)
        }
        let shown = values.joined().filter(\.isFinite)
        var low = keyFormat.string(-limit.value)
        var high = keyFormat.string(limit.value)
        if shown.contains(where: { $0 < -limit.value }) { low = frame.locale.orBeyond(low, above: false) }
        if shown.contains(where: { $0 > limit.value }) { high = frame.locale.orBeyond(high, above: true) }
        let y = rect.minY + stripHeight + theme.axisSize * 0.25
        for (text, x, anchor) in [
            (low, rect.minX, TextAnchor.start), (keyFormat.string(0), rect.midX, .middle), (high, rect.maxX, .end),
        ] {
            b.add(b.layout.run(text, at: Point(x: x, y: y), anchor: anchor, baseline: .top, style: b.axisStyle))
        }
    }
}
