import FolioCore
import Foundation

/// Shared checks for JSON answers. A value the answer gives is used only after it is checked: a
/// number must be a number (not `true`), a whole number must be whole and in range, and a time must
/// lie between 1970 and a day from now. Converting first and checking after is how `1e17` seconds
/// once became a crash: Swift traps on an integer conversion out of range.
enum JSONBody {
    /// Parses JSON, naming what came instead (NBU's `[{ Wrong date format }]`, an HTML error page).
    static func parse(_ data: Data) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw SourceFormatError("expected JSON, found \(describe(data))")
        }
    }

    static func describe(_ data: Data) -> String {
        let text = String(decoding: data.prefix(60), as: UTF8.self)
            .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ").trimmingCharacters(
                in: .whitespaces
            )
        if text.isEmpty { return "an empty body" }
        if text.lowercased().hasPrefix("<!doctype html") || text.lowercased().hasPrefix("<html") {
            return "an HTML page"
        }
        return "\"\(text)\(data.count > 60 ? "…" : "")\""
    }

    /// A finite number, given as a JSON number or as plain decimal text ("38.15", not "0x10"); nil for
    /// anything else, booleans included.
    static func number(_ value: Any?) -> Double? { JSONNumber.double(numberOrText: value) }

    /// A field that may be missing or null, but when it is there must be a number.
    static func optionalNumber(_ value: Any?, _ path: String) throws -> Double? {
        guard let value, !(value is NSNull) else { return nil }
        guard let n = number(value) else {
            throw SourceFormatError("\(path): found \(JSONNumber.describe(value)), expected a number")
        }
        return n
    }

    /// A price or a rate: above zero and within `NumberBounds`, as every price a file gives.
    static func positive(_ value: Any?, _ path: String) throws -> Double {
        guard let n = number(value), n > 0, NumberBounds.contains(n) else {
            throw SourceFormatError(
                "\(path): found \(JSONNumber.describe(value)), expected a number above zero, up to 1e15"
            )
        }
        return n
    }

    /// The mid of a buy and a sell rate, each finite but their sum perhaps not (`1e308` twice): a number
    /// Folio derives from an answer is checked like one the answer gives, naming the fields.
    static func mid(_ buy: Double, _ sell: Double, _ path: String, fields: (buy: String, sell: String)) throws -> Double
    {
        let mid = (buy + sell) / 2
        guard mid.isFinite else {
            throw SourceFormatError(
                "\(path): the mid of \(fields.buy) \(JSONNumber.describe(buy)) and \(fields.sell) \(JSONNumber.describe(sell)) is not a finite number"
            )
        }
        return mid
    }

    /// A whole number in `range`, checked before it becomes an `Int`.
    static func whole(_ value: Any?, _ path: String, in range: ClosedRange<Int>, expected: String) throws -> Int {
        guard let n = number(value), let whole = Int(exactly: n), range.contains(whole) else {
            throw SourceFormatError("\(path): found \(JSONNumber.describe(value)), expected \(expected)")
        }
        return whole
    }
}

/// The times an answer may carry: Folio's one rule for dates (`DateBounds`), from 1970-01-01 to a day
/// after the fetch. Rates are published ahead (NBU sets tomorrow's rate today), but never by more than
/// a day; a time in the year 2500 is a broken answer, and stored it would stand as the newest quote
/// for centuries.
struct AnswerClock: Sendable {
    let bounds: DateBounds

    init(now: Date) { bounds = DateBounds(now: now) }

    var now: Date { bounds.now }
    var latest: Date { bounds.latest }

    /// A time given as seconds since 1970 in a JSON field.
    func time(seconds value: Any?, _ path: String) throws -> Date {
        guard let seconds = JSONBody.number(value) else {
            throw SourceFormatError(
                "\(path): found \(JSONNumber.describe(value)), expected a time in seconds since 1970"
            )
        }
        return try time(seconds, shown: JSONNumber.describe(value), unit: "seconds", path)
    }

    /// A time given as milliseconds since 1970, kept to the whole second (as CoinGecko's charts are read).
    func time(milliseconds value: Any?, _ path: String) throws -> Date {
        guard let ms = JSONBody.number(value) else {
            throw SourceFormatError(
                "\(path): found \(JSONNumber.describe(value)), expected a time in milliseconds since 1970"
            )
        }
        return try time((ms / 1000).rounded(), shown: JSONNumber.describe(value), unit: "milliseconds", path)
    }

    /// A time read from text (an ISO 8601 stamp, a day), which the parser has already bounded.
    func check(_ time: Date, _ path: String) throws -> Date {
        let seconds = time.timeIntervalSince1970
        guard seconds >= 0 else { throw SourceFormatError("\(path): \(Self.shown(seconds)) is before 1970") }
        guard bounds.contains(time) else {
            throw SourceFormatError("\(path): \(Self.shown(seconds)) is more than a day in the future")
        }
        return time
    }

    private func time(_ seconds: Double, shown: String, unit: String, _ path: String) throws -> Date {
        guard bounds.contains(Date(timeIntervalSince1970: seconds)) else {
            let date = Self.isWritable(seconds) ? " (\(Self.shown(seconds)))" : ""
            throw SourceFormatError("\(path): found \(shown)\(date), expected \(unit) since 1970 up to a day from now")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// ISO 8601 as Folio writes it has four-digit years, and ISOTime's conversion to whole seconds
    /// would trap far beyond them: later times are shown as numbers.
    private static func isWritable(_ seconds: Double) -> Bool { (-62_135_596_800...253_402_300_799).contains(seconds) }

    private static func shown(_ seconds: Double) -> String {
        isWritable(seconds) ? ISOTime.format(Date(timeIntervalSince1970: seconds)) : JSONNumber.describe(seconds)
    }
}
