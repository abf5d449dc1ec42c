import Foundation

/// A non-negative decimal number as its digits, for exact decimal rounding and printing: the one
/// rounding rule of every number Folio shows (tables in text, CSV-free display, PDF, tiles, charts):
/// half away from zero on the decimal value a spreadsheet shows — the shortest decimal representation
/// of the `Double`, cut to 15 significant digits as a spreadsheet holds them (0.125 → 0.13, 1.005 →
/// 1.01, 2.675 → 2.68; 3000 × 27.944315 is the double 83832.94499999999, which a spreadsheet holds as
/// 83832.945, so → 83832.95).
public struct DecimalDigits: Sendable {
    /// Digits without leading zeros in the integer part (at least one digit there).
    public var integer: [UInt8]
    public var fraction: [UInt8]

    public var isZero: Bool { integer.allSatisfy { $0 == 0 } && fraction.allSatisfy { $0 == 0 } }
    public var fractionPart: String { String(decoding: fraction.map { $0 + 48 }, as: UTF8.self) }

    public func magnitudeAtLeast(_ threshold: Int) -> Bool {
        integer.count > 18 || integer.reduce(0, { $0 * 10 + Int($1) }) >= threshold
    }

    public func integerPart(grouping separator: String) -> String {
        var out = ""
        for (i, d) in integer.enumerated() {
            if !separator.isEmpty, i > 0, (integer.count - i) % 3 == 0 { out += separator }
            out.unicodeScalars.append(Unicode.Scalar(d + 48))
        }
        return out
    }

    /// The significant digits a spreadsheet keeps of a number (Excel's and LibreOffice's 15).
    static let significantDigits = 15

    /// `digits` rounded half away from zero at index `keep` (the digits from it on dropped); a carry out
    /// of the first digit moves the point one place right.
    private static func roundHalfUp(_ digits: [UInt8], at keep: Int, point: inout Int) -> [UInt8] {
        guard keep < digits.count else { return digits }
        var kept = Array(digits[..<keep])
        guard digits[keep] >= 5 else { return kept }
        var i = kept.count - 1
        while i >= 0 {
            if kept[i] == 9 {
                kept[i] = 0
                i -= 1
            } else {
                kept[i] += 1
                break
            }
        }
        if i < 0 {
            kept.insert(1, at: 0)
            point += 1
        }
        return kept
    }

    /// Rounds |value| half away from zero to `decimals` places, working on the shortest decimal
    /// representation Swift prints for the double (the digits a person would have typed), first cut to
    /// the 15 significant digits a spreadsheet holds.
    public static func round(_ value: Double, decimals: Int) -> DecimalDigits {
        var digits: [UInt8] = []
        var pointPosition = 0  // digits before the decimal point
        let text = abs(value).description
        // The description is ASCII: scanning its bytes, not its Characters, spares grapheme breaking
        // on every number a chart writes.
        var mantissa = text.utf8[...]
        var exponent = 0
        if let e = text.utf8.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(text[text.utf8.index(after: e)...]) ?? 0
            mantissa = text.utf8[..<e]
        }
        var seenPoint = false
        for c in mantissa {
            if c == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits.append(c - 48)
            if !seenPoint { pointPosition += 1 }
        }
        pointPosition += exponent
        // The value a spreadsheet holds: at most 15 significant digits (83832.94499999999 is 83832.945).
        if let first = digits.firstIndex(where: { $0 != 0 }), digits.count - first > significantDigits {
            digits = roundHalfUp(digits, at: first + significantDigits, point: &pointPosition)
        }
        // Normalise so that the integer part exists and the fraction has at least `decimals + 1` digits.
        if pointPosition <= 0 {
            digits = [UInt8](repeating: 0, count: 1 - pointPosition) + digits
            pointPosition = 1
        }
        if digits.count < pointPosition { digits += [UInt8](repeating: 0, count: pointPosition - digits.count) }
        let keep = pointPosition + max(decimals, 0)
        if digits.count < keep + 1 { digits += [UInt8](repeating: 0, count: keep + 1 - digits.count) }
        let kept = roundHalfUp(digits, at: keep, point: &pointPosition)
        var integer = Array(kept[..<pointPosition])
        while integer.count > 1, integer[0] == 0 { integer.removeFirst() }
        return DecimalDigits(integer: integer, fraction: Array(kept[pointPosition...]))
    }
}

extension DecimalDigits {
    /// `value` written with `decimals` decimals, "." as the separator, no grouping, and "−" never
    /// before a value that rounds to zero: the text tables' cells.
    public static func plain(_ value: Double, decimals: Int) -> String {
        let digits = round(value, decimals: decimals)
        let body = digits.integerPart(grouping: "") + (digits.fraction.isEmpty ? "" : "." + digits.fractionPart)
        return value < 0 && !digits.isZero ? "-" + body : body
    }
}
