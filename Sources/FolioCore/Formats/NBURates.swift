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

    public static func parse(_ data: Data) throws -> [Row] {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            let start = String(decoding: data.prefix(40), as: UTF8.self)
                .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ")
            throw FormatError(path: nil, message: "not JSON (found \"\(start)\"), expected an NBU rates array; NBU sends such a body with status 200 for a bad date")
        }
        guard let array = json as? [Any] else {
            throw FormatError(path: nil, message: "found a JSON \(json is [String: Any] ? "object" : "value"), expected an array of NBU rates")
        }
        return try array.enumerated().map { index, element in
            let path = "[\(index)]"
            guard let object = element as? [String: Any] else {
                throw FormatError(path: path, message: "found \(element), expected an object with cc, rate and exchangedate")
            }
            guard let cc = object["cc"] as? String else {
                throw FormatError(path: path + ".cc", message: "missing, expected a currency code such as \"USD\"")
            }
            guard cc.count == 3, cc.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                return .ignored(reason: "\(path): cc \"\(cc)\" is not a currency code (r030 \(object["r030"].map { "\($0)" } ?? "?")), row skipped")
            }
            guard let day = parseDay(object["exchangedate"]) else {
                throw FormatError(path: path + ".exchangedate", message: "found \(object["exchangedate"].map { "\"\($0)\"" } ?? "nothing"), expected a date such as \"25.02.2022\"")
            }
            guard let rate = uahPerUnit(object), rate.isFinite, rate > 0 else {
                throw FormatError(path: path + ".rate", message: "found \(object["rate"].map { "\($0)" } ?? "nothing"), expected a number of hryvnias above zero")
            }
            return .rate(code: AssetCode(cc), name: object["txt"] as? String, day: day, uahPerUnit: rate)
        }
    }

    /// `rate_per_unit` when the period API gives it, else `rate / units`, else `rate` (one unit).
    private static func uahPerUnit(_ object: [String: Any]) -> Double? {
        if let perUnit = number(object["rate_per_unit"]) { return perUnit }
        guard let rate = number(object["rate"]) else { return nil }
        if let units = number(object["units"]), units > 0 { return rate / units }
        return rate
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let n as NSNumber: return n.doubleValue
        case let s as String: return Double(s)
        default: return nil
        }
    }

    /// `DD.MM.YYYY` as NBU writes it (the period API uses the same).
    static func parseDay(_ value: Any?) -> Day? {
        guard let text = value as? String else { return nil }
        let parts = text.split(separator: ".")
        guard parts.count == 3, parts[0].count == 2, parts[1].count == 2, parts[2].count == 4,
              let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]) else { return nil }
        return Day(year: y, month: m, day: d)
    }
}
