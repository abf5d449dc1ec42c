import Foundation

/// A correlation matrix as a table of square cells coloured on the RdBu diverging scale from −1 to +1,
/// each with its value to two decimals (true minus sign) in near-black or white, whichever contrasts
/// more with the cell. The diagonal is drawn muted; undefined cells (NaN) show "—". Asset names label
/// the rows on the left and the columns on top, turned 45° when they do not fit a cell's width.
public struct CorrelationChart: Chart, Hashable {
    public var frame: ChartFrame
    public var labels: [String]
    /// `matrix[row][column]`, −1…+1, NaN where undefined; square, `labels.count` on each side.
    public var matrix: [[Double]]

    /// Beyond this many assets a matrix is ordered by cluster and too small for a figure in each cell: a
    /// report gives it a page and lists the most and least correlated pairs under it.
    public static let clusteredAbove = 15

    public init(frame: ChartFrame, labels: [String], matrix: [[Double]]) {
        self.frame = frame
        self.labels = labels
        self.matrix = matrix
    }

    /// The text a cell shows.
    func cellText(_ row: Int, _ column: Int) -> String {
        let v = row < matrix.count && column < matrix[row].count ? matrix[row][column] : .nan
        return NumberFormat(locale: frame.locale, style: .decimal(2), grouping: false).string(v)
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        guard !labels.isEmpty else {
            b.drawNoData(in: body)
            return b.scene()
        }
        let laidOut = layOut(body, b)
        drawCells(laidOut, builder: &b)
        drawLabels(laidOut, builder: &b)
        let grid = laidOut.grid
        drawScale(
            left: max(grid.maxX + (laidOut.rotated ? laidOut.topHeight : 0), grid.maxX) + b.theme.axisSize * 1.5,
            top: grid.minY,
            height: min(grid.height, body.height * 0.6),
            builder: &b
        )
        return b.scene()
    }

    /// The matrix laid out in a chart's body: the cells' grid, the labels' size and how the top ones stand.
    struct Layout {
        var grid: Rect
        var cell: Double
        var labelStyle: TextStyle
        var gap: Double
        /// Room left of the grid for the row labels.
        var leftWidth: Double
        /// The longest a top label may be.
        var maxTop: Double
        var topHeight: Double
        /// Top labels turned 45°, or (`upright`) 90°, one a column.
        var rotated: Bool
        var upright: Bool
    }

    func layOut(_ body: Rect, _ b: SceneBuilder) -> Layout {
        let n = labels.count
        let theme = b.theme
        let legendWidth = theme.axisSize * 4.5
        var labelStyle = b.axisStyle
        labelStyle.color = theme.text
        // Many assets: smaller label type, down to the footnote size, so rows stay legible.
        let fitting = min(theme.axisSize, max(theme.footnoteSize * 0.85, body.height / Double(n) / 1.3))
        labelStyle.size = fitting
        let gap = labelStyle.size * 0.5
        let leftWidth = min(labels.map { b.layout.width($0, labelStyle) }.max() ?? 0, body.width * 0.18)

        // Cell size, label size and top-label height depend on each other: try straight top labels, then
        // 45°; labels shrink until a row label fits its cell's height (and a turned label the spacing
        // between turned neighbours, cell·sin 45°).
        let maxTop = min(body.height * 0.28, leftWidth)
        var cell = 0.0
        var rotated = false
        // Many assets: the top labels stand upright, one a column, as large as the rows' (turned 45°
        // they would have to shrink to fit the spacing between turned neighbours, cell·sin 45°).
        let upright = n > Self.clusteredAbove
        var topHeight = 0.0
        func measureGrid() {
            let lineHeight = b.layout.height(labelStyle)
            let widest = labels.map { b.layout.width($0, labelStyle) }.max() ?? 0
            topHeight =
                upright ? min(maxTop, widest) : rotated ? (min(maxTop, widest) + lineHeight) * 0.7071 : lineHeight
            let widthRoom = body.width - leftWidth - gap - legendWidth - (rotated ? topHeight : 0)
            cell = max(min(widthRoom / Double(n), (body.height - topHeight - gap) / Double(n)), 1)
        }
        for attempt in 0..<2 {
            rotated = attempt == 1 && !upright
            measureGrid()
            let perPoint = b.layout.height(labelStyle) / labelStyle.size
            let limit = cell * (rotated ? 0.68 : 0.95) / perPoint
            if labelStyle.size > limit {
                labelStyle.size = limit
                measureGrid()
            }
            let widest = labels.map { b.layout.width($0, labelStyle) }.max() ?? 0
            if upright || (!rotated && widest <= cell - 2) { break }
        }
        let grid = Rect(
            x: body.minX + leftWidth + gap,
            y: body.minY + topHeight + gap,
            width: cell * Double(n),
            height: cell * Double(n)
        )
        return Layout(
            grid: grid,
            cell: cell,
            labelStyle: labelStyle,
            gap: gap,
            leftWidth: leftWidth,
            maxTop: maxTop,
            topHeight: topHeight,
            rotated: rotated,
            upright: upright
        )
    }

