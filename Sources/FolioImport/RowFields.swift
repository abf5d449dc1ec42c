import FolioCore
import Foundation

/// Typed access to the fields of one row, failing with `file:line: field: found …, expected …`.
struct RowFields {
    let fields: DelimitedLine
    let file: String
    let line: Int
    let decimalComma: Bool
    /// The dates the row may carry (`DateBounds`).
    let dates: DateBounds
    /// Whether the user chooses how numbers are written (`--decimal-comma`, `DelimitedFile.delimiterOption`).
    var decimalCommaOption = false

    /// `file:line`, as messages about the row begin.
    var location: String { "\(file):\(line)" }

    /// The row's place, for the checks of what it stores (`ImportSink`).
    var rowLocation: RowLocation { RowLocation(file: file, line: line) }

    func fail(_ field: String, _ message: String) -> ImportError {
        ImportError(file: file, line: line, field: field, message: message)
    }

    private func found(_ index: Int) -> String { Self.shown(fields.string(index)) }

    /// A field's text as a message quotes it: `"n/a"`, cut at 40 characters, or `nothing`.
    static func shown(_ text: String) -> String {
        text.isEmpty ? "nothing" : "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
    }

    func isBlank(_ index: Int?) -> Bool {
        guard let index, index < fields.count else { return true }
        return fields.isBlank(index)
    }

    func text(_ index: Int, _ field: String) throws -> String {
        let value = fields.string(index)
        guard !value.isEmpty else { throw fail(field, "found nothing, expected a value") }
        return value
    }

    /// The text of an optional column, or nil when the column is absent or the field blank.
    func optionalText(_ index: Int?, _ field: String) throws -> String? {
        guard let index, !isBlank(index) else { return nil }
        return try text(index, field)
    }

    /// A number within `NumberBounds`, as every number of a file is read.
    func number(_ index: Int, _ field: String) throws -> Double {
        let value = fields.number(index, decimalComma: decimalComma)
        return try bounded(value, text: fields.string(index), field, example: decimalComma ? "12,5" : "12.5")
    }

    /// `value`, read from `text`, when it is a number within `NumberBounds`; text that is a number out
    /// of them (`1e308`, `inf`, `NaN`, `1e-400`) says so, anything else is no number such as `example`.
    func bounded(_ value: Double?, text: String, _ field: String, example: String) throws -> Double {
        guard let value else {
            let loose = Double(text.replacingOccurrences(of: ",", with: "."))
            // `116,15` in a file read with decimal points is a decimal comma, not a number out of bounds
            // (`1,000`, three digits after the comma, may be a thousands separator: no advice).
            if let loose, !decimalComma, let comma = text.lastIndex(of: ","),
                text[text.index(after: comma)...].count != 3, NumberBounds.contains(loose)
            {
                throw fail(
                    field,
                    "found \(Self.shown(text)), expected a number such as \(example) with a decimal point"
                        + (decimalCommaOption ? "; --decimal-comma reads a decimal comma" : "")
                )
            }
            throw fail(
                field,
                "found \(Self.shown(text)), expected "
                    + (loose == nil ? "a number such as \(example)" : NumberBounds.expected)
            )
        }
        guard NumberBounds.contains(value, readFrom: text) else {
            throw fail(field, "found \(Self.shown(text)), expected \(NumberBounds.expected)")
        }
        return value
    }

    func optionalNumber(_ index: Int?, _ field: String) throws -> Double? {
        guard let index, !isBlank(index) else { return nil }
        return try number(index, field)
    }

    func positive(_ index: Int, _ field: String) throws -> Double {
        let value = try number(index, field)
        guard value > 0 else { throw fail(field, "found \(found(index)), expected a number above zero") }
        return value
    }

    /// A price: above zero, as every reader of prices needs (a quote of 0 is skipped by all of them,
    /// so a later conversion would quietly use an older one). Text that underflows to 0 (`1e-400`)
    /// is refused as 0 is.
    func price(_ index: Int, _ field: String) throws -> Double { try positive(index, field) }

