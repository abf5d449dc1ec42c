import Foundation

/// A calendar day in UTC, stored as days since 1970-01-01 so that it is cheap to compare, hash and step.
/// Folio stores every time in UTC (docs/internals.md); a `Day` is the UTC day a time falls on.
public struct Day: Hashable, Comparable, Sendable, Strideable, CustomStringConvertible {
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// `nil` when the date does not exist (2023-02-29, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        daysSinceEpoch = Day.daysFromCivil(year: year, month: month, day: day)
    }

    /// A day the caller knows exists: a month's last day, a day clamped to its month.
    private init(existing year: Int, _ month: Int, _ day: Int) {
        daysSinceEpoch = Day.daysFromCivil(year: year, month: month, day: day)
    }

    public init(_ date: Date) {
        daysSinceEpoch = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// Parses `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        var copy = String(text)
        guard let parsed = copy.withUTF8({ ISOTime.parseDay($0) }) else { return nil }
        self = parsed
    }

    public var components: (year: Int, month: Int, day: Int) { Day.civilFromDays(daysSinceEpoch) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    /// Midnight UTC at the start of the day.
    public var start: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400) }
    /// The last instant that still belongs to the day, for "at or before the end of the day" queries.
    public var end: Date { Date(timeIntervalSince1970: Double(daysSinceEpoch + 1) * 86_400 - 0.001) }

    /// 1 = Monday … 7 = Sunday (ISO 8601); 1970-01-01 was a Thursday.
    public var weekday: Int { ((daysSinceEpoch % 7 + 7) % 7 + 3) % 7 + 1 }

    /// The first day of this day's month.
    public var firstOfMonth: Day { Day(daysSinceEpoch: daysSinceEpoch - dayOfMonth + 1) }

    public var lastOfMonth: Day {
        let c = components
        return Day(existing: c.year, c.month, Day.daysIn(month: c.month, year: c.year))
    }
    public var lastOfYear: Day { Day(existing: year, 12, 31) }

    /// `YYYY-MM-DD`, as `%04d-%02d-%02d` writes it.
    // Without `String(format:)`: a report writes hundreds of days (docs/performance.md, "Measured in the code").
    public var iso: String {
        let c = components
        return Day.zeroPadded(c.year, 4) + "-" + Day.zeroPadded(c.month, 2) + "-" + Day.zeroPadded(c.day, 2)
    }

    /// `n` in decimal, zeros after its sign up to `width` characters (printf's `%0*d`); `ISOTime` writes
    /// times with it too.
    static func zeroPadded(_ n: Int, _ width: Int) -> String {
        let digits = String(n.magnitude)
        let sign = n < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
    }
    public var description: String { iso }

    public static func < (a: Day, b: Day) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }
    public func distance(to other: Day) -> Int { other.daysSinceEpoch - daysSinceEpoch }
    public func advanced(by n: Int) -> Day { Day(daysSinceEpoch: daysSinceEpoch + n) }

    /// Month arithmetic clamps the day (Jan 31 + 1 month = Feb 28/29), as people expect of "a month later".
    public func addingMonths(_ n: Int) -> Day {
        let c = components
        let total = c.year * 12 + (c.month - 1) + n
        let (y, m) = (Int((Double(total) / 12).rounded(.down)), ((total % 12) + 12) % 12 + 1)
        return Day(existing: y, m, min(c.day, Day.daysIn(month: m, year: y)))
    }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days: exact for the proleptic Gregorian calendar,
    // and far faster than Calendar, which matters when importing a million rows.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
