import FolioCore
import Foundation

/// What a window of one series says at a glance: extremes, average and change from first to last value.
/// Non-finite values are gaps and are skipped.
public struct SeriesSummary: Hashable, Sendable {
    package let minIndex: Int
    package let maxIndex: Int
    public let minimum: Double
    public let maximum: Double
    /// Compensated mean of the finite values.
    public let average: Double
    public let first: Double
    public let last: Double

    /// `nil` when the series has no finite value.
    public init?(_ values: [Double]) {
        var minI = -1
        var maxI = -1
        var firstI = -1
        var lastI = -1
        var sum = CompensatedSum()
        var count = 0
        for (i, v) in values.enumerated() where v.isFinite {
            if firstI < 0 { firstI = i }
            lastI = i
            if minI < 0 || v < values[minI] { minI = i }
            if maxI < 0 || v > values[maxI] { maxI = i }
            sum.add(v)
            count += 1
        }
        guard count > 0 else { return nil }
        minIndex = minI
        maxIndex = maxI
        minimum = values[minI]
        maximum = values[maxI]
        average = sum.value / Double(count)
        first = values[firstI]
        last = values[lastI]
    }

    public var change: Double { last - first }
    /// Relative change as a fraction (0.035 = +3.5 %); `nil` when the window starts at zero.
    public var changeFraction: Double? { first == 0 ? nil : (last - first) / abs(first) }
}

/// Vertical de-overlap of labels stacked along one side (pie labels, line-end labels).
enum LabelStacking {
    /// Moves the centres `desired` (with heights `heights`) as little as possible so that consecutive
    /// labels keep `gap` between them and all stay inside [lower, upper]. Returns centres in input order.
    static func stack(desired: [Double], heights: [Double], lower: Double, upper: Double, gap: Double) -> [Double] {
        let order = desired.indices.sorted { desired[$0] < desired[$1] }
        var placed = [Double](repeating: 0, count: desired.count)
        var cursor = lower
        for i in order {
            let top = max(desired[i] - heights[i] / 2, cursor)
            placed[i] = top + heights[i] / 2
            cursor = top + heights[i] + gap
        }
        // Pushed past the bottom: walk back up.
        var limit = upper
        for i in order.reversed() {
            let bottom = min(placed[i] + heights[i] / 2, limit)
            placed[i] = bottom - heights[i] / 2
            limit = bottom - heights[i] - gap
        }
        return placed
    }
}
