import Foundation
import FolioCore

/// The underwater curve: how far a growth index was below its running peak on each day, as an area
/// hanging from the zero line (every value is at or below zero), with the deepest trough marked by a
/// dot and labelled with its depth and day. Values are fractions (−0.25 is 25 % below the peak).
public struct DrawdownChart: Chart, Hashable {
    public var frame: ChartFrame
    /// Day starts (seconds since 1970) and depths, both in time order.
    public var times: [Double]
    public var depths: [Double]

    public init(frame: ChartFrame, times: [Double], depths: [Double]) {
        self.frame = frame; self.times = times; self.depths = depths
    }

    /// The deepest point: its index, or nil when the series never fell.
    public var trough: Int? {
        guard let i = depths.indices.min(by: { depths[$0] < depths[$1] }), depths[i] < 0 else { return nil }
        return i
    }

    public func scene(measurer: any TextMeasurer) -> Scene {
        var b = SceneBuilder(frame: frame, measurer: measurer)
        let body = b.drawFrame()
        let theme = b.theme
        guard times.count == depths.count, times.count >= 2 else { b.drawNoData(in: body); return b.scene() }
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
        let yScale = LinearScale(dataMin: low - pad, dataMax: 0, range: (plotBottom, plotTop), targetTicks: ticks, includeZero: true,
                                 maxTicks: frame.maxTicks ?? .max)
        let axisFormat = NumberFormat(locale: frame.locale, style: .percent(max(yScale.step.decimals - 2, 0)))
        let left = body.minX + Axes.valueLabelWidth(yScale, format: axisFormat, builder: b) + theme.axisSize * 0.6
        let plot = Rect(x: left, y: plotTop, width: max(body.maxX - left, 1), height: max(plotBottom - plotTop, 1))
        let maxTicks = min(max(2, Int(plot.width / (b.layout.width("00 Sep.", b.axisStyle) * 1.8))), frame.maxTicks ?? .max)
        let xScale = TimeScale(start: times.first!, end: times.last!, range: (plot.minX, plot.maxX), maxTicks: maxTicks)
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
        b.add(PathShape(elements: outline, stroke: Stroke(color: theme.down, width: theme.multiLineWidth), roundCaps: true))

        if let i = trough {
            let p = Point(x: xScale(times[i]), y: yScale(depths[i]))
            b.add(.disc(center: p, radius: theme.markerRadius, fill: theme.down, outline: Stroke(color: theme.background, width: theme.markerOutline)))
            let text = NumberFormat(locale: frame.locale, style: .percent(1)).string(depths[i]) + " · "
                + DateText.date(Day(Date(timeIntervalSince1970: times[i])), locale: frame.locale)
            let width = b.layout.width(text, b.annotationStyle)
            // Kept inside the plot: anchored at the dot, moved left or right when it would leave it.
            let x = min(max(p.x - width / 2, plot.minX), plot.maxX - width)
            b.add(b.layout.run(text, at: Point(x: x, y: p.y + theme.markerRadius + 2), baseline: .top, style: b.annotationStyle))
        }
        return b.scene()
    }
}
