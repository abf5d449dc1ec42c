/// Amounts written to a number of decimals so that they add up as written: a statement whose lines are
/// each rounded on their own can miss its total by a cent, which a reader adding the column sees.
package enum Apportionment {
    /// `values` rounded to `decimals` places (as the text tables round them), then those marked
    /// `adjustable` moved by one unit of the last place each, the largest rounding remainder first, until
    /// they add up to `total` rounded the same way. No value moves more than one unit from its own
    /// rounding, and those not adjustable never move; nil when the difference is more than the adjustable
    /// values can take up.
    package static func rounded(
        _ values: [Double],
        adjustable: [Bool],
        addingUpTo total: Double,
        decimals: Int
    ) -> [Double]? {
        let unit = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
        func units(_ x: Double) -> Double {
            (Double(DecimalDigits.plain(x, decimals: decimals)) ?? x) * unit
        }
        var written = values.map { units($0).rounded() }
        var missing = Int((units(total).rounded() - written.reduce(0, +)).rounded())
        // The remainder each rounding left, in units: the values rounded down the most go up first.
        let order = values.indices.filter { adjustable[$0] }.sorted {
            let (a, b) = (values[$0] * unit - written[$0], values[$1] * unit - written[$1])
            return missing > 0 ? a > b : a < b
        }
        guard abs(missing) <= order.count else { return nil }
        for i in order where missing != 0 {
            written[i] += missing > 0 ? 1 : -1
            missing += missing > 0 ? -1 : 1
        }
        return written.map { $0 / unit }
    }
}
