import Foundation

extension LineChart {
    /// A line chart laid out before it draws: its frame with the change over the window at the subtitle's
    /// end and, when there is data, the plot with both axes and the labels right of it. Measuring the plot
    /// (`plotArea`, a report lining two charts up) stops here.
    struct Layout {
        var frame: FrameLayout
        var change: WindowChange?
        /// Format of marker values, the average and the line-end figures.
        var format: NumberFormat
        /// The single series' summary when its window is annotated: extremes, average and change.
        var window: SeriesSummary?
        var averageText = ""
        var plot: TimePlotLayout?
        var endLabels: LineEndLabels?
    }

    func layOut(_ b: SceneBuilder) -> Layout {
        let format = valueFormat ?? NumberFormat(locale: frame.locale, style: .price(minimum: 2, significant: 4))
        let window = annotateWindow ? summary : nil
        let change = window.flatMap { windowChange($0, format: format, b) }
        var laidOut = Layout(
            frame: b.layOutFrame(subtitleTrailingWidth: change?.width(b) ?? 0),
            change: change,
            format: format,
            window: window
        )
        guard let span = timeSpan else { return laidOut }
        let body = laidOut.frame.body
        // Right of the plot: the average's label (one series) or the series' names at the line ends.
        var gutter = 0.0
        if let window {
            laidOut.averageText = frame.locale.average + " " + format.string(window.average)
            gutter = b.layout.width(laidOut.averageText, b.axisStyle) + b.theme.axisSize * 0.6
        }
        if series.count > 1 || endFigures {
            let labels = LineEndLabels(
                series: series,
                maxName: body.width * 0.22,
                figures: endFigures ? format : nil,
                b
            )
            gutter = labels.gutter(b)
            laidOut.endLabels = labels
        }
        let top = body.minY + (window != nil ? 0 : b.theme.axisSize * 0.5)
        let bottom = body.maxY - TimeAxis.height(b)
        laidOut.plot = TimePlotLayout(
            body: body,
            top: top,
            bottom: bottom,
            value: valueAxis(body: body, top: top, bottom: bottom, annotated: window != nil, b),
            rightEdge: body.maxX - gutter,
            span: span,
            insets: minimumInsets,
            b
        )
        return laidOut
    }

    /// The change over an annotated window, when the window moved and the change is known.
    private func windowChange(_ s: SeriesSummary, format: NumberFormat, _ b: SceneBuilder) -> WindowChange? {
        guard s.first != s.last || series[0].values.filter(\.isFinite).count > 1 else { return nil }
        let change = headlineChange ?? HeadlineChange(amount: s.change, fraction: s.changeFraction)
        guard let amount = change.amount else { return nil }
        return WindowChange(change, amount: amount, summary: s, format: format, b)
    }

    /// The values' axis from `bottom` up to `top`: the data's span (or `valueDomain`, when wider), with room
    /// above and below for the labels of an annotated window's extremes.
    private func valueAxis(body: Rect, top: Double, bottom: Double, annotated: Bool, _ b: SceneBuilder) -> ValueAxis {
        let values = series.flatMap { zip($0.times, $0.values).filter { $0.1.isFinite }.map(\.1) }
        var lo = min(values.min()!, valueDomain?.lowerBound ?? .infinity)
        var hi = max(values.max()!, valueDomain?.upperBound ?? -.infinity)
        if annotated {
            let need = b.layout.height(b.annotationStyle) + b.theme.markerRadius + b.theme.markerOutline + 4
            let fraction = need / max(max(bottom - top, 1) - 2 * need, 1)
            if logScale {
                // On a log scale the same room is a ratio: the span's ratio to that power.
                let k = pow(hi / lo, fraction)
                lo /= k
                hi *= k
            } else {
                let pad = (hi - lo) * fraction
                lo -= pad
                hi += pad
            }
        }
        let scale: any ValueScale =
            logScale
            ? LogScale(dataMin: lo, dataMax: hi, range: (bottom, top), maxTicks: frame.maxTicks ?? 7)
            : LinearScale(
                dataMin: lo,
                dataMax: hi,
                range: (bottom, top),
                targetTicks: 5,
                maxTicks: frame.maxTicks ?? .max
            )
        return ValueAxis(
            scale: scale,
            format: Axes.tickFormat(scale, locale: frame.locale, currency: nil, width: body.width, builder: b),
            zeroLine: valueDomain?.contains(0) == true
        )
    }
}
