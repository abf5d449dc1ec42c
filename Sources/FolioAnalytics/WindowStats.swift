import FolioCore
import Foundation

/// Summary of a price series over a window: what a 7-day line shows next to the line (first, last,
/// change, min and max with when they happened, average).
public struct WindowStats: Hashable, Sendable {
    public var first: TimedValue
    public var last: TimedValue
    /// `last − first`.
    public var change: Double
    /// Percentage points; nil when the first value is 0.
    var changePercent: Double?
    /// The lowest value; the earliest when it occurs more than once.
    public var min: TimedValue
    /// The highest value; the earliest when it occurs more than once.
    public var max: TimedValue
    /// Arithmetic mean of the points.
    public var average: Double
    public var count: Int

    /// Fewer points than this has no change to speak of.
    static let minimumPoints = 2

    /// The statistics of `points` (any order), or `.tooFewPoints` when there are fewer than two.
    public static func of(_ points: [TimedValue]) -> WindowOutcome {
        let sorted = points.filter { $0.value.isFinite }.sorted { $0.time < $1.time }
        guard sorted.count >= minimumPoints, let first = sorted.first, let last = sorted.last else {
            return .tooFewPoints(count: sorted.count, required: minimumPoints)
        }
        var lo = first
        var hi = first
        var sum = CompensatedSum()
        for p in sorted {
            if p.value < lo.value { lo = p }
            if p.value > hi.value { hi = p }
            sum += p.value
        }
        let change = last.value - first.value
        return .stats(
            WindowStats(
                first: first,
                last: last,
                change: change,
                changePercent: first.value == 0 ? nil : change / first.value * 100,
                min: lo,
                max: hi,
                average: sum.value / Double(sorted.count),
                count: sorted.count
            )
        )
    }

    /// The statistics of the window of `length` seconds ending at `end` (`ChangeWindow`): the change
    /// is from the last point at or before end − length, as every "7 days" in Folio is.
    public static func of(
        _ points: [TimedValue],
        windowLength length: TimeInterval,
        endingAt end: Date
    ) throws(AnalyticsError) -> WindowOutcome {
        guard length > 0 else {
            throw .invalidArgument(name: "window", value: "\(length)", expected: "a positive length")
        }
        return of(ChangeWindow.points(points, length: length, endingAt: end))
    }
}

/// A window's statistics, or the explicit statement that there were too few points for them.
public enum WindowOutcome: Hashable, Sendable {
    case stats(WindowStats)
    case tooFewPoints(count: Int, required: Int)

    package var stats: WindowStats? {
        if case let .stats(s) = self { return s }
        return nil
    }
}

/// The one meaning of an N-day change: against the last price at or before N days earlier (CoinGecko's
/// and the exchanges' "7d"), the window starting there. Daily closes: the close 7 days before and the 7
/// after it (8 points, 6 for a stock's trading days); hourly: the hour 7 × 24 hours before and the 168
/// after it. Charts, the window table, the market report's coins table and the report tiles all
/// measure "7 days" this way.
public enum ChangeWindow {
    /// The points of the window of `length` seconds ending at `end`: the last at or before
    /// end − length (the base), then every one after it up to `end`, in time order.
    public static func points(_ points: [TimedValue], length: TimeInterval, endingAt end: Date) -> [TimedValue] {
        let start = end.addingTimeInterval(-length)
        let sorted = points.filter { $0.value.isFinite && $0.time <= end }.sorted { $0.time < $1.time }
        guard let first = sorted.firstIndex(where: { $0.time > start }) else { return sorted.suffix(1) }
        return Array(sorted[(first > 0 ? first - 1 : first)...])
    }

    /// The window of `days` days ending at the end of `day`.
    public static func points(_ points: [TimedValue], days: Int, endingAt day: Day) -> [TimedValue] {
        Self.points(points, length: Double(days) * 86_400, endingAt: day.end)
    }
}

/// The 7-day window of the mission's price line (`ChangeWindow` with 7 days).
enum SevenDayWindow {
    static let length: TimeInterval = 7 * 86_400

    /// Statistics of the seven days ending at `end` (default: the last point).
    package static func stats(_ points: [TimedValue], endingAt end: Date? = nil) -> WindowOutcome {
        guard let end = end ?? points.map(\.time).max() else {
            return .tooFewPoints(count: 0, required: WindowStats.minimumPoints)
        }
        return WindowStats.of(ChangeWindow.points(points, length: length, endingAt: end))
    }
}

extension WindowOutcome {
    /// Table `window`: one row of statistics, or a row with only the count when there were too few points.
    public var table: ResultTable {
        let columns: [ResultTable.Column] = [
            .init("first_time", .time), .init("first", .number, decimals: 4), .init("last_time", .time),
            .init("last", .number, decimals: 4), .init("change", .number, decimals: 4),
            .init("change_percent", .percent),
            .init("min_time", .time), .init("min", .number, decimals: 4), .init("max_time", .time),
            .init("max", .number, decimals: 4), .init("average", .number, decimals: 4),
            .init("count", .number, decimals: 0),
        ]
        switch self {
        case let .stats(s):
            return ResultTable(
                columns: columns,
                rows: [
                    [
                        .time(s.first.time), .number(s.first.value), .time(s.last.time), .number(s.last.value),
                        .number(s.change), .finite(s.changePercent), .time(s.min.time), .number(s.min.value),
                        .time(s.max.time), .number(s.max.value), .number(s.average), .number(Double(s.count)),
                    ]
                ]
            )
        case let .tooFewPoints(count, _):
            return ResultTable(
                columns: columns,
                rows: [Array(repeating: nil, count: columns.count - 1) + [.number(Double(count))]]
            )
        }
    }
}
