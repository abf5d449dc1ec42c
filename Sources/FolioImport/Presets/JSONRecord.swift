import FolioCore
import Foundation

/// One object of a JSON export (a Freedom24 report's trade, a Ghostfolio activity) with typed reads that
/// fail as every importer does, naming the file and the value's path: `report.json:
/// trades.detailed[3].q: found "abc", expected a number`.
struct JSONRecord {
    let object: [String: Any]
    let file: String
    /// `trades.detailed[3]`.
    let path: String

    func fail(_ key: String, _ message: String) -> ImportError {
        ImportError(file: file, field: "\(path).\(key)", message: message)
    }

    private func found(_ key: String) -> String { JSONNumber.describe(object[key]) }

    /// Text, or "" when absent or null; a number is written as JSON writes it (ids are numbers in some
    /// exports, strings in others).
    func string(_ key: String) -> String {
        switch object[key] {
        case let text as String: text.trimmingCharacters(in: .whitespaces)
        case let number as NSNumber where !JSONNumber.isBoolean(number):
            number.doubleValue == number.doubleValue.rounded() && abs(number.doubleValue) < 1e15
                ? String(Int64(number.doubleValue)) : "\(number)"
        default: ""
        }
    }

    func text(_ key: String) throws -> String {
        let value = string(key)
        guard !value.isEmpty else { throw fail(key, "found \(found(key)), expected a value") }
        return value
    }

    /// A number given as a JSON number or as text (`"5000.00000000"`); nil when absent, null, empty or
    /// `-`, as Freedom24 writes a missing amount.
    func optionalNumber(_ key: String) throws -> Double? {
        let value = object[key]
        if value == nil || value is NSNull { return nil }
        if let text = value as? String, ["", "-"].contains(text.trimmingCharacters(in: .whitespaces)) { return nil }
        let number = JSONNumber.double(numberOrText: value)
        // Text is checked as written (`"1e-400"` is no zero); a JSON number as the parser read it.
        let text = (value as? String)?.trimmingCharacters(in: .whitespaces) ?? number.map { "\($0)" } ?? ""
        guard let number else {
            let outOfBounds = (value as? String).flatMap { Double($0.trimmingCharacters(in: .whitespaces)) } != nil
            throw fail(key, "found \(found(key)), expected \(outOfBounds ? NumberBounds.expected : "a number")")
        }
        guard NumberBounds.contains(number, readFrom: text) else {
            throw fail(key, "found \(found(key)), expected \(NumberBounds.expected)")
        }
        return number
    }

    func number(_ key: String) throws -> Double {
        guard let number = try optionalNumber(key) else { throw fail(key, "found \(found(key)), expected a number") }
        return number
    }

    /// The currency of a value of its own (`"EUR"`, `"GBp"`): see `Denomination`.
    func currency(_ key: String) throws -> Denomination {
        guard let denomination = Denomination(string(key)) else {
            throw fail(key, "found \(found(key)), expected \(Denomination.expected)")
        }
        return denomination
    }

    func isin(_ key: String) throws -> ISIN? {
        let text = string(key)
        guard !text.isEmpty, text != "-" else { return nil }
        guard let isin = ISIN(text) else {
            throw fail(key, "found \(found(key)), expected an ISIN such as US0378331005 (with its check digit)")
        }
        return isin
    }

    /// Milliseconds (UTC) of a time written as one of `patterns`, or as ISO 8601 when none is given.
    func time(_ key: String, patterns: [DatePattern] = [], dates: DateBounds = DateBounds()) throws -> Int64 {
        let text = string(key)
        let ms =
            patterns.isEmpty
            ? ISOTime.parse(text).map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) }
            : patterns.lazy.compactMap { $0.milliseconds(text) }.first
        guard let ms else {
            throw fail(
                key,
                "found \(found(key)), expected a time such as \(patterns.first?.example ?? "2024-03-01T09:30:00.000Z")"
            )
        }
        guard dates.contains(milliseconds: ms) else {
            throw fail(key, "found \(found(key)), expected \(dates.expected)")
        }
        return ms
    }

    /// The records of the array at `key` (`trades.detailed`), or none when it is absent.
    static func array(_ value: Any?, file: String, path: String) throws -> [JSONRecord] {
        guard let value, !(value is NSNull) else { return [] }
        guard let array = value as? [Any] else {
            throw ImportError(
                file: file,
                field: path,
                message: "found \(JSONNumber.describe(value)), expected an array of objects"
            )
        }
        return try array.enumerated().map { i, element in
            guard let object = element as? [String: Any] else {
                throw ImportError(
                    file: file,
                    field: "\(path)[\(i)]",
                    message: "found \(JSONNumber.describe(element)), expected an object"
                )
            }
            return JSONRecord(object: object, file: file, path: "\(path)[\(i)]")
        }
    }

    /// The file's top-level object, read as UTF-8 JSON.
    static func document(_ url: URL) throws -> [String: Any] {
        let data: Data
        do { data = try FileError.contents(of: url.path) } catch let error as FileError {
            throw ImportError(file: url.path, message: error.reason)
        }
        try NBUJSONImporter.requireUTF8(data, file: url.path)
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: data) } catch {
            throw ImportError(
                file: url.path,
                message: "not JSON (\(error.localizedDescription)), expected the export as downloaded"
            )
        }
        guard let object = parsed as? [String: Any] else {
            throw ImportError(file: url.path, message: "found \(JSONNumber.describe(parsed)), expected a JSON object")
        }
        return object
    }
}
