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
