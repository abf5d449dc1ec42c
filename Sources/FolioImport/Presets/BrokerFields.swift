import FolioCore
import Foundation

/// How brokers write the fields of their files, read the same way for every preset.
extension RowFields {
    /// The field's text, or "" when the column is absent or the field blank.
    func string(_ index: Int?) -> String {
        guard let index, index < fields.count else { return "" }
        return fields.string(index)
    }

    /// An amount as brokers write one: `-1,234.56`, `1.234,56`, `"26,45"`, `€88.94`, `-$30.93`, `0,766`
    /// (Degiro quotes its decimal commas, Revolut puts the currency's sign before the number). Where a
    /// comma and a point both appear, the last is the decimal separator; a comma alone is one too.
    func amount(_ index: Int, _ field: String) throws -> Double {
        let text = string(index)
        return try bounded(BrokerNumber.parse(text), text: text, field, example: "-1234.56 or 1.234,56")
    }

    func optionalAmount(_ index: Int?, _ field: String) throws -> Double? {
        guard let index, !isBlank(index) else { return nil }
        return try amount(index, field)
    }

    /// The currency of a column of its own (`"EUR"`, `GBX`): see `Denomination`.
    func currency(_ index: Int?, _ field: String) throws -> Denomination {
        let text = string(index)
        guard let denomination = Denomination(text) else {
            throw fail(field, "found \(Self.shown(text)), expected \(Denomination.expected)")
        }
        return denomination
    }

    /// An ISIN, or nil when the field is blank; a field that holds something else is an error.
    func isin(_ index: Int?, _ field: String) throws -> ISIN? {
        let text = string(index)
        guard !text.isEmpty, text != "-" else { return nil }
        guard let isin = ISIN(text) else {
            throw fail(field, "found \(Self.shown(text)), expected an ISIN such as US0378331005 (with its check digit)")
        }
        return isin
    }

    /// Milliseconds (UTC) of a date and time written as one of `patterns`, with an optional fraction of
    /// a second (`2023-12-18 11:45:06.326`, as Trading 212 writes some).
    func time(_ text: String, _ field: String, patterns: [DatePattern]) throws -> Int64 {
        var whole = Substring(text)
        var fraction: Int64 = 0
        if let dot = text.lastIndex(of: "."), text[text.index(after: dot)...].allSatisfy(\.isNumber),
            text.distance(from: dot, to: text.endIndex) <= 10,
            text[..<dot].contains(":")
        {
            whole = text[..<dot]
            let digits = text[text.index(after: dot)...].prefix(3)
            fraction = (Int64(digits) ?? 0) * [100, 10, 1][max(0, digits.count - 1)]
        }
        guard let ms = patterns.lazy.compactMap({ $0.milliseconds(String(whole)) }).first else {
            throw fail(field, "found \(Self.shown(text)), expected a date and time such as \(patterns[0].example)")
        }
        return try within(ms + fraction, field, found: text)
    }
}

/// Numbers as brokers write them (`RowFields.amount`).
enum BrokerNumber {
    static func parse(_ raw: String) -> Double? {
        var text = raw.filter { !$0.isWhitespace && !"$€£¥₴\u{00A0}".contains($0) }
        guard !text.isEmpty else { return nil }
        let comma = text.lastIndex(of: ",")
        let point = text.lastIndex(of: ".")
        switch (comma, point) {
        case let (c?, p?) where c > p:  // 1.234,56
            text = text.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        case (_?, _?):  // 1,234.56
            text = text.replacingOccurrences(of: ",", with: "")
        case (_?, nil):  // 0,766
            guard text.filter({ $0 == "," }).count == 1 else { return nil }
            text = text.replacingOccurrences(of: ",", with: ".")
        default:
            break
        }
        return DecimalText.parse(text)
    }
}
