import FolioCore
import Foundation

/// The underwater curve: how far a growth index was below its running peak on each day, as an area
/// hanging from the zero line (every value is at or below zero), with the deepest trough marked by a
/// dot and labelled with its depth and day, and the line's end labelled with the last day's depth (where
/// the portfolio stands now). Values are fractions (−0.25 is 25 % below the peak).
public struct DrawdownChart: TimePlotChart, Hashable {
    public var frame: ChartFrame
    /// Day starts (seconds since 1970) and depths, both in time order.
    public var times: [Double]
    public var depths: [Double]
    public var minimumInsets = PlotInsets()

    public init(frame: ChartFrame, times: [Double], depths: [Double]) {
        self.frame = frame
        self.times = times
        self.depths = depths
    }

    /// The deepest point: its index, or nil when the series never fell.
    public var trough: Int? {
        guard let i = depths.indices.min(by: { depths[$0] < depths[$1] }), depths[i] < 0 else { return nil }
        return i
    }

    public var timeSpan: ClosedRange<Double>? {
        guard let first = times.first, let last = times.last, times.count == depths.count, times.count >= 2 else {
            return nil
        }
        return first...last
    }

    var percent: NumberFormat { NumberFormat(locale: frame.locale, style: .percent(1)) }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let (frameLayout, laidOut) = layOut(b)
        b.draw(frameLayout)
        guard let laidOut else {
            b.drawNoData(in: frameLayout.body)
            return b.scene()
        }
        laidOut.drawAxes(builder: &b)
        drawArea(laidOut, builder: &b)
        if let i = trough { drawTrough(i, laidOut, builder: &b) }
        // The last depth at the line's end, kept within the plot's height (the time labels are under it).
        let plot = laidOut.plot
        let style = endStyle(b.theme)
        let half = b.layout.height(style) / 2
        let endY = min(max(laidOut.value.scale(min(depths[depths.count - 1], 0)), plot.minY + half), plot.maxY - half)
        b.add(
            b.layout.run(
                endText,
                at: Point(x: plot.maxX + b.theme.axisSize * 0.5, y: endY),
                baseline: .middle,
                style: style
            )
        )
        return b.scene()
    }

    public func plotArea(measurer: any TextMeasurer) -> Rect? {
        layOut(SceneBuilder(frame: frame, measurer: measurer)).plot?.plot
    }

    /// The last depth, written at the line's end.
    private var endText: String { percent.string(depths[depths.count - 1]) }

    private func endStyle(_ theme: Theme) -> TextStyle {
        TextStyle(size: theme.axisSize, weight: .bold, color: theme.labelColor(for: theme.down), role: .legend)
    }

    /// The frame, and the plot with its axes; no plot without two days.
    private func layOut(_ b: SceneBuilder) -> (frame: FrameLayout, plot: TimePlotLayout?) {
        let frameLayout = b.layOutFrame()
        guard let span = timeSpan else { return (frameLayout, nil) }
        let body = frameLayout.body
        let theme = b.theme
        let low = min(depths.min() ?? 0, 0)
        let top = body.minY + theme.axisSize * 0.5
        let bottom = body.maxY - TimeAxis.height(b)
        // Room under the trough for its label.
        let need = b.layout.height(b.annotationStyle) + theme.markerRadius * 2 + 4
        // (At most half the depth again: a plot too short for the label gets a cramped label, not an axis
        // stretched to four times the fall.)
        let pad = low < 0 ? min(-low * need / max(bottom - top - need, 1), -low * 0.5) : 0.01
        // As many ticks as fit one above the other with a label's height between them (a short report
        // block has room for three, a full canvas for five).
        let ticks = max(2, min(5, Int((bottom - top) / (b.layout.height(b.axisStyle) * 2))))
        let yScale = LinearScale(
            dataMin: low - pad,
            dataMax: 0,
            range: (bottom, top),
            targetTicks: ticks,
            includeZero: true,
            maxTicks: frame.maxTicks ?? .max
        )
        let value = ValueAxis(
            scale: yScale,
            format: NumberFormat(locale: frame.locale, style: .percent(max(yScale.step.decimals - 2, 0))),
            zeroLine: true
        )
        let plot = TimePlotLayout(
            body: body,
            top: top,
            bottom: bottom,
            value: value,
            rightEdge: body.maxX - b.layout.width(endText, endStyle(theme)) - theme.axisSize * 0.6,
            span: span,
            insets: minimumInsets,
            b
        )
        return (frameLayout, plot)
    }

    /// The depths as an area hanging from the zero line, outlined.
    private func drawArea(_ laidOut: TimePlotLayout, builder b: inout SceneBuilder) {
        let (xScale, yScale) = (laidOut.time.scale, laidOut.value.scale)
        let zero = yScale(0)
        var area: [PathElement] = [.move(Point(x: xScale(times[0]), y: zero))]
        var outline: [PathElement] = []
        for (t, d) in zip(times, depths) {
            let p = Point(x: xScale(t), y: yScale(min(d, 0)))
            area.append(.line(p))
            outline.append(outline.isEmpty ? .move(p) : .line(p))
        }
        area += [.line(Point(x: xScale(times[times.count - 1]), y: zero)), .close]
        b.add(PathShape(elements: area, fill: b.theme.down.withAlpha(0.25)))
        b.add(
            PathShape(
                elements: outline,
                stroke: Stroke(color: b.theme.down, width: b.theme.multiLineWidth),
                roundCaps: true
            )
        )
    }

    /// The deepest point as a dot, labelled with its depth and day under it.
    private func drawTrough(_ i: Int, _ laidOut: TimePlotLayout, builder b: inout SceneBuilder) {
        let (plot, theme) = (laidOut.plot, b.theme)
        let p = Point(x: laidOut.time.scale(times[i]), y: laidOut.value.scale(depths[i]))
        b.add(
            .disc(
                center: p,
                radius: theme.markerRadius,
                fill: theme.down,
                outline: Stroke(color: theme.background, width: theme.markerOutline)
            )
        )
        let text =
            percent.string(depths[i]) + " · "
            + DateText.date(Day(Date(timeIntervalSince1970: times[i])), locale: frame.locale)
        let width = b.layout.width(text, b.annotationStyle)
        // Kept inside the plot: anchored at the dot, moved left or right when it would leave it.
        let x = min(max(p.x - width / 2, plot.minX), plot.maxX - width)
        b.add(
            b.layout.run(
                text,
                at: Point(x: x, y: p.y + theme.markerRadius + 2),
                baseline: .top,
                style: b.annotationStyle
            )
        )
    }
}
