import FolioCharts

/// The chart's own margin for a canvas; charts are widened by it on both sides so that their titles
/// line up with the report's headings instead of sitting indented.
func chartMargin(_ frame: ChartFrame, width: Double, height: Double) -> Double {
    frame.theme.scaled(for: width, height).margin
}

/// A chart of a fixed height; its title is part of its scene, so the two never land on different pages.
public struct ChartBlock: LayoutBlock {
    public var chart: any Chart
    public var preferredHeight: Double
    let measurer: any TextMeasurer

    public init(chart: any Chart, height: Double, measurer: any TextMeasurer) {
        self.chart = chart
        self.preferredHeight = height
        self.measurer = measurer
    }

    public func height(width: Double) -> Double { preferredHeight }

    public func draw(in rect: Rect) -> [Primitive] {
        let (sized, m) = canvas(width: rect.width, height: rect.height)
        return translated(sized.scene(measurer: measurer).primitives, dx: rect.minX - m, dy: rect.minY)
    }

    /// The chart as drawn in a rectangle of this size, and its margin, which it is widened by on both sides.
    func canvas(width: Double, height: Double) -> (chart: any Chart, margin: Double) {
        let m = chartMargin(chart.frame, width: width, height: height)
        return (chart.resized(width: width + 2 * m, height: height), m)
    }

    /// Chart blocks one after another that plot the same days (`TimePlotChart.timeSpan`: the drawdown
    /// under the cumulative return) get plots that start and end at the same x on the page: each keeps at
    /// least the room the others' labels take on either side. Measured as `draw(in:)` draws them, at the
    /// content width and the block's height.
    static func aligningTimePlots(_ blocks: [any LayoutBlock], width: Double) -> [any LayoutBlock] {
        func span(_ i: Int) -> ClosedRange<Double>? {
            ((blocks[i] as? ChartBlock)?.chart as? any TimePlotChart)?.timeSpan
        }
        var out = blocks
        var i = 0
        while i < blocks.count {
            guard let first = span(i) else {
                i += 1
                continue
            }
            var end = i + 1
            while end < blocks.count, span(end) == first { end += 1 }
            if end - i > 1 {
                // On the page a plot's left edge is at the block's left − the chart's margin + its left inset,
                // its right edge at the block's right + the margin − its right inset.
                let group = (i..<end).map { blocks[$0] as! ChartBlock }
                let measured = group.map { block -> (insets: PlotInsets, margin: Double) in
                    let (chart, m) = block.canvas(width: width, height: block.preferredHeight)
                    return (
                        (chart as? any TimePlotChart)?.labelInsets(measurer: block.measurer)
                            ?? PlotInsets(left: m, right: m), m
                    )
                }
                let left = measured.map { $0.insets.left - $0.margin }.max()!
                let right = measured.map { $0.insets.right - $0.margin }.max()!
                for (k, block) in group.enumerated() {
                    var chart = block.chart as! any TimePlotChart
                    chart.minimumInsets = PlotInsets(left: left + measured[k].margin, right: right + measured[k].margin)
                    out[i + k] = ChartBlock(chart: chart, height: block.preferredHeight, measurer: block.measurer)
                }
            }
            i = end
        }
        return out
    }
}

/// Small multiples that flow onto as many pages as they need. Each row of panels is its own small chart
/// of one fixed height, so panels look the same on every page; the block splits between rows and the
/// part on a new page is titled again ("continued").
public struct SmallMultiplesBlock: LayoutBlock {
    public var title: String
    public var frame: ChartFrame
    public var series: [LineSeries]
    public var logScale: Bool
    public var columns: Int
    public var rowHeight: Double
    public var continuedTitle: String
    /// The whole set's time axis, kept by both parts of a split, so that every row and page shares it.
    let timeDomain: ClosedRange<Double>?
    let style: ReportStyle
    let measurer: any TextMeasurer

    public init(
        title: String,
        frame: ChartFrame,
        series: [LineSeries],
        logScale: Bool = false,
        columns: Int = 3,
        rowHeight: Double = 100,
        continuedTitle: String,
        style: ReportStyle,
        measurer: any TextMeasurer
    ) {
        self.title = title
        self.frame = frame
        self.series = series
        self.logScale = logScale
        self.columns = columns
        self.rowHeight = rowHeight
        self.continuedTitle = continuedTitle
        self.style = style
        self.measurer = measurer
        self.timeDomain = SmallMultiplesChart.timeDomain(of: series)
    }

    var titleHeight: Double { title.isEmpty ? 0 : style.lineHeight(style.heading) + 2 }
    var rows: Int { max(1, (series.count + columns - 1) / columns) }

    public func height(width: Double) -> Double { titleHeight + Double(rows) * rowHeight }
    public func minimumHeight(width: Double) -> Double { titleHeight + rowHeight }

    public func split(width: Double, height: Double) -> (fitting: (any LayoutBlock)?, rest: (any LayoutBlock)?) {
        let fit = Int((height - titleHeight) / rowHeight)
        if fit >= rows { return (self, nil) }
        if fit <= 0 { return (nil, self) }
        var head = self
        var tail = self
        head.series = Array(series[..<(fit * columns)])
        tail.series = Array(series[(fit * columns)...])
        tail.title = continuedTitle
        return (head, tail)
    }

    public func draw(in rect: Rect) -> [Primitive] {
        var out: [Primitive] = []
        if !title.isEmpty {
            out.append(
                .text(
                    style.layout.run(
                        style.layout.fit(title, maxWidth: rect.width, style: style.heading),
                        at: Point(x: rect.minX, y: rect.minY),
                        baseline: .top,
                        style: style.heading
                    )
                )
            )
        }
        var f = frame
        f.title = ""
        f.subtitle = ""
        f.footnote = ""
        let m = chartMargin(f, width: rect.width, height: rowHeight)
        f.width = rect.width + 2 * m
        f.height = rowHeight
        for row in 0..<rows {
            let part = Array(series[(row * columns)..<min(series.count, (row + 1) * columns)])
            guard !part.isEmpty else { continue }
            // Fixed columns keep a last, shorter row's panels as wide as the others.
            let chart = SmallMultiplesChart(
                frame: f,
                series: part,
                columns: columns,
                logScale: logScale,
                timeDomain: timeDomain
            )
            out += translated(
                chart.scene(measurer: measurer).primitives,
                dx: rect.minX - m,
                dy: rect.minY + titleHeight + Double(row) * rowHeight - m * 0.5
            )
        }
        return out
    }
}
