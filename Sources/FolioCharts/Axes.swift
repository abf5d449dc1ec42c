import Foundation

/// Guides shared by the charts with a value axis: horizontal grid lines with labels left of the plot
/// (no y-axis line, docs/chart-style.md), and a time axis under it.
enum Axes {
    /// The one rule for value labels (issue 19): whole figures grouped for the locale (7 000 000 in
    /// Ukrainian, 7,000,000 in English) with the tick step's decimals; when the widest would take more than
    /// `labelShare` of the chart's width, compact units instead (7 млн, 7M), with the fewest decimals that
    /// keep every tick exact (6.25M, never a rounded 6.3M beside 6.5M). Grouped figures read without
    /// decoding a unit, so they are kept while they leave the plot its room.
    static func tickFormat(
        _ scale: some ValueScale,
        locale: ChartLocale,
        currency: Currency?,
        width: Double,
        builder: SceneBuilder
    ) -> NumberFormat {
        let whole = NumberFormat(locale: locale, style: .decimal(scale.tickDecimals), currency: currency)
        let widest = scale.ticks.map { builder.layout.width(whole.string($0), builder.axisStyle) }.max() ?? 0
        guard widest > width * labelShare,
            let decimals = (0...3).first(where: { d in scale.ticks.allSatisfy { isExact($0, compactDecimals: d) } })
        else { return whole }
        return NumberFormat(locale: locale, style: .compact(decimals: decimals), currency: currency)
    }

    /// Value labels wider than this share of the chart crowd the plot (an eighth: "7 500 000 ₴" in a
    /// 600-point mail image).
    static let labelShare = 1.0 / 8

    /// Whether `tick` in compact units (thousands, millions…) needs no more than `decimals` decimals; below
    /// a thousand compact figures are whole.
    static func isExact(_ tick: Double, compactDecimals decimals: Int) -> Bool {
        var m = abs(tick)
        var units = 0
        while units < 4, m >= 1000 {
            m /= 1000
            units += 1
        }
        let k = units == 0 ? 1 : pow(10, Double(decimals))
        return abs(m * k - (m * k).rounded()) < 1e-6
    }

    /// Width the value labels need, so the plot can start right of them.
    static func valueLabelWidth(_ scale: some ValueScale, format: NumberFormat, builder: SceneBuilder) -> Double {
        scale.ticks.map { builder.layout.width(format.string($0), builder.axisStyle) }.max() ?? 0
    }

    /// Horizontal grid lines at the ticks and labels right-aligned left of the plot; the zero line, when in
    /// view, in the axis colour.
    static func drawValueAxis(
        _ scale: some ValueScale,
        format: NumberFormat,
        plot: Rect,
        builder: inout SceneBuilder,
        zeroLine: Bool
    ) {
        let theme = builder.theme
        let gap = theme.axisSize * 0.6
        // On a plot too short for every label, a label that would touch the last one drawn is left out
        // (its grid line stays); zero's is kept before the others, so the baseline is always named.
        let ordered = scale.ticks.filter { $0 == 0 } + scale.ticks.filter { $0 != 0 }
        var drawn: [Rect] = []
        for tick in ordered {
            let y = snap(scale(tick), width: theme.gridWidth)
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

    /// Tick labels under the plot at calendar ticks; a label that would collide with the previous one or
    /// leave the plot's horizontal extent is dropped (the tick's grid position stays readable from the rest).
    static func drawTimeAxis(_ scale: TimeScale, plot: Rect, builder: inout SceneBuilder, locale: ChartLocale) {
        let theme = builder.theme
        builder.add(
            .segment(
                Point(x: plot.minX, y: snap(plot.maxY, width: 1)),
                Point(x: plot.maxX, y: snap(plot.maxY, width: 1)),
                stroke: Stroke(color: theme.axis, width: theme.gridWidth)
            )
        )
        var lastRight = -Double.infinity
        let tickLength = theme.axisSize * 0.35
        for t in scale.ticks {
            let x = snap(scale(t), width: 1)
            builder.add(
                .segment(
                    Point(x: x, y: plot.maxY),
                    Point(x: x, y: plot.maxY + tickLength),
                    stroke: Stroke(color: theme.axis, width: theme.gridWidth)
                )
            )
            let run = builder.layout.run(
                scale.label(t, locale: locale),
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

    /// Height the time axis takes under the plot.
    static func timeAxisHeight(_ builder: SceneBuilder) -> Double {
        builder.theme.axisSize * 0.7 + builder.layout.height(builder.axisStyle)
    }

    /// Moves a 1-px line to the pixel centre so it renders crisp at 1x instead of smeared over two rows.
    static func snap(_ v: Double, width: Double) -> Double {
        let w = width.rounded()
        return Int(w) % 2 == 1 ? v.rounded(.down) + 0.5 : v.rounded()
    }
}
