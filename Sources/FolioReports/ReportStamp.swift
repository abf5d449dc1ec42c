import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

/// What a report says about when it is from. The figures are as of a day; the file is made at some
/// time. Only the as-of day is printed unless the real time was asked for (`--now`): a time made up
/// from the as-of day ("Generated 7 Feb 2018 00:00 UTC") reads as when the file was made, which it is
/// not, and the real time would make every run's bytes differ.
public enum ReportStamp {
    /// `asOf` ("7 Feb 2018"), `generated` (the real time, "23 Nov 2026 22:53 UTC", or empty) and
    /// `stamp` ("as of 7 Feb 2018", then "· generated …" when there is a real time).
    public static func values(asOf: Day, generated: Date?, locale: ChartLocale) -> [String: String] {
        let strings = Catalogue.for(locale)
        let day = DateText.date(asOf, locale: locale)
        let time = generated.map { DateText.date(Day($0), locale: locale) + " " + clock($0) } ?? ""
        var stamp = strings[.asOf] + " " + day
        if !time.isEmpty { stamp += " · " + strings[.generatedAt] + " " + time }
        return ["asOf": day, "generated": time, "stamp": stamp]
    }

    /// The PDF's creation date: the time the footer prints, else the as-of day, so that the same data
    /// gives the same bytes.
    public static func creationDate(_ asOf: Day, generated: Date?) -> String {
        generated.map { ISOTime.format(Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down))) } ?? asOf
            .iso + "T00:00:00Z"
    }

    /// "22:53 UTC": hours and minutes of the day in UTC.
    static func clock(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970 - Double(Day(date).daysSinceEpoch) * 86_400
        let minutes = Int((seconds / 60).rounded(.down).clamped(0, 1439))
        let h = minutes / 60
        let m = minutes % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m) UTC"
    }
}

extension Double {
    fileprivate func clamped(_ low: Double, _ high: Double) -> Double { Swift.min(Swift.max(self, low), high) }
}