    /// Each cell in its colour with its value, when the cells are large enough for a legible figure.
    private func drawCells(_ laidOut: Layout, builder b: inout SceneBuilder) {
        let (theme, grid, cell, n) = (b.theme, laidOut.grid, laidOut.cell, labels.count)
        var valueStyle = TextStyle(size: theme.annotationSize * 0.9, weight: .regular, color: theme.text, role: .cell)
        let sample = b.layout.width(
            ChartLocale.minus + "0.00",
            TextStyle(size: 1, weight: .regular, color: theme.text, role: .cell)
        )
        valueStyle.size = min(valueStyle.size, cell * 0.86 / sample, cell * 0.6)
        let showValues = valueStyle.size >= 6
        for r in 0..<n {
            for c in 0..<n {
                let v = r < matrix.count && c < matrix[r].count ? matrix[r][c] : .nan
                let rect = Rect(
                    x: grid.minX + Double(c) * cell,
                    y: grid.minY + Double(r) * cell,
                    width: cell,
                    height: cell
                )
                .insetBy(dx: 0.5, dy: 0.5)
                let diagonal = r == c
                let fill = diagonal || !v.isFinite ? theme.zebra : theme.divergingColor(v)
                b.add(.rect(rect, fill: fill))
                guard showValues else { continue }
                var style = valueStyle
                style.color =
                    diagonal || !v.isFinite ? theme.secondaryText : fill.bestText(among: theme.cellTextCandidates)
                b.add(
                    b.layout.run(
                        cellText(r, c),
                        at: Point(x: rect.midX, y: rect.midY),
                        anchor: .middle,
                        baseline: .middle,
                        style: style
                    )
                )
            }
        }
    }

    /// The names left of the rows and above the columns (straight, turned 45° or upright).
    private func drawLabels(_ laidOut: Layout, builder b: inout SceneBuilder) {
        let (grid, cell, gap, labelStyle) = (laidOut.grid, laidOut.cell, laidOut.gap, laidOut.labelStyle)
        let rowLabels = labels.map { b.layout.fit($0, maxWidth: laidOut.leftWidth, style: labelStyle) }
        for (i, text) in rowLabels.enumerated() {
            b.add(
                b.layout.run(
                    text,
                    at: Point(x: grid.minX - gap, y: grid.minY + (Double(i) + 0.5) * cell),
                    anchor: .end,
                    baseline: .middle,
                    style: labelStyle
                )
            )
        }
        let topMax = (laidOut.maxTop * 0.7071 + 0) / 0.7071
        for (i, label) in labels.enumerated() {
            let at = Point(x: grid.minX + (Double(i) + 0.5) * cell, y: grid.minY - gap)
            if laidOut.upright {
                let text = b.layout.fit(label, maxWidth: laidOut.maxTop, style: labelStyle)
                b.add(
                    b.layout.run(text, at: at, anchor: .start, baseline: .middle, style: labelStyle, rotation: -.pi / 2)
                )
            } else if laidOut.rotated {
                let text = b.layout.fit(label, maxWidth: topMax, style: labelStyle)
                b.add(
                    b.layout.run(text, at: at, anchor: .start, baseline: .middle, style: labelStyle, rotation: -.pi / 4)
                )
            } else {
                b.add(b.layout.run(label, at: at, anchor: .middle, baseline: .bottom, style: labelStyle))
            }
        }
    }

    /// The colour key: the eleven RdBu classes as steps from +1 (top) to −1, labelled at the ends and zero.
    private func drawScale(left: Double, top: Double, height: Double, builder b: inout SceneBuilder) {
        let theme = b.theme
        let step = height / 11
        let width = theme.axisSize * 0.9
        for k in 0..<11 {
            let value = 1 - Double(k) / 5
            b.add(
                .rect(
                    Rect(x: left, y: top + Double(k) * step, width: width, height: step + 0.01),
                    fill: theme.divergingColor(value)
                )
            )
        }
        let format = NumberFormat(locale: frame.locale, style: .decimal(0), explicitPlus: true)
        for (value, y) in [(1.0, top + step / 2), (0.0, top + 5.5 * step), (-1.0, top + 10.5 * step)] {
            b.add(
                b.layout.run(
                    format.string(value),
                    at: Point(x: left + width + theme.axisSize * 0.4, y: y),
                    baseline: .middle,
                    style: b.axisStyle
                )
            )
        }
    }
}
