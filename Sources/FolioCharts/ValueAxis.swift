import Foundation

/// A value axis laid out: its scale and the format of its labels. Drawn as horizontal grid lines with
/// labels right-aligned left of the plot, no axis line (docs/chart-style.md); the labels' width decides
/// where the plot starts, so it is known before anything is drawn.
struct ValueAxis {
    var scale: any ValueScale
    var format: NumberFormat
    /// Zero's grid line in the axis colour, when zero is in view: the baseline of bars and drawdowns.
    var zeroLine: Bool

    /// Where a plot in `body` starts: right of the widest label and its gap.
    func plotLeft(in body: Rect, _ b: SceneBuilder) -> Double {
        body.minX + labelWidth(b) + b.theme.axisSize * 0.6
    }

    /// The widest label's width.
    func labelWidth(_ b: SceneBuilder) -> Double {
        scale.ticks.map { b.layout.width(format.string($0), b.axisStyle) }.max() ?? 0
    }

    func draw(plot: Rect, builder: inout SceneBuilder) {
        let theme = builder.theme
        let gap = theme.axisSize * 0.6
        // On a plot too short for every label, a label that would touch the last one drawn is left out
        // (its grid line stays); zero's is kept before the others, so the baseline is always named.
        let ordered = scale.ticks.filter { $0 == 0 } + scale.ticks.filter { $0 != 0 }
        var drawn: [Rect] = []
        for tick in ordered {
            let y = Axes.snap(scale(tick), width: theme.gridWidth)
            let isZero = tick == 0 && zeroLine
            builder.add(
                .segment(
                    Point(x: plot.minX, y: y),
                    Point(x: plot.maxX, y: y),
                    stroke: Stroke(color: isZero ? theme.axis : theme.grid, width: theme.gridWidth)
                )
            )
            let run = builder.layout.run(
                format.string(tick),
                at: Point(x: plot.minX - gap, y: y),
                anchor: .end,
                baseline: .middle,
                style: builder.axisStyle
            )
            guard !drawn.contains(where: { $0.intersects(run.box) }) else { continue }
            drawn.append(run.box)
            builder.add(run)
        }
    }
}

/// A value axis under a plot whose values run left to right (horizontal bars, bullet graphs): vertical grid
/// lines at the ticks, labelled under the plot; a label that would touch the one before or leave the
/// canvas is left out.
struct BottomValueAxis {
    var scale: LinearScale
    var format: NumberFormat

    /// The room the labels take under the plot.
    static func height(_ b: SceneBuilder) -> Double { b.layout.height(b.axisStyle) + b.theme.axisSize * 0.5 }

    func draw(plot: Rect, builder b: inout SceneBuilder) {
        let theme = b.theme
        var lastRight = -Double.infinity
        for tick in scale.ticks {
            let x = Axes.snap(scale(tick), width: theme.gridWidth)
            b.add(
                .segment(
                    Point(x: x, y: plot.minY),
                    Point(x: x, y: plot.maxY),
                    stroke: Stroke(color: theme.grid, width: theme.gridWidth)
                )
            )
            let run = b.layout.run(
                format.string(tick),
                at: Point(x: x, y: plot.maxY + theme.axisSize * 0.5),
                anchor: .middle,
                baseline: .top,
                style: b.axisStyle
            )
            if run.box.minX > lastRight + theme.axisSize * 0.5, run.box.maxX <= b.frame.width - theme.margin * 0.5 {
                b.add(run)
                lastRight = run.box.maxX
            }
        }
    }
}

extension Rect {
    /// A plot between four edges, at least a point wide and high however little room its labels leave.
    static func plot(left: Double, top: Double, right: Double, bottom: Double) -> Rect {
        Rect(x: left, y: top, width: max(right - left, 1), height: max(bottom - top, 1))
    }
}
