import Foundation

/// Hand-written ISO 8601 parsing on UTF-8 bytes. Foundation's ISO8601DateFormatter is both strict about
/// the forms it accepts and slow (microseconds per call); importers parse millions of these.
public enum ISOTime {
    /// Accepts `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`, `…:SS`, `…:SS.fff`, with `T` or a space, and an optional
    /// `Z` or `±HH:MM` / `±HHMM` offset. Without an offset the time is UTC. Returns seconds since 1970.
    public static func parse(_ text: some StringProtocol) -> Date? {
        var copy = String(text)
        return copy.withUTF8 { parse(bytes: $0) }
    }

    public static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        parseSeconds(bytes: bytes).map { Date(timeIntervalSince1970: $0) }
    }

    public static func parseSeconds(bytes b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard b.count >= 10, let day = parseDay(UnsafeBufferPointer(rebasing: b[0..<10])) else { return nil }
        var seconds = Double(day.daysSinceEpoch) * 86_400
        var i = b.startIndex + 10
        if i == b.endIndex { return seconds }
        guard b[i] == UInt8(ascii: "T") || b[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        // One-digit hours appear in real exports (DSX writes `7:49:22`), so accept them.
        guard let (hour, afterHour) = number(b, from: i, minDigits: 1, maxDigits: 2), hour < 24,
            afterHour < b.endIndex, b[afterHour] == UInt8(ascii: ":"),
            let (minute, afterMinute) = number(b, from: afterHour + 1, minDigits: 2, maxDigits: 2), minute < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60)
        i = afterMinute
        if i < b.endIndex, b[i] == UInt8(ascii: ":") {
            // No leap second: Folio's times are POSIX times, which have none, and 23:59:60 taken as
            // 60 seconds would store the next day.
            guard let (second, afterSecond) = number(b, from: i + 1, minDigits: 2, maxDigits: 2), second < 60
            else { return nil }
            seconds += Double(second)
            i = afterSecond
            if i < b.endIndex, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: ",") {
                var scale = 0.1
                i += 1
                let digitsStart = i
                while i < b.endIndex, let d = digit(b[i]) {
                    seconds += Double(d) * scale
                    scale /= 10
                    i += 1
                }
                if i == digitsStart { return nil }
            }
        }
        if i == b.endIndex { return seconds }
        if b[i] == UInt8(ascii: "Z") { return i + 1 == b.endIndex ? seconds : nil }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return nil }
        let sign: Double = b[i] == UInt8(ascii: "+") ? 1 : -1
        guard let (oh, afterOH) = number(b, from: i + 1, minDigits: 2, maxDigits: 2), oh <= 18 else { return nil }
        var j = afterOH
        if j < b.endIndex, b[j] == UInt8(ascii: ":") { j += 1 }
        guard let (om, afterOM) = number(b, from: j, minDigits: 2, maxDigits: 2), om < 60, afterOM == b.endIndex
        else { return nil }
        // 10:00+02:00 is 08:00 UTC.
        return seconds - sign * Double(oh * 3600 + om * 60)
    }

    static func parseDay(_ b: UnsafeBufferPointer<UInt8>) -> Day? {
        guard b.count == 10,
            let (y, a) = number(b, from: b.startIndex, minDigits: 4, maxDigits: 4), b[a] == UInt8(ascii: "-"),
            let (m, c) = number(b, from: a + 1, minDigits: 2, maxDigits: 2), b[c] == UInt8(ascii: "-"),
            let (d, _) = number(b, from: c + 1, minDigits: 2, maxDigits: 2)
        else { return nil }
        return Day(year: y, month: m, day: d)
    }

    /// Formats as `2019-11-25T08:08:44Z` (whole seconds) or `…44.5Z` when there is a fraction.
    public static func format(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        let whole = t.rounded(.down)
        let day = Day(daysSinceEpoch: Int((whole / 86_400).rounded(.down)))
        let secs = Int(whole) - day.daysSinceEpoch * 86_400
        var s =
            day.iso + "T" + Day.zeroPadded(secs / 3600, 2) + ":" + Day.zeroPadded(secs / 60 % 60, 2) + ":"
            + Day.zeroPadded(secs % 60, 2)
        let millis = Int(((t - whole) * 1000).rounded())
        if millis > 0 && millis < 1000 { s += "." + Day.zeroPadded(millis, 3) }
        return s + "Z"
    }

    @inline(__always) static func digit(_ c: UInt8) -> Int? {
        c >= 48 && c <= 57 ? Int(c - 48) : nil
    }

    static func number(_ b: UnsafeBufferPointer<UInt8>, from start: Int, minDigits: Int, maxDigits: Int) -> (Int, Int)?
    {
        var value = 0
        var i = start
        while i < b.endIndex, i - start < maxDigits, let d = digit(b[i]) {
            value = value * 10 + d
            i += 1
        }
        return i - start >= minDigits ? (value, i) : nil
    }
}
