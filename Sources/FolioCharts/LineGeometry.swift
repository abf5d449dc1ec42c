import Foundation

/// Turns a time series into path elements, breaking the line at gaps: a non-finite value, or a time step
/// longer than `maxStep` (missing data is not drawn as a straight line across the hole, nor as zero).
enum LineGeometry {
    /// Line elements, and the points that stand alone between gaps (drawn as dots so they stay visible).
    static func path(
        times: [Double],
        values: [Double],
        maxStep: Double,
        x: (Double) -> Double,
        y: (Double) -> Double
    ) -> (elements: [PathElement], isolated: [Point]) {
        var elements: [PathElement] = []
        elements.reserveCapacity(values.count + 4)
        var isolated: [Point] = []
        var runStart: Point?
        var runLength = 0
        var previousTime = -Double.infinity
        func endRun() {
            if runLength == 1, let p = runStart { isolated.append(p) }
            runLength = 0
            runStart = nil
        }
        for i in 0..<min(times.count, values.count) {
            let v = values[i]
            guard v.isFinite else {
                endRun()
                continue
            }
            let p = Point(x: x(times[i]), y: y(v))
            if runLength > 0, times[i] - previousTime > maxStep { endRun() }
            if runLength == 0 {
                elements.append(.move(p))
                runStart = p
            } else {
                elements.append(.line(p))
            }
            runLength += 1
            previousTime = times[i]
        }
        endRun()
        return (elements, isolated)
    }

    /// Three times the median spacing: hourly data with one missing hour still joins, a missing day breaks.
    /// Daily data joins across four days at least: an exchange closed for a weekend and a holiday
    /// (Friday to Tuesday at Christmas) has no missing data, and a broken line would claim it had.
    static func defaultMaxStep(_ times: [Double]) -> Double {
        guard times.count > 1 else { return .infinity }
        var steps = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }
        guard !steps.isEmpty else { return .infinity }
        steps.sort()
        let median = steps[steps.count / 2]
        let day = 86_400.0
        return median >= day * 0.9 && median <= day * 1.1 ? max(median * 3, 4 * day) : median * 3
    }
}
