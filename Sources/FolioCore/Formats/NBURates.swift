import Foundation

/// Parsing of NBU rate bodies, shared by the `nbu-json` importer and the NBU provider: the body of
/// `statdirectory/exchange?json` (`r030, txt, rate, cc, exchangedate`) and of `exchange_site?json`
/// (adds `units`, `rate_per_unit`, …). Rates are UAH per one unit.
public enum NBURates {
    public enum Row: Equatable, Sendable {
        case rate(code: AssetCode, name: String?, day: Day, uahPerUnit: Double)
        /// A row NBU publishes that is not a currency rate Folio can store (the `"cc":"___"` clearing dollar).
        case ignored(reason: String)
    }

    /// What is wrong and where: `path` is a JSON path such as `[3].rate`, or nil for the body as a whole.
    public struct FormatError: Error, Equatable, CustomStringConvertible {
        public var path: String?
        public var message: String
        public var description: String { [path, message].compactMap { $0 }.joined(separator: ": ") }
    }

    /// The rows of `data`, each rate's day within `dates`.
    public static func parse(_ data: Data, dates: DateBounds) throws -> [Row] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            let start = String(decoding: data.prefix(40), as: UTF8.self)
                .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ")
            throw FormatError(
                path: nil,
                message:
                    "not JSON (found \"\(start)\"), expected an NBU rates array; NBU sends such a body with status 200 for a bad date"
            )
        }
        guard let array = json as? [Any] else {
            throw FormatError(
                path: nil,
                message: "found a JSON \(json is [String: Any] ? "object" : "value"), expected an array of NBU rates"
            )
        }
        return try array.enumerated().map { index, element in
            let path = "[\(index)]"
            guard let object = element as? [String: Any] else {
                throw FormatError(
                    path: path,
                    message: "found \(JSONNumber.describe(element)), expected an object with cc, rate and exchangedate"
                )
            }
            guard let cc = object["cc"] as? String else {
                throw FormatError(path: path + ".cc", message: "missing, expected a currency code such as \"USD\"")
            }
            guard cc.count == 3, cc.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                return .ignored(
                    reason:
                        "\(path): cc \(JSONNumber.describe(cc)) is not a currency code (r030 \(JSONNumber.describe(object["r030"]))), row skipped"
                )
            }
            guard cc.uppercased() != AssetCode.uah.rawValue else {
                throw FormatError(
                    path: path + ".cc",
                    message:
                        "found \(JSONNumber.describe(cc)), expected a currency other than the hryvnia the rates are in"
                )
            }
            guard let day = parseDay(object["exchangedate"]) else {
                throw FormatError(
                    path: path + ".exchangedate",
                    message:
                        "found \(JSONNumber.describe(object["exchangedate"])), expected a date such as \"25.02.2022\""
                )
            }
            guard dates.contains(day) else {
                throw FormatError(
                    path: path + ".exchangedate",
                    message: "found \(JSONNumber.describe(object["exchangedate"])), expected \(dates.expected)"
                )
            }
            return .rate(
                code: AssetCode(cc),
                name: object["txt"] as? String,
                day: day,
                uahPerUnit: try uahPerUnit(object, at: path)
            )
        }
    }

    /// `rate_per_unit` when the period API gives it, else `rate / units`, else `rate` (one unit). A
    /// field that is there must be a positive number: `true` is not a rate of 1, and a broken
    /// `rate_per_unit` is not replaced by `rate` behind the reader's back.
    private static func uahPerUnit(_ object: [String: Any], at path: String) throws -> Double {
        func positive(_ field: String, _ expected: String) throws -> Double? {
            guard let value = object[field], !(value is NSNull) else { return nil }
            // NBU writes numbers as JSON numbers; plain decimal text such as "41.25" is read as well.
            guard let n = JSONNumber.double(numberOrText: value), n > 0, NumberBounds.contains(n) else {
                throw FormatError(
                    path: "\(path).\(field)",
                    message: "found \(JSONNumber.describe(value)), expected \(expected)"
                )
            }
            return n
        }
        let given = try positive("rate_per_unit", "a number of hryvnias above zero, up to 1e15")
        let units = try positive("units", "a number of units above zero, up to 1e15")
        if let given { return given }
        guard let rate = try positive("rate", "a number of hryvnias above zero, up to 1e15") else {
            throw FormatError(path: path + ".rate", message: "found nothing, expected a number of hryvnias above zero")
        }
        let perUnit = rate / (units ?? 1)
        guard perUnit > 0, NumberBounds.contains(perUnit) else {
            throw FormatError(
                path: path + ".units",
                message:
                    "rate \(JSONNumber.describe(rate)) over units \(JSONNumber.describe(units ?? 1)) is not a usable rate"
            )
        }
        return perUnit
    }

    /// `DD.MM.YYYY` as NBU writes it (the period API uses the same).
    static func parseDay(_ value: Any?) -> Day? {
        guard let text = value as? String else { return nil }
        let parts = text.split(separator: ".")
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
            let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2])
        else { return nil }
        return Day(year: y, month: m, day: d)
    }
}
