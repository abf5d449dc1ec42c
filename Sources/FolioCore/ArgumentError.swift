import Foundation

/// A bad value in a request — from the command line, a jobs file or a report definition — or a request
/// the data cannot answer, as one line that names the argument (`--as-of: no quotes of BTC from …`).
/// The one error type of requests, so that `folio chart`, `folio table`, reports and batch word a
/// problem alike. Not ArgumentParser's `ValidationError`: that one is printed with the usage text
/// below it, while this is the single line `Error: <argument>: <problem>` that scripts and cron mails read.
public struct ArgumentError: Error, CustomStringConvertible, LocalizedError, Equatable {
    /// The argument as the command line spells it (`--asset`, `NAME`), or empty when the message names
    /// its subject itself.
    public let argument: String
    public let problem: String

    public init(_ argument: String, _ problem: String) {
        self.argument = argument
        self.problem = problem
    }

    /// A message that names its subject itself (a missing quote names the pair).
    public init(message: String) { self.init("", message) }

    public var description: String { argument.isEmpty ? problem : "\(argument): \(problem)" }
    public var errorDescription: String? { description }

    /// The argument's name without the command line's dashes: `--as-of` is `as-of` in a jobs file.
    public var field: String { argument.hasPrefix("--") ? String(argument.dropFirst(2)) : argument }
}

/// The one way an option's text becomes a domain value — on the command line, in jobs files and in
/// report parameters — each failure naming the option in the same words. (Chart-side values, locale,
/// theme and normalisation, are decoded beside `ChartRequest` in FolioDatasets.)
public enum ArgumentValue {
    /// One of the cases of `T`, matched without regard to case (`minmax` for `minMax`).
    public static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ argument: String) throws -> T
    where T.RawValue == String {
        if let match = T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return match }
        let names = T.allCases.map { $0.rawValue.lowercased() }.joined(separator: ", ")
        throw ArgumentError(argument, "\"\(text)\" is not one of \(names)")
    }

    /// A day within `bounds` (`DateBounds`: 1970-01-01 to a day from now unless the command says otherwise).
    public static func day(_ text: String?, _ argument: String, within bounds: DateBounds = DateBounds()) throws -> Day?
    {
        guard let text else { return nil }
        guard let day = Day(iso: text) else {
            throw ArgumentError(argument, "\"\(text)\" is not a date such as 2024-03-31")
        }
        guard bounds.contains(day) else {
            throw ArgumentError(argument, "\"\(text)\" is out of range, expected \(bounds.expected)")
        }
        return day
    }

    /// `--from` and `--to`, each a day within `bounds`, the first not after the second: a range that
    /// ends before it starts is a mistake to name, not an empty answer.
    public static func days(
        from: String?,
        to: String?,
        within bounds: DateBounds = DateBounds()
    ) throws -> (from: Day?, to: Day?) {
        let first = try day(from, "--from", within: bounds)
        let last = try day(to, "--to", within: bounds)
        if let first, let last, first > last { throw ArgumentError("--from", "\(first.iso) is after --to \(last.iso)") }
        return (first, last)
    }

    /// An ISO 8601 time within `bounds` (`2025-06-20T09:00:00Z`; UTC without an offset).
    public static func time(_ text: String, _ argument: String, within bounds: DateBounds = DateBounds()) throws -> Date
    {
        guard let time = ISOTime.parse(text) else {
            throw ArgumentError(argument, "\"\(text)\" is not a time such as 2025-06-20T09:00:00Z")
        }
        guard bounds.contains(time) else {
            throw ArgumentError(argument, "\"\(text)\" is out of range, expected \(bounds.expected)")
        }
        return time
    }

    public static func asset(_ text: String, _ argument: String) throws -> AssetCode {
        guard AssetCode.isValid(text) else {
            throw ArgumentError(argument, "\"\(text)\" is not an asset code such as BTC or AAPL")
        }
        return AssetCode(text)
    }

    public static func market(_ text: String?, _ argument: String = "--market") throws -> Market? {
        guard let text else { return nil }
        guard Market.isValid(text) else {
            throw ArgumentError(argument, "\"\(text)\" is not a market name such as nbu or exchange")
        }
        return Market(text)
    }

    /// A whole number in `range`: `--days 0` and `days: 1.5` are mistakes to name.
    public static func count(_ text: String, _ argument: String, in range: ClosedRange<Int>) throws -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let n = Int(trimmed) else { throw ArgumentError(argument, "\"\(trimmed)\" is not a whole number") }
        guard range.contains(n) else {
            throw ArgumentError(argument, "\(n) is out of range, expected \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    public static func positive(_ value: Int?, _ argument: String) throws -> Int? {
        if let value, value < 1 { throw ArgumentError(argument, "\(value) is not valid, expected at least 1") }
        return value
    }
}
