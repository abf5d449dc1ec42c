import Foundation

/// Minimum and maximum of a price window: a disc on the point with a background-coloured outline and a
/// label with the value, above the maximum and below the minimum (where the line cannot be), kept
/// inside the plot horizontally.
enum ExtremeMarkers {
    static func draw(
        summary s: SeriesSummary,
        series: LineSeries,
        color: Color,
        format: NumberFormat,
        locale: ChartLocale,
        plot: Rect,
        x: (Double) -> Double,
        y: (Double) -> Double,
        builder b: inout SceneBuilder
    ) {
        let theme = b.theme
        let offset = theme.markerRadius + theme.markerOutline + 3
        // A flat window (or a single point) has no extremes to tell apart: one marker with the value.
        let marks: [(index: Int, value: Double, label: String, above: Bool)] =
            s.minimum == s.maximum
            ? [(s.maxIndex, s.maximum, format.string(s.maximum), true)]
            : [
                (s.maxIndex, s.maximum, locale.maximum + " " + format.string(s.maximum), true),
                (s.minIndex, s.minimum, locale.minimum + " " + format.string(s.minimum), false),
            ]
        for mark in marks {
            let p = Point(x: x(series.times[mark.index]), y: y(mark.value))
            b.add(
                .disc(
                    center: p,
                    radius: theme.markerRadius,
                    fill: color,
                    outline: Stroke(color: theme.background, width: theme.markerOutline)
                )
            )
            var run = b.layout.run(
                mark.label,
                at: Point(x: p.x, y: mark.above ? p.y - offset : p.y + offset),
                anchor: .middle,
                baseline: mark.above ? .bottom : .top,
                style: b.annotationStyle
            )
            let shift = max(plot.minX - run.box.minX, 0) + min(plot.maxX - run.box.maxX, 0)
            run.origin.x += shift
            run.box.x += shift
            b.add(run)
        }
    }
}
