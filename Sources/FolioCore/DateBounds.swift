import Foundation

/// The one rule for every date Folio reads — a row of a file, a source's answer, a command's option:
/// from 1970-01-01 up to a day after now, unless the reader says otherwise (a budget plans ahead).
///
/// Times are kept as milliseconds since 1970, and nothing Folio records is older. A day ahead is what
/// sources publish (NBU sets tomorrow's rate today). Anything later is a typo or a broken file, and
/// once stored it stands as the newest data for years: one trade dated 9999-12-31 made every report
/// "as of 9999-12-31" and walked eight thousand years of days, and one AAPL quote there left
/// `chart line --asset AAPL` with no quote in its window.
public struct DateBounds: Sendable, Equatable {
    public let now: Date
    /// How far after `now` a date may be.
    public let ahead: TimeInterval
    /// `ahead` as messages say it: "a day".
    private let aheadText: String
    private let latestMilliseconds: Int64

    /// Dates up to a day after `now`.
    public init(now: Date = Date()) { self.init(now: now, ahead: 86_400, aheadText: "a day") }

    private init(now: Date, ahead: TimeInterval, aheadText: String) {
        self.now = now
        self.ahead = ahead
        self.aheadText = aheadText
        latestMilliseconds = Int64((now.timeIntervalSince1970 + ahead) * 1000)
    }

    /// A budget lists what is planned as well as what was spent (next month's rent, a yearly insurance):
    /// its entries, and the days its report is asked for, may be up to a year ahead.
    public static func budget(now: Date = Date()) -> DateBounds {
        DateBounds(now: now, ahead: 366 * 86_400, aheadText: "a year")
    }

    public static let firstDay = Day(daysSinceEpoch: 0)

    /// The last instant allowed.
    public var latest: Date { Date(timeIntervalSince1970: Double(latestMilliseconds) / 1000) }
    /// The last day allowed: the day `latest` falls on (a daily quote is stamped at the day's start).
    public var lastDay: Day { Day(latest) }

    public func contains(milliseconds: Int64) -> Bool { milliseconds >= 0 && milliseconds <= latestMilliseconds }
    public func contains(_ time: Date) -> Bool { time.timeIntervalSince1970 >= 0 && time <= latest }
    public func contains(_ day: Day) -> Bool { day >= Self.firstDay && day <= lastDay }

    /// What a message expects instead of a date out of bounds: `a date from 1970-01-01 to a day from now`.
    public var expected: String { "a date from 1970-01-01 to \(aheadText) from now" }
}