    /// A bid or an ask: none when the field is blank, else a price.
    func optionalPrice(_ index: Int?, _ field: String) throws -> Double? {
        guard let index, !isBlank(index) else { return nil }
        return try price(index, field)
    }

    func nonNegative(_ index: Int?, _ field: String, default fallback: Double = 0) throws -> Double {
        guard let value = try optionalNumber(index, field) else { return fallback }
        guard value >= 0 else { throw fail(field, "found \(Self.shown(string(index))), expected zero or more") }
        return value
    }

    /// Milliseconds since 1970 of an ISO 8601 date or date-time (UTC unless an offset is given).
    func time(_ index: Int, _ field: String) throws -> Int64 {
        guard let seconds = fields.isoSeconds(index) else {
            throw fail(
                field,
                "found \(found(index)), expected an ISO 8601 date or time such as 2024-03-01 or 2024-03-01T09:30:00Z"
            )
        }
        return try within(Int64((seconds * 1000).rounded()), field, found: fields.string(index))
    }

    /// Milliseconds since 1970 of a date written as `pattern` says (UTC), or of an ISO 8601 one when
    /// there is no pattern.
    func time(_ index: Int, _ field: String, pattern: DatePattern?) throws -> Int64 {
        guard let pattern else { return try time(index, field) }
        guard let milliseconds = pattern.milliseconds(fields.string(index)) else {
            throw fail(field, "found \(found(index)), expected a date as \(pattern) such as \(pattern.example)")
        }
        return try within(milliseconds, field, found: fields.string(index))
    }

    func day(_ index: Int, _ field: String) throws -> Day {
        guard let day = Day(iso: fields.string(index)) else {
            throw fail(field, "found \(found(index)), expected a date such as 2024-03-01")
        }
        guard dates.contains(day) else { throw fail(field, "found \(found(index)), expected \(dates.expected)") }
        return day
    }

    /// `milliseconds`, read from `text`, when they are within the row's `dates`.
    func within(_ milliseconds: Int64, _ field: String, found text: String) throws -> Int64 {
        guard dates.contains(milliseconds: milliseconds) else {
            throw fail(field, "found \(Self.shown(text)), expected \(dates.expected)")
        }
        return milliseconds
    }

    func assetCode(_ index: Int, _ field: String) throws -> AssetCode {
        let value = fields.string(index)
        guard AssetCode.isValid(value) else {
            throw fail(field, "found \(found(index)), expected an asset code such as USD, BTC or AAPL")
        }
        return AssetCode(value)
    }

    /// The refusal of a quote of an asset in itself: USD in USD is 1 by definition, and a stored one
    /// is a series every reader skips. `index` and `field` are the code the row gave: the currency, or
    /// the asset when the currency is the whole file's.
    func selfQuote(_ index: Int, _ field: String, isCurrency: Bool) -> ImportError {
        let code = AssetCode(fields.string(index))
        return fail(
            field,
            "found \(found(index)), expected "
                + (isCurrency ? "a currency other than the asset \(code)" : "an asset other than the currency \(code)")
        )
    }

    func market(_ index: Int, _ field: String) throws -> Market {
        let value = fields.string(index)
        guard Market.isValid(value) else {
            throw fail(field, "found \(found(index)), expected a market such as nbu, interbank, cash, card or exchange")
        }
        return Market(value)
    }

    /// One of `choices` (matched case-insensitively, each with its accepted spellings).
    func choice<T>(_ index: Int, _ field: String, _ choices: [(spellings: [String], value: T)]) throws -> T {
        let value = fields.string(index).lowercased()
        for choice in choices where choice.spellings.contains(value) { return choice.value }
        let accepted = choices.map { $0.spellings[0] }.joined(separator: ", ")
        throw fail(field, "found \(found(index)), expected one of \(accepted)")
    }
}
