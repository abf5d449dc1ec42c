import Foundation

/// The rules the axes share: how value labels are written, and where a hairline
/// falls on the pixel grid. The guides themselves are `ValueAxis` and `TimeAxis`.
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

    /// Moves a 1-px line to the pixel centre so it renders crisp at 1x instead of smeared over two rows.
    static func snap(_ v: Double, width: Double) -> Double {
        let w = width.rounded()
        return Int(w) % 2 == 1 ? v.rounded(.down) + 0.5 : v.rounded()
    }
}
