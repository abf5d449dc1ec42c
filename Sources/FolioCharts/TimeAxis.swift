import Foundation

/// A time axis laid out under a plot: calendar ticks, as many as fit a short day label ("00 Sep.") apart
/// with room between, fewer when the frame asks for fewer.
struct TimeAxis {
    var scale: TimeScale

    init(span: ClosedRange<Double>, plot: Rect, _ b: SceneBuilder) {
        let maxTicks = min(
            max(2, Int(plot.width / (b.layout.width("00 Sep.", b.axisStyle) * 1.8))),
            b.frame.maxTicks ?? .max
        )
        scale = TimeScale(
            start: span.lowerBound,
            end: span.upperBound,
            range: (plot.minX, plot.maxX),
            maxTicks: maxTicks
        )
    }

    /// Height the axis takes under the plot.
    static func height(_ b: SceneBuilder) -> Double { b.theme.axisSize * 0.7 + b.layout.height(b.axisStyle) }

    /// Tick labels under the plot at calendar ticks; a label that would collide with the previous one or
    /// leave the canvas' margins is dropped (the tick's position stays readable from the rest).
    func draw(plot: Rect, builder: inout SceneBuilder) {
        let theme = builder.theme
        builder.add(
            .segment(
                Point(x: plot.minX, y: Axes.snap(plot.maxY, width: 1)),
                Point(x: plot.maxX, y: Axes.snap(plot.maxY, width: 1)),
                stroke: Stroke(color: theme.axis, width: theme.gridWidth)
            )
        )
        var lastRight = -Double.infinity
        let tickLength = theme.axisSize * 0.35
        for t in scale.ticks {
            let x = Axes.snap(scale(t), width: 1)
            builder.add(
                .segment(
                    Point(x: x, y: plot.maxY),
                    Point(x: x, y: plot.maxY + tickLength),
                    stroke: Stroke(color: theme.axis, width: theme.gridWidth)
                )
            )
            let run = builder.layout.run(
                scale.label(t, locale: builder.frame.locale),
                at: Point(x: x, y: plot.maxY + tickLength * 2),
                anchor: .middle,
                baseline: .top,
                style: builder.axisStyle
            )
            let gap = theme.axisSize * 0.8
            guard run.box.minX >= builder.theme.margin, run.box.maxX <= builder.frame.width - builder.theme.margin,
                run.box.minX > lastRight + gap
            else { continue }
            builder.add(run)
            lastRight = run.box.maxX
        }
    }
}
