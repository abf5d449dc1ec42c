import Foundation
import FolioCore

/// Summary of a price series over a window: what a 7-day line shows next to the line (first, last,
/// change, min and max with when they happened, average).
public struct WindowStats: Hashable, Sendable {
    public var first: TimedValue
    public var last: TimedValue
    /// `last − first`.
    public var change: Double
    /// Percentage points; nil when the first value is 0.
    public var changePercent: Double?
    /// The lowest value; the earliest when it occurs more than once.
    public var min: TimedValue
    /// The highest value; the earliest when it occurs more than once.
    public var max: TimedValue
    /// Arithmetic mean of the points.
    public var average: Double
    public var count: Int

    /// Fewer points than this has no change to speak of.
    public static let minimumPoints = 2

    /// The statistics of `points` (any order), or `.tooFewPoints` when there are fewer than two.
    public static func of(_ points: [TimedValue]) -> WindowOutcome {
        let sorted = points.filter { $0.value.isFinite }.sorted { $0.time < $1.time }
        guard sorted.count >= minimumPoints, let first = sorted.first, let last = sorted.last else {
            return .tooFewPoints(count: sorted.count, required: minimumPoints)
        }
        var lo = first, hi = first
        var sum = CompensatedSum()
        for p in sorted {
            if p.value < lo.value { lo = p }
            if p.value > hi.value { hi = p }
            sum += p.value
        }
        let change = last.value - first.value
        return .stats(WindowStats(
            first: first, last: last, change: change,
            changePercent: first.value == 0 ? nil : change / first.value * 100,
            min: lo, max: hi, average: sum.value / Double(sorted.count), count: sorted.count))
    }

    /// The statistics of the points in the window of `length` seconds ending at `end`: times in
    /// (end − length, end], so that 7 days of hourly points ending at 23:00 are exactly 168 points and
    /// 7 daily points ending on a day are exactly 7.
    public static func of(_ points: [TimedValue], windowLength length: TimeInterval, endingAt end: Date) throws(AnalyticsError) -> WindowOutcome {
        guard length > 0 else { throw .invalidArgument(name: "window", value: "\(length)", expected: "a positive length") }
        let start = end.addingTimeInterval(-length)
        return of(points.filter { $0.time > start && $0.time <= end })
    }
}

/// A window's statistics, or the explicit statement that there were too few points for them.
public enum WindowOutcome: Hashable, Sendable {
    case stats(WindowStats)
    case tooFewPoints(count: Int, required: Int)

    public var stats: WindowStats? {
        if case let .stats(s) = self { return s }
        return nil
    }
}

/// The 7-day window of the mission's price line: the last seven days of a series, whether daily (7
/// points) or hourly (168 points).
public enum SevenDayWindow {
    public static let length: TimeInterval = 7 * 86_400

    /// Statistics of the seven days ending at `end` (default: the last point).
    public static func stats(_ points: [TimedValue], endingAt end: Date? = nil) -> WindowOutcome {
        guard let end = end ?? points.map(\.time).max() else { return .tooFewPoints(count: 0, required: WindowStats.minimumPoints) }
        // The length is a positive constant, so the throwing overload cannot throw here.
        let start = end.addingTimeInterval(-length)
        return WindowStats.of(points.filter { $0.time > start && $0.time <= end })
    }
}

extension WindowOutcome {
    /// Table `window`: one row of statistics, or a row with only the count when there were too few points.
    public var table: ResultTable {
        let columns: [ResultTable.Column] = [
            .init("first_time", .time), .init("first", .number, decimals: 4), .init("last_time", .time),
            .init("last", .number, decimals: 4), .init("change", .number, decimals: 4), .init("change_percent", .percent),
            .init("min_time", .time), .init("min", .number, decimals: 4), .init("max_time", .time),
            .init("max", .number, decimals: 4), .init("average", .number, decimals: 4), .init("count", .number, decimals: 0),
        ]
        switch self {
        case let .stats(s):
            return ResultTable(columns: columns, rows: [[
                .time(s.first.time), .number(s.first.value), .time(s.last.time), .number(s.last.value),
                .number(s.change), .finite(s.changePercent), .time(s.min.time), .number(s.min.value),
                .time(s.max.time), .number(s.max.value), .number(s.average), .number(Double(s.count)),
            ]])
        case let .tooFewPoints(count, _):
            return ResultTable(columns: columns, rows: [Array(repeating: nil, count: columns.count - 1) + [.number(Double(count))]])
        }
    }
}
