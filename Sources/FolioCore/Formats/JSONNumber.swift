import Foundation

/// Numbers in JSON that `JSONSerialization` parsed, read without mistaking a boolean for one.
///
/// `JSONSerialization` returns `true` and `false` as `NSNumber` (CFBoolean on Darwin,
/// `__NSCFBoolean` in swift-corelibs-foundation), so `value as? NSNumber` turns `true` into 1.0, and
/// `value is Bool` is no help either: it holds for the numbers 0 and 1 as well. The one mark that
/// survives bridging on both platforms is the Objective-C type code: a boolean's is `c` (char), and
/// JSON numbers never get that code (they are parsed as integers `i`/`q`/`Q` or doubles `d`).
public enum JSONNumber {
    /// A finite number, or nil for anything else: booleans, strings, null, objects.
    public static func double(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !isBoolean(number) else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// A finite number given as a JSON number or as text holding a plain decimal number (`"38.15"`, as
    /// PrivatBank writes its rates); nil for anything else, booleans included. Text is read by
    /// `DecimalText`, not `Double(String)`, which also reads `0x10` as 16.
    public static func double(numberOrText value: Any?) -> Double? {
        if let text = value as? String { return DecimalText.parse(text.trimmingCharacters(in: .whitespaces)) }
        return double(value)
    }

    public static func isBoolean(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// A JSON value as a message shows it: `true`, `"text"`, `1e+17`, `1704837673`, `null`.
    public static func describe(_ value: Any?) -> String {
        guard let value else { return "nothing" }
        switch value {
        case is NSNull: return "null"
        case let number as NSNumber where isBoolean(number): return number.boolValue ? "true" : "false"
        case let number as NSNumber: return describe(number.doubleValue)
        case let text as String: return "\"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case is [Any]: return "an array"
        case is [String: Any]: return "an object"
        default: return "\(value)"
        }
    }

    /// Whole numbers without a fraction (`1704837673`, not `1704837673.0`); others as Swift prints them.
    public static func describe(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15, let whole = Int64(exactly: value) { return String(whole) }
        return "\(value)"
    }
}
