import Foundation

extension BarSeries {
    /// At most `limit` series: the largest `limit − 1` by total magnitude over the groups, largest first,
    /// and the rest summed into one series named `otherName`, last. The palette has eight distinguishable
    /// colours (docs/chart-style.md), so a ninth series would repeat a colour and mislead; "Other" is drawn in
    /// the pie's neutral grey, so that a sum of many never looks like one more asset. Missing values (NaN)
    /// count as nothing in the sum, but a group where every grouped series is missing stays missing.
    ///
    /// For `shares` the series are ranked the same (the two charts of one portfolio list its assets in
    /// one order), but "Other" sums only the positive values: a negative balance is no share of a whole.
    /// Each summed series with negative values follows "Other" with those alone, so that the chart, which
    /// stacks none of them, names them under it. For `stacked`, "Other" is its positive values, followed by
    /// a second "Other" of the negative ones, stacked under zero.
    static func keepingLargest(
        _ series: [BarSeries],
        limit: Int,
        otherName: String,
        for mode: BarChart.Mode = .values
    ) -> [BarSeries] {
        func size(_ s: BarSeries) -> Double { s.values.reduce(0) { $0 + ($1.isFinite ? abs($1) : 0) } }
        let ranked = series.enumerated().sorted { a, b in
            let (x, y) = (size(a.element), size(b.element))
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        guard series.count > limit, limit >= 2 else { return ranked }
        return Array(ranked.prefix(limit - 1)) + other(Array(ranked[(limit - 1)...]), otherName: otherName, for: mode)
    }

    /// The series `keep` says, in their order, then the rest summed into "Other" as `keepingLargest`
    /// sums them: how a portfolio's charts group by its colour map, so that an asset grey in one chart
    /// is inside "Other" in every other.
    public static func keeping(
        _ series: [BarSeries],
        where keep: (BarSeries) -> Bool,
        otherName: String,
        for mode: BarChart.Mode = .values
    ) -> [BarSeries] {
        let rest = series.filter { !keep($0) }
        return series.filter(keep) + (rest.isEmpty ? [] : other(rest, otherName: otherName, for: mode))
    }

    private static func other(_ rest: [BarSeries], otherName: String, for mode: BarChart.Mode) -> [BarSeries] {
        let groups = rest.map(\.values.count).max() ?? 0
        let other = (0..<groups).map { g -> Double in
            let values = rest.compactMap { g < $0.values.count ? $0.values[g] : nil }.filter {
                $0.isFinite && (mode == .values || $0 > 0)
            }
            return values.isEmpty ? .nan : values.reduce(0, +)
        }
        let negatives: [BarSeries]
        switch mode {
        case .values: negatives = []
        case .stacked:
            // Drawn under zero, the grey assets' negative parts are "Other" too, under its one key: three
            // grey keys (Other, EUR, LTC) would name three parts no reader can tell apart.
            let below = (0..<groups).map { g -> Double in
                let values = rest.compactMap { g < $0.values.count ? $0.values[g] : nil }.filter { $0 < 0 }
                return values.isEmpty ? .nan : values.reduce(0, +)
            }
            negatives =
                below.contains(where: \.isFinite) ? [BarSeries(name: otherName, values: below, swatch: .other)] : []
        case .shares:
            // Left out of the stack, each is named under the chart by its own name.
            negatives = rest.filter { $0.values.contains { $0 < 0 } }.map { s in
                BarSeries(name: s.name, values: s.values.map { $0 < 0 ? $0 : .nan }, swatch: .other)
            }
        }
        return [BarSeries(name: otherName, values: other, swatch: .other)] + negatives
    }
}
