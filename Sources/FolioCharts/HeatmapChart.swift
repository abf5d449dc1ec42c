import Foundation

/// A table of values as coloured cells, on a diverging scale centred on zero (RdBu: red below, blue
/// above, deeper the farther from zero, symmetric so that equal gains and losses look equally strong):
/// monthly returns, years down, months across, with the year's total in its own column after a gap
/// (coloured on the months' scale, its end colour where it is beyond it).
/// Each cell shows its value in near-black or white, whichever contrasts more with the fill; an empty
/// cell (NaN: no data that month) is left blank. A key on the right shows the scale's ends and zero.
public struct HeatmapChart: Chart, Hashable {
    public var frame: ChartFrame
    public var rowLabels: [String]
    public var columnLabels: [String]
    /// `values[row][column]`; NaN where there is no value.
    public var values: [[Double]]
    /// The last columns that are totals of the row, set apart by a gap.
    public var totalColumns: Int
    public var format: NumberFormat

    public init(frame: ChartFrame, rowLabels: [String], columnLabels: [String], values: [[Double]], totalColumns: Int = 0,
                format: NumberFormat) {
        self.frame = frame; self.rowLabels = rowLabels; self.columnLabels = columnLabels; self.values = values
        self.totalColumns = totalColumns; self.format = format
    }

    func value(_ r: Int, _ c: Int) -> Double { r < values.count && c < values[r].count ? values[r][c] : .nan }

    /// The largest magnitude of the cells that are not totals, which the scale's ends stand for: a
    /// year's return would otherwise make every month pale. A total beyond it takes the end colour.
    var extent: Double {
        let cells = values.flatMap { $0.prefix(max(columnLabels.count - totalColumns, 0)) }.filter(\.isFinite).map(abs)
        return cells.max() ?? values.joined().filter(\.isFinite).map(abs).max() ?? 0
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        let rows = rowLabels.count, columns = columnLabels.count
        guard rows > 0, columns > 0, extent > 0 else { b.drawNoData(in: body); return b.scene() }
        let theme = b.theme
        var labelStyle = b.axisStyle
        labelStyle.color = theme.text
        let gap = labelStyle.size * 0.5
        let leftWidth = rowLabels.map { b.layout.width($0, labelStyle) }.max() ?? 0
        let keyWidth = theme.axisSize * 0.9 + gap + [extent, -extent].map { b.layout.width(format.string($0), b.axisStyle) }.max()!
        let totalGap = totalColumns > 0 ? theme.axisSize * 0.6 : 0
        let topHeight = b.layout.height(labelStyle)
        let cellWidth = (body.width - leftWidth - gap - totalGap - keyWidth - theme.axisSize * 1.5) / Double(columns)
        let cellHeight = min((body.height - topHeight - gap) / Double(rows), cellWidth * 0.8, theme.axisSize * 3)
        guard cellWidth > 4, cellHeight > 4 else { b.drawNoData(in: body); return b.scene() }
        let top = body.minY + topHeight + gap
        func x(_ c: Int) -> Double {
            body.minX + leftWidth + gap + Double(c) * cellWidth + (c >= columns - totalColumns ? totalGap : 0)
        }

        // The widest text any cell shows sets one size for all, so that the table reads evenly.
        var valueStyle = TextStyle(size: theme.annotationSize * 0.85, weight: .regular, color: theme.text, role: .cell)
        let widest = values.joined().filter(\.isFinite).map { b.layout.width(format.string($0), valueStyle) }.max() ?? 1
        valueStyle.size = min(valueStyle.size, valueStyle.size * cellWidth * 0.9 / widest, cellHeight * 0.6)
        let showValues = valueStyle.size >= 5
        for r in 0..<rows {
            for c in 0..<columns {
                let v = value(r, c)
                guard v.isFinite else { continue }
                let rect = Rect(x: x(c), y: top + Double(r) * cellHeight, width: cellWidth, height: cellHeight).insetBy(dx: 0.5, dy: 0.5)
                let fill = theme.divergingColor(max(-1, min(1, v / extent)))
                b.add(.rect(rect, fill: fill))
                guard showValues else { continue }
                var style = valueStyle
                style.color = fill.bestText(among: theme.cellTextCandidates)
                b.add(b.layout.run(format.string(v), at: Point(x: rect.midX, y: rect.midY), anchor: .middle, baseline: .middle, style: style))
            }
        }
        for (r, label) in rowLabels.enumerated() {
            b.add(b.layout.run(label, at: Point(x: x(0) - gap, y: top + (Double(r) + 0.5) * cellHeight), anchor: .end,
                               baseline: .middle, style: labelStyle))
        }
        for (c, label) in columnLabels.enumerated() {
            let text = b.layout.fit(label, maxWidth: cellWidth - 1, style: labelStyle)
            b.add(b.layout.run(text, at: Point(x: x(c) + cellWidth / 2, y: top - gap), anchor: .middle, baseline: .bottom, style: labelStyle))
        }
        drawKey(left: x(columns - 1) + cellWidth + theme.axisSize * 1.5, top: top, height: min(Double(rows) * cellHeight, body.height * 0.6),
                builder: &b)
        return b.scene()
    }

    /// The colour key: eleven steps from +extent (top) to −extent, labelled at the ends and at zero.
    private func drawKey(left: Double, top: Double, height: Double, builder b: inout SceneBuilder) {
        let theme = b.theme
        let height = max(height, theme.axisSize * 4)
        let step = height / 11
        let width = theme.axisSize * 0.9
        for k in 0..<11 {
            b.add(.rect(Rect(x: left, y: top + Double(k) * step, width: width, height: step + 0.01), fill: theme.divergingColor(1 - Double(k) / 5)))
        }
        for (value, y) in [(extent, top + step / 2), (0.0, top + 5.5 * step), (-extent, top + 10.5 * step)] {
            b.add(b.layout.run(format.string(value), at: Point(x: left + width + theme.axisSize * 0.4, y: y), baseline: .middle,
                               style: b.axisStyle))
        }
    }
}
