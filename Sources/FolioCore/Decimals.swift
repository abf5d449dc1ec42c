import Foundation

/// Number parsing for the files people have: `12.5`, `12,5` (DSX and Ukrainian exports), `1e-9`.
public enum DecimalText {
    /// Parses a decimal written with `.` or `,` as the separator. Rejects grouping, blanks and non-finite values.
    public static func parse(_ text: some StringProtocol, comma: Bool = false) -> Double? {
        var s = String(text)
        if comma { s = s.replacingOccurrences(of: ",", with: ".") }
        guard !s.isEmpty,
            s.utf8.allSatisfy({ c in
                (c >= 48 && c <= 57) || c == UInt8(ascii: ".") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+")
                    || c == UInt8(ascii: "e") || c == UInt8(ascii: "E")
            }), let value = Double(s), value.isFinite
        else { return nil }
        return value
    }
}

extension DecimalText {
    /// `value` to the 15 significant digits a spreadsheet holds (`DecimalDigits`): the binary noise of
    /// arithmetic dropped, so that 848.1999999999999 is 848.2 and 3 × 268.42666666666667 is 805.28. What
    /// every file Folio writes for another program carries as a number (tables' CSV and JSON, Ghostfolio's
    /// and Portfolio Performance's files).
    public static func significant(_ value: Double) -> Double {
        guard value.isFinite, value != 0 else { return value }
        return Double(String(format: "%.\(DecimalDigits.significantDigits)g", value)) ?? value
    }

    /// The shortest text that reads back as `value`: `1236.3`, `5` (not `5.0`), `1e-09`.
    public static func exact(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
