import FolioCore

/// A date layout such as `dd.MM.yyyy`, `MM/dd/yyyy` or `yyyy-MM-dd HH:mm`, read by hand rather than by
/// a `DateFormatter`: no locale, no time zone, no lenient guessing (`31.02.2024` is refused, not moved to
/// March). Times are UTC. Letters: `yyyy` year, `MM`/`M` month, `dd`/`d` day, `HH`/`H` hour, `mm`
/// minute, `ss` second; two letters mean exactly two digits, one letter one or two; anything else, or
/// text in single quotes (`'T'`), must appear as written.
public struct DatePattern: Sendable, Equatable, CustomStringConvertible {
    enum Part: Equatable {
        case year
        case month(exact: Bool)
        case day(exact: Bool)
        case hour(exact: Bool)
        case minute, second
        case literal(Character)
    }

    let parts: [Part]
    public let description: String

    /// A pattern written in Folio's own code (a broker's date format): a mistake in it is Folio's, found
    /// by that format's tests the first time they run, so it stops the program.
    static func fixed(_ pattern: String) -> DatePattern {
        switch parse(pattern) {
        case let .success(parsed): return parsed
        case let .failure(error): preconditionFailure("date pattern \"\(pattern)\": \(error.reason)")
        }
    }

    /// The pattern, or why it is not one Folio reads.
    public static func parse(_ pattern: String) -> Result<DatePattern, PatternError> {
        var parts: [Part] = []
        var seen: Set<Character> = []
        var chars = Array(pattern)[...]
        while let c = chars.first {
            if c == "'" {
                chars.removeFirst()
                guard let close = chars.firstIndex(of: "'") else {
                    return .failure(PatternError("a quote (') is not closed"))
                }
                parts += chars[..<close].map(Part.literal)
                chars = chars[(close + 1)...]
                continue
            }
            guard c.isLetter else {
                parts.append(.literal(c))
                chars.removeFirst()
                continue
            }
            let run = chars.prefix { $0 == c }.count
            chars.removeFirst(run)
            let letters = String(repeating: c, count: run)
            let part: Part
            switch (c, run) {
            case ("y", 4): part = .year
            case ("M", 1...2): part = .month(exact: run == 2)
            case ("d", 1...2): part = .day(exact: run == 2)
            case ("H", 1...2): part = .hour(exact: run == 2)
            case ("m", 2): part = .minute
            case ("s", 2): part = .second
            default: return .failure(PatternError("\"\(letters)\" is not one of yyyy, MM, dd, HH, mm, ss"))
            }
            // A field given twice (`yyyy-MM-dd-yyyy`) would be read twice, the last one kept.
            guard seen.insert(c).inserted else {
                return .failure(
                    PatternError(
                        "\"\(letters)\" repeats a field given before, expected each of yyyy, MM, dd, HH, mm, ss at most once"
                    )
                )
            }
            parts.append(part)
        }
        let has = { (p: (Part) -> Bool) in parts.contains(where: p) }
        guard has({ $0 == .year }), has({ if case .month = $0 { true } else { false } }),
            has({ if case .day = $0 { true } else { false } })
        else {
            return .failure(PatternError("a date needs yyyy, MM and dd"))
        }
        return .success(DatePattern(parts: parts, description: pattern))
    }

    public struct PatternError: Error, Equatable {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Milliseconds since 1970 (UTC) of `text`, or `nil` when it does not follow the pattern or names
    /// no real day or time.
    public func milliseconds(_ text: String) -> Int64? {
        var chars = Array(text)[...]
        var year = 0
        var month = 0
        var day = 0
        var hour = 0
        var minute = 0
        var second = 0
        func digits(_ min: Int, _ max: Int) -> Int? {
            let run = chars.prefix(max).prefix { $0.isASCII && $0.isNumber }
            guard run.count >= min else { return nil }
            chars.removeFirst(run.count)
            return Int(String(run))
        }
        for part in parts {
            switch part {
            case .year:
                guard let n = digits(4, 4) else { return nil }
                year = n
            case let .month(exact):
                guard let n = digits(exact ? 2 : 1, 2) else { return nil }
                month = n
            case let .day(exact):
                guard let n = digits(exact ? 2 : 1, 2) else { return nil }
                day = n
            case let .hour(exact):
                guard let n = digits(exact ? 2 : 1, 2), n < 24 else { return nil }
                hour = n
            case .minute:
                guard let n = digits(2, 2), n < 60 else { return nil }
                minute = n
            case .second:
                guard let n = digits(2, 2), n < 60 else { return nil }
                second = n
            case let .literal(c):
                guard chars.first == c else { return nil }
                chars.removeFirst()
            }
        }
        guard chars.isEmpty, let date = Day(year: year, month: month, day: day) else { return nil }
        return (Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)) * 1000
    }

    /// The pattern written out for a known day, for messages: `dd.MM.yyyy` as `01.03.2024`.
    public var example: String {
        parts.map { part -> String in
            switch part {
            case .year: "2024"
            case .month: "03"
            case .day: "01"
            case .hour: "09"
            case .minute: "30"
            case .second: "00"
            case let .literal(c): String(c)
            }
        }.joined()
    }
}
