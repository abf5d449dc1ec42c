import FolioCore
import Foundation

/// An inclusive range of UTC days, checked on construction so that every function taking one can rely on
/// `from <= to`.
public struct DayRange: Hashable, Sendable, Sequence {
    public let from: Day
    public let to: Day

    /// Throws `AnalyticsError.rangeReversed` when `from` is after `to`.
    public init(from: Day, to: Day) throws(AnalyticsError) {
        guard from <= to else { throw .rangeReversed(from: from, to: to) }
        self.from = from
        self.to = to
    }

    /// A range of one day.
    public init(day: Day) {
        from = day
        to = day
    }

    /// Number of days, both ends included.
    public var count: Int { from.distance(to: to) + 1 }

    public func contains(_ day: Day) -> Bool { from <= day && day <= to }

    public func makeIterator() -> StrideThrough<Day>.Iterator { stride(from: from, through: to, by: 1).makeIterator() }
}
