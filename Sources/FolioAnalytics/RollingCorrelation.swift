import FolioCore
import Foundation

/// The correlation of two assets' daily returns over a window of W return days sliding one day at a time.
/// A day's value is undefined (nil) until the window holds `minimumOverlap` pairwise-complete days, and
/// whenever either series is constant within it.
public struct RollingCorrelation: Hashable, Sendable {
    public var first: AssetCode
    public var second: AssetCode
    public var window: Int
    public var minimumOverlap: Int
    /// The last day of each window; the first W − 1 days have no full window and are left out.
    public var days: [Day]
    public var values: [Double?]

    /// The rolling correlation of `first` and `second` in `returns`. The minimum overlap defaults to the
    /// smaller of the matrix default (20) and the window.
    public init(
        _ returns: DailyReturns,
        first: AssetCode,
        second: AssetCode,
        window: Int,
        minimumOverlap: Int? = nil
    ) throws(AnalyticsError) {
        guard window >= 2 else {
            throw .invalidArgument(name: "window", value: "\(window)", expected: "at least 2 days")
        }
        let need = minimumOverlap ?? Swift.min(CorrelationMatrix.defaultMinimumOverlap, window)
        guard need >= 2 && need <= window else {
            throw .invalidArgument(
                name: "minimum overlap",
                value: "\(need)",
                expected: "from 2 to the window (\(window))"
            )
        }
        let x = try returns.returns(of: first, argument: "first asset").map { $0 ?? .nan }
        let y = try returns.returns(of: second, argument: "second asset").map { $0 ?? .nan }
        var days: [Day] = []
        var values: [Double?] = []
        if x.count >= window {
            x.withUnsafeBufferPointer { px in
                y.withUnsafeBufferPointer { py in
                    for end in (window - 1)..<x.count {
                        let lo = end - window + 1
                        let wx = UnsafeBufferPointer(rebasing: px[lo...end])
                        let wy = UnsafeBufferPointer(rebasing: py[lo...end])
                        days.append(returns.days[end])
                        values.append(Pearson.pairwise(wx, wy, minimumOverlap: need).0)
                    }
                }
            }
        }
        self.first = first
        self.second = second
        self.window = window
        self.minimumOverlap = need
        self.days = days
        self.values = values
    }
}

extension RollingCorrelation {
    /// Table `rolling-correlation`: one row per window end day.
    public var table: ResultTable {
        ResultTable(
            columns: [.init("day", .day), .init("correlation", .number, ratio: true)],
            rows: days.indices.map { [.day(days[$0]), .finite(values[$0])] }
        )
    }
}
