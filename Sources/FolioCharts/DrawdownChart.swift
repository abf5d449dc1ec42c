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

    public func scene(measurer: any TextMeasurer) -> Scene { drawn(measurer: measurer).scene }
    public func plotArea(measurer: any TextMeasurer) -> Rect? { drawn(measurer: measurer).plot }

    private func drawn(measurer: any TextMeasurer) -> (scene: Scene, plot: Rect?) {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        let theme = b.theme
        guard let span = timeSpan else {
            b.drawNoData(in: body)
            return (b.scene(), nil)
        }
        let low = min(depths.min() ?? 0, 0)
        let annotationHeight = b.layout.height(b.annotationStyle)
        let plotTop = body.minY + theme.axisSize * 0.5
        let plotBottom = body.maxY - Axes.timeAxisHeight(b)
        // Room under the trough for its label.
        let need = annotationHeight + theme.markerRadius * 2 + 4
        // (At most half the depth again: a plot too short for the label gets a cramped label, not an axis
        // stretched to four times the fall.)
        let pad = low < 0 ? min(-low * need / max(plotBottom - plotTop - need, 1), -low * 0.5) : 0.01
        // As many ticks as fit one above the other with a label's height between them (a short report
        // block has room for three, a full canvas for five).
        let ticks = max(2, min(5, Int((plotBottom - plotTop) / (b.layout.height(b.axisStyle) * 2))))
        let yScale = LinearScale(
            dataMin: low - pad,
            dataMax: 0,
            range: (plotBottom, plotTop),
            targetTicks: ticks,
            includeZero: true,
            maxTicks: frame.maxTicks ?? .max
        )
        let axisFormat = NumberFormat(locale: frame.locale, style: .percent(max(yScale.step.decimals - 2, 0)))
        let left = max(
            body.minX + Axes.valueLabelWidth(yScale, format: axisFormat, builder: b) + theme.axisSize * 0.6,
            minimumInsets.left
        )
        let endStyle = TextStyle(
            size: theme.axisSize,
            weight: .bold,
            color: theme.labelColor(for: theme.down),
            role: .legend
        )
        let endText = percent.string(depths[depths.count - 1])
        let right = min(
            body.maxX - b.layout.width(endText, endStyle) - theme.axisSize * 0.6,
            frame.width - minimumInsets.right
        )
        let plot = Rect(x: left, y: plotTop, width: max(right - left, 1), height: max(plotBottom - plotTop, 1))
        let maxTicks = min(
            max(2, Int(plot.width / (b.layout.width("00 Sep.", b.axisStyle) * 1.8))),
            frame.maxTicks ?? .max
        )
        let xScale = TimeScale(
            start: span.lowerBound,
            end: span.upperBound,
            range: (plot.minX, plot.maxX),
            maxTicks: maxTicks
        )
        Axes.drawValueAxis(yScale, format: axisFormat, plot: plot, builder: &b, zeroLine: true)
        Axes.drawTimeAxis(xScale, plot: plot, builder: &b, locale: frame.locale)

        let zero = yScale(0)
        var area: [PathElement] = [.move(Point(x: xScale(times[0]), y: zero))]
        var outline: [PathElement] = []
        for (t, d) in zip(times, depths) {
            let p = Point(x: xScale(t), y: yScale(min(d, 0)))
            area.append(.line(p))
            outline.append(outline.isEmpty ? .move(p) : .line(p))
        }
        area += [.line(Point(x: xScale(times[times.count - 1]), y: zero)), .close]
        b.add(PathShape(elements: area, fill: theme.down.withAlpha(0.25)))
        b.add(
            PathShape(
                elements: outline,
                stroke: Stroke(color: theme.down, width: theme.multiLineWidth),
                roundCaps: true
            )
        )

        if let i = trough {
            let p = Point(x: xScale(times[i]), y: yScale(depths[i]))
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
        // The last depth at the line's end, kept within the plot's height (the time labels are under it).
        let half = b.layout.height(endStyle) / 2
        let endY = min(max(yScale(min(depths[depths.count - 1], 0)), plot.minY + half), plot.maxY - half)
        b.add(
            b.layout.run(
                endText,
                at: Point(x: plot.maxX + theme.axisSize * 0.5, y: endY),
                baseline: .middle,
                style: endStyle
            )
        )
        return (b.scene(), plot)
    }
}
