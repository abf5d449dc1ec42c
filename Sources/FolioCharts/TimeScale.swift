import FolioCore
import Foundation

/// A map from UTC time (seconds since 1970) to pixels, with ticks on calendar boundaries: hours within a
/// day, days, Mondays, months, quarters, years. Folio stores and draws times in UTC.
struct TimeScale: Hashable, Sendable {
    /// A calendar interval between ticks.
    enum Interval: Hashable, Sendable {
        case hours(Int)
        case days(Int)
        /// Mondays, every n weeks (counted from the first Monday of 1970, so the same for any window).
        case weeks(Int)
        case months(Int)
        case years(Int)

        /// Rough length in seconds, to choose an interval for a tick budget.
        var approximateSeconds: Double {
            switch self {
            case .hours(let n): Double(n) * 3600
            case .days(let n): Double(n) * 86_400
            case .weeks(let n): Double(n) * 7 * 86_400
            case .months(let n): Double(n) * 30.44 * 86_400
            case .years(let n): Double(n) * 365.25 * 86_400
            }
        }
    }

    let start: Double
    let end: Double
    let rangeStart: Double
    let rangeEnd: Double
    let interval: Interval
    let ticks: [Double]

    static let candidates: [Interval] = [
        .hours(1), .hours(3), .hours(6), .hours(12), .days(1), .days(2), .days(3), .weeks(1), .weeks(2), .months(1),
        .months(3),
        .months(6), .years(1), .years(2), .years(5), .years(10),
    ]

    /// Picks the finest calendar interval that keeps at most `maxTicks` ticks inside [start, end].
    init(start: Double, end: Double, range: (Double, Double), maxTicks: Int = 8) {
        let (s, e) = start < end ? (start, end) : (start - 43_200, start + 43_200)
        self.start = s
        self.end = e
        self.rangeStart = range.0
        self.rangeEnd = range.1
        var chosen = Interval.years(10)
        var chosenTicks: [Double] = []
        for candidate in TimeScale.candidates where (e - s) / candidate.approximateSeconds <= Double(maxTicks) + 1 {
            let t = TimeScale.ticks(from: s, to: e, every: candidate)
            if t.count <= maxTicks {
                chosen = candidate
                chosenTicks = t
                break
            }
        }
        if chosenTicks.isEmpty { chosenTicks = TimeScale.ticks(from: s, to: e, every: chosen) }
        self.interval = chosen
        self.ticks = chosenTicks
    }

    func callAsFunction(_ t: Double) -> Double {
        rangeStart + (t - start) / (end - start) * (rangeEnd - rangeStart)
    }

    /// Calendar-aligned times in [from, to] (UTC).
    static func ticks(from: Double, to: Double, every interval: Interval) -> [Double] {
        var out: [Double] = []
        let firstDay = Day(daysSinceEpoch: Int((from / 86_400).rounded(.down)))
        switch interval {
        case .hours(let n):
            var t = (from / Double(n * 3600)).rounded(.up) * Double(n * 3600)
            while t <= to {
                out.append(t)
                t += Double(n * 3600)
            }
        case .days(let n):
            var d = firstDay
            if d.start.timeIntervalSince1970 < from { d = d.advanced(by: 1) }
            // Align multi-day steps to the epoch so that the same days are chosen for any window.
            while d.daysSinceEpoch % n != 0 { d = d.advanced(by: 1) }
            while d.start.timeIntervalSince1970 <= to {
                out.append(d.start.timeIntervalSince1970)
                d = d.advanced(by: n)
            }
        case .weeks(let n):
            // 1970-01-05, day 4 of the epoch, was a Monday.
            var d = firstDay
            while d.weekday != 1 || d.start.timeIntervalSince1970 < from || (d.daysSinceEpoch - 4) / 7 % n != 0 {
                d = d.advanced(by: 1)
            }
            while d.start.timeIntervalSince1970 <= to {
                out.append(d.start.timeIntervalSince1970)
                d = d.advanced(by: 7 * n)
            }
        case .months(let n):
            let c = firstDay.components
            var m = Day(year: c.year, month: c.month, day: 1) ?? firstDay
            if m.start.timeIntervalSince1970 < from { m = m.addingMonths(1) }
            while (m.month - 1) % n != 0 { m = m.addingMonths(1) }
            while m.start.timeIntervalSince1970 <= to {
                out.append(m.start.timeIntervalSince1970)
                m = m.addingMonths(n)
            }
        case .years(let n):
            var y = firstDay.year
            if (Day(year: y, month: 1, day: 1)?.start.timeIntervalSince1970 ?? from) < from { y += 1 }
            while y % n != 0 { y += 1 }
            while let d = Day(year: y, month: 1, day: 1), d.start.timeIntervalSince1970 <= to {
                out.append(d.start.timeIntervalSince1970)
                y += n
            }
        }
        return out
    }

    /// The label for a tick at this scale's interval.
    func label(_ t: Double, locale: ChartLocale) -> String {
        let day = Day(daysSinceEpoch: Int((t / 86_400).rounded(.down)))
        let c = day.components
        let month = locale.monthAbbreviations[c.month - 1]
        switch interval {
        case .hours:
            let seconds = Int(t - day.start.timeIntervalSince1970)
            if seconds == 0 { return DateText.dayMonth(day, locale: locale) }
            let h = seconds / 3600
            return (h < 10 ? "0" : "") + "\(h):00"
        case .days, .weeks:
            return DateText.dayMonth(day, locale: locale)
        case .months:
            return c.month == 1 || t == ticks.first ? "\(month) \(c.year)" : month
        case .years:
            return "\(c.year)"
        }
    }
}

/// Dates in words and numbers for titles, footnotes and axes.
public enum DateText {
    /// "25 Dec" / "25 груд."
    public static func dayMonth(_ day: Day, locale: ChartLocale) -> String {
        "\(day.dayOfMonth)\u{00A0}\(locale.monthAbbreviations[day.month - 1])"
    }

    /// "21.11.2026" in uk, "21 Nov 2026" in en.
    public static func date(_ day: Day, locale: ChartLocale) -> String {
        let c = day.components
        switch locale {
        case .uk:
            return (c.day < 10 ? "0" : "") + "\(c.day)." + (c.month < 10 ? "0" : "") + "\(c.month).\(c.year)"
        case .en:
            return "\(c.day) \(locale.monthAbbreviations[c.month - 1]) \(c.year)"
        }
    }

    /// "25 Dec 10:00" for a point in time (UTC).
    public static func dateTime(_ t: Double, locale: ChartLocale) -> String {
        let day = Day(daysSinceEpoch: Int((t / 86_400).rounded(.down)))
        let seconds = Int(t - day.start.timeIntervalSince1970)
        let h = seconds / 3600
        let m = (seconds % 3600) / 60
        return dayMonth(day, locale: locale) + " " + (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
