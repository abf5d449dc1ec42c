/// Amounts written to a number of decimals so that they add up as written: a statement whose lines are
/// each rounded on their own can miss its total by a cent, which a reader adding the column sees.
package enum Apportionment {
    /// `values` rounded to `decimals` places (as the text tables round them), then those marked
    /// `adjustable` moved by one unit of the last place each, the largest rounding remainder first, until
    /// they add up to `total` rounded the same way. No value moves more than one unit from its own
    /// rounding, and those not adjustable never move; nil when the difference is more than the adjustable
    /// values can take up, or a value or the total is not a number of units a Double counts exactly.
    package static func rounded(
        _ values: [Double],
        adjustable: [Bool],
        addingUpTo total: Double,
        decimals: Int
    ) -> [Double]? {
        let unit = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
        guard countable(total, unit), values.allSatisfy({ countable($0, unit) }) else { return nil }
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

    /// Whether `value` is a number of `unit`s a Double counts to the unit (below 2^53, about 9e15):
    /// beyond it, or for infinity and NaN, there is no rounding to apportion (and no Int to count it).
    static func countable(_ value: Double, _ unit: Double) -> Bool {
        value.isFinite && (value * unit).magnitude < 9e15
    }
}

extension Apportionment {
    /// A table written to `decimals` places that adds up as written in both directions: every cell its
    /// value rounded down or up, every row's total and every column's total the row's or column's true
    /// sum rounded (moved by a unit where those roundings would miss the grand total), and the grand
    /// total its true value rounded. Which cells go up is a flow through the table (rows to columns, one
    /// unit a cell), found by augmenting paths, the cells with the largest remainders tried first; a
    /// table always has one when its margins are roundings of its sums (controlled rounding). Nil when a
    /// value is not finite or no such rounding is found.
    ///
    /// `rowTotals`, already written to `decimals` places, fixes the rows' totals (a value column another
    /// table prints too); the grand total is then their sum.
    package static func table(
        _ values: [[Double]],
        decimals: Int,
        rowTotals: [Double]? = nil
    ) -> (cells: [[Double]], rows: [Double], columns: [Double], total: Double)? {
        let unit = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
        guard let width = values.first?.count, values.allSatisfy({ $0.count == width }),
            values.allSatisfy({ $0.allSatisfy { countable($0, unit) } }),
            rowTotals?.allSatisfy({ countable($0, unit) }) ?? true
        else { return nil }
        // Units of the last place; a value a hair from a whole unit (0.1 × 100) is that unit.
        let scaled = values.map { row in
            row.map { v -> Double in
                let u = v * unit
                return abs(u - u.rounded()) <= 8 * u.ulp ? u.rounded() : u
            }
        }
        let low = scaled.map { $0.map { $0.rounded(.down) } }
        let rowSums = scaled.map { $0.compensatedSum() }
        let columnSums = (0..<width).map { j in scaled.map { $0[j] }.compensatedSum() }
        let total = rowTotals.map { $0.map { ($0 * unit).rounded() }.reduce(0, +) } ?? rowSums.compensatedSum()
        guard rowTotals.map({ $0.count == values.count }) ?? true,
            let rows = rowTotals
                ?? rounded(
                    rowSums.map { $0 / unit },
                    adjustable: rowSums.map { _ in true },
                    addingUpTo: total / unit,
                    decimals: decimals
                ),
            let columns = rounded(
                columnSums.map { $0 / unit },
                adjustable: columnSums.map { _ in true },
                addingUpTo: total / unit,
                decimals: decimals
            )
        else { return nil }
        // How many cells of each row and column go up a unit.
        var rowNeed = rows.indices.map { Int((rows[$0] * unit).rounded() - low[$0].reduce(0, +)) }
        var columnNeed = (0..<width).map { j in Int((columns[j] * unit).rounded() - low.map { $0[j] }.reduce(0, +)) }
        guard rowNeed.allSatisfy({ $0 >= 0 }), columnNeed.allSatisfy({ $0 >= 0 }) else { return nil }
        // up[i][j]: cell (i, j) is rounded up; only a cell with a remainder can be.
        var up = scaled.map { $0.map { _ in false } }
        func canRise(_ i: Int, _ j: Int) -> Bool { scaled[i][j] > low[i][j] }
        // An augmenting path from a row that needs a unit to a column that needs one: row → column along a
        // cell not yet up, column → row along a cell that is (taking it back down).
        func augment(from row: Int, seen: inout Set<Int>) -> Bool {
            let order = (0..<width).sorted { (scaled[row][$0] - low[row][$0]) > (scaled[row][$1] - low[row][$1]) }
            for j in order where canRise(row, j) && !up[row][j] && !seen.contains(j) {
                seen.insert(j)
                if columnNeed[j] > 0 {
                    columnNeed[j] -= 1
                    up[row][j] = true
                    return true
                }
                for other in scaled.indices where up[other][j] && other != row {
                    up[other][j] = false
                    if augment(from: other, seen: &seen) {
                        up[row][j] = true
                        return true
                    }
                    up[other][j] = true
                }
            }
            return false
        }
        for i in scaled.indices {
            while rowNeed[i] > 0 {
                var seen = Set<Int>()
                guard augment(from: i, seen: &seen) else { return nil }
                rowNeed[i] -= 1
            }
        }
        let cells = scaled.indices.map { i in (0..<width).map { j in (low[i][j] + (up[i][j] ? 1 : 0)) / unit } }
        return (cells, rows, columns, (total.rounded()) / unit)
    }
}
