import FolioCore
import Foundation

/// How far the growth index is below its running peak after each counted day (the underwater curve),
/// and the drawdowns it went through. The peak starts at 1, the index before the first day, so a loss
/// on the first day is a drawdown.
public struct DrawdownSeries: Hashable, Sendable {
    public var days: [Day]
    /// The day before the first counted day, where the index starts at 1.
    public var startDay: Day?
    /// index / running peak − 1: 0 at a new peak, negative below it.
    public var depth: [Double]
    /// The last day of the history (the as-of day), which an open drawdown is counted to: a weekend's
    /// as-of day is under water too, though nothing is counted on it.
    public var end: Day?

    /// One fall from a peak and the climb back to it.
    public struct Drawdown: Hashable, Sendable {
        /// The last day at the peak before the fall.
        public var start: Day
        /// The first counted day below the peak.
        public var firstDay: Day
        public var trough: Day
        /// The first day back at the peak; nil when not recovered.
        public var recovery: Day?
        /// Negative: trough / peak − 1.
        public var depth: Double
        /// Calendar days from the first counted day below the peak to the last one, both included: how long
        /// it was under water (`qs.stats.drawdown_details`' days, so a tear sheet shows the same); one not
        /// recovered is counted to the history's end, the as-of day.
        public var days: Int
    }

    public init(_ series: ReturnSeries, through end: Day? = nil) {
        days = series.days
        startDay = series.startDay
        self.end = [end, series.days.last].compactMap { $0 }.max()
        var peak = 1.0
        depth = series.index.map { value in
            peak = max(peak, value)
            return value / peak - 1
        }
    }

    /// How many of the deepest the drawdowns table lists and the cumulative return shades.
    public static let listed = 5

    /// The deepest point (negative); nil without days, 0 when it never fell.
    public var maxDrawdown: Double? { depth.min() }

    /// Every drawdown, deepest first (ties: earlier first).
    public var drawdowns: [Drawdown] {
        var out: [Drawdown] = []
        var current: Drawdown? = nil
        for (i, d) in depth.enumerated() {
            if d < 0 {
                if var open = current {
                    if d < open.depth { (open.depth, open.trough) = (d, days[i]) }
                    current = open
                } else {
                    current = Drawdown(
                        start: i > 0 ? days[i - 1] : startDay ?? days[i].advanced(by: -1),
                        firstDay: days[i],
                        trough: days[i],
                        recovery: nil,
                        depth: d,
                        days: 0
                    )
                }
            } else if var open = current {
                open.recovery = days[i]
                open.days = open.firstDay.distance(to: days[i - 1]) + 1
                out.append(open)
                current = nil
            }
        }
        if var open = current, let last = end {
            open.days = open.firstDay.distance(to: last) + 1
            out.append(open)
        }
        return out.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }.map(\.element)
    }
}
