import FolioCore
import Foundation

/// The days a value bridge covers, as `--period` names them: a period of the performance table ending at
/// the as-of day (`1M` … `inception`), a calendar year (`2017`), or the last whole calendar year before
/// the as-of day's (`last-year`).
public enum AttributionPeriod: Hashable, Sendable {
    case trailing(PeriodPerformance.Period)
    case year(Int)
    case lastYear

    /// `text` as a period is spelled: `1Y`, `2017`, `last-year`.
    public init(_ text: String) throws(AnalyticsError) {
        if let period = PeriodPerformance.Period.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }
        ) {
            self = .trailing(period)
        } else if text.lowercased() == "last-year" {
            self = .lastYear
        } else if text.count == 4, let year = Int(text), year >= 1970 {
            self = .year(year)
        } else {
            throw .unknownPeriod(text)
        }
    }

    /// The trailing periods' names, as a list in an error.
    static var names: String { PeriodPerformance.Period.allCases.map(\.rawValue).joined(separator: ", ") }

    /// The period as it is spelled.
    public var name: String {
        switch self {
        case let .trailing(period): period.rawValue
        case let .year(year): String(year)
        case .lastYear: "last-year"
        }
    }

    /// Its days when the history starts at `inception` (the first activity) and ends at `end`. A trailing
    /// period is the performance table's row: from the day after the same date N months back, and only when
    /// the history covers it all (month and year to date and since inception start at inception when it is
    /// later: the performance table's one rule, `startsAtInceptionWhenShorter`).
    /// A year is cut to the history. `lateStart` says why `inception` is later than the first activity.
    public func range(
        inception: Day,
        end: Day,
        lateStart: ReturnSeries.LateStart? = nil
    ) throws(AnalyticsError) -> DayRange {
        let first = lateStart == nil ? "the first activity" : "the first day the value was above zero"
        let (from, to): (Day, Day)
        switch self {
        case let .trailing(period):
            let start = period.start(endingAt: end) ?? inception
            guard start >= inception || period.startsAtInceptionWhenShorter else {
                throw .periodBeforeHistory(self, start: start, since: first, inception: inception)
            }
            (from, to) = (max(start, inception), end)
        case let .year(year):
            (from, to) = (
                max(Day(year: year, month: 1, day: 1)!, inception), min(Day(year: year, month: 12, day: 31)!, end)
            )
        case .lastYear:
            return try AttributionPeriod.year(end.year - 1).range(inception: inception, end: end, lateStart: lateStart)
        }
        guard from <= to, let range = try? DayRange(from: from, to: to) else {
            throw .periodOutsideHistory(since: first, inception: inception, end: end)
        }
        return range
    }
}
