import FolioCore
import Foundation

// Option values of `folio fetch` read into a query's typed parameters, each failure an ArgumentError
// naming the option.

/// `--date D` or `--from D --to D`, read as every day option is (`ArgumentValue.day`: real days from
/// 1970 to a day from now, from not after to); a missing end is today.
public enum FetchDays {
    public static func parse(date: String?, from: String?, to: String?, today: Day) throws -> (from: Day, to: Day) {
        let bounds = DateBounds(now: today.start)
        if let date {
            guard from == nil, to == nil else { throw ArgumentError("--date", "give either --date or --from and --to") }
            let d = try ArgumentValue.day(date, "--date", within: bounds)!
            return (d, d)
        }
        let days = try ArgumentValue.days(from: from ?? today.iso, to: to ?? today.iso, within: bounds)
        return (days.from!, days.to!)
    }
}

/// A comma-separated option value: `USD, EUR,,PLN` is USD, EUR and PLN.
public enum CodeList {
    /// The non-empty, trimmed items.
    static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// At least one item; `example` says what one is (`coin id such as bitcoin`).
    public static func items(_ text: String, option: String, example: String) throws -> [String] {
        let list = items(text)
        guard !list.isEmpty else { throw ArgumentError(option, "give at least one \(example)") }
        return list
    }

    /// At least one currency code, each valid.
    public static func currencies(_ text: String, option: String) throws -> [AssetCode] {
        try items(text, option: option, example: "code").map { try currency($0, option: option) }
    }

    public static func currency(_ text: String, option: String) throws -> AssetCode {
        guard AssetCode.isValid(text) else { throw ArgumentError(option, "\"\(text)\" is not a currency code") }
        return AssetCode(text)
    }
}
