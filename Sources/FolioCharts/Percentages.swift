import Foundation

/// Shares of a whole, rounded so that the printed numbers add up to exactly 100 (largest remainder):
/// readers add pie labels up, and 33.3 + 33.3 + 33.3 looks like a mistake.
public enum Percentages {
    /// Fractions (0…1) rounded to `decimals` places of a percent, summing to exactly 1 when any value is
    /// positive. Negative and non-finite values count as zero.
    public static func rounded(_ values: [Double], decimals: Int = 1) -> [Double] {
        let clean = values.map { $0.isFinite && $0 > 0 ? $0 : 0 }
        let total = clean.reduce(0, +)
        guard total > 0 else { return clean.map { _ in 0 } }
        var unitsPerWhole = 100
        for _ in 0..<max(decimals, 0) { unitsPerWhole *= 10 }
        let exact = clean.map { $0 / total * Double(unitsPerWhole) }
        var units = exact.map { Int($0.rounded(.down)) }
        var remaining = unitsPerWhole - units.reduce(0, +)
        let order = exact.indices.sorted { (exact[$0] - Double(units[$0]), $1) > (exact[$1] - Double(units[$1]), $0) }
        for i in order where remaining > 0 {
            units[i] += 1
            remaining -= 1
        }
        return units.map { Double($0) / Double(unitsPerWhole) }
    }
}
