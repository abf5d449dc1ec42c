import Foundation

/// How a number is written for a reader: decimals, grouping, currency, compact units, percent.
/// Rounding is decimal and half away from zero on the shortest representation of the `Double`
/// (so 0.285 → "0.29", where binary arithmetic would give 0.28).
public struct NumberFormat: Hashable, Sendable {
    public enum Style: Hashable, Sendable {
        /// Fixed decimals.
        case decimal(Int)
        /// Enough decimals to show `significant` digits of a value below 1 (0.000000001681), and at least
        /// `minimum` decimals; values ≥ 1 get `minimum` decimals. For prices that span 1e-9…1e6.
        case price(minimum: Int, significant: Int)
        /// 1.2K / 1,2 тис. with `decimals` decimals on the scaled value (dropped when it is a whole number).
        case compact(decimals: Int)
        /// A fraction (0.125) written as a percentage with `decimals` decimals (12.5%).
        case percent(Int)
    }

    public var locale: ChartLocale
    public var style: Style
    public var currency: Currency?
    /// Writes "+" before positive values (changes over a window).
    public var explicitPlus: Bool
    public var grouping: Bool

    public init(locale: ChartLocale, style: Style = .decimal(2), currency: Currency? = nil,
                explicitPlus: Bool = false, grouping: Bool = true) {
        self.locale = locale; self.style = style; self.currency = currency
        self.explicitPlus = explicitPlus; self.grouping = grouping
    }

    /// Formats a value; non-finite values print as an em dash, the mark for "undefined" in tables.
    public func string(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        var magnitude = abs(value)
        var suffix = ""
        var decimals: Int
        var trimZeros = false
        switch style {
        case .decimal(let d):
            decimals = d
        case .price(let minimum, let significant):
            decimals = minimum
            if magnitude > 0, magnitude < 1 {
                let exponent = Int(log10(magnitude).rounded(.down))
                decimals = max(minimum, -exponent + significant - 1)
            }
        case .compact(let d):
            decimals = d
            trimZeros = true
            var index = -1
            while index < 3, DecimalDigits.round(magnitude, decimals: d).magnitudeAtLeast(1000) {
                magnitude /= 1000
                index += 1
            }
            if index >= 0 { suffix = locale.compactSuffixes[index] } else { decimals = 0 }
        case .percent(let d):
            decimals = d
            magnitude *= 100
            suffix = "%"
        }
        let rounded = DecimalDigits.round(magnitude, decimals: decimals)
        var body = rounded.integerPart(grouping: grouping ? locale.groupSeparator : "")
        var fraction = rounded.fractionPart
        if trimZeros, fraction.allSatisfy({ $0 == "0" }) { fraction = "" }
        if !fraction.isEmpty { body += locale.decimalSeparator + fraction }
        let isZero = rounded.isZero
        let sign = value < 0 && !isZero ? ChartLocale.minus : (explicitPlus && value > 0 && !isZero ? "+" : "")
        if case .percent = style, locale == .uk { suffix = "\u{00A0}%" }
        var text = body + suffix
        if let currency {
            text = currency.symbolFirst(in: locale) ? currency.symbol + text : text + "\u{00A0}" + currency.symbol
        }
        return sign + text
    }
}

/// A non-negative decimal number as its digits, for exact decimal rounding and printing.
struct DecimalDigits {
    /// Digits without leading zeros in the integer part (at least one digit there).
    var integer: [UInt8]
    var fraction: [UInt8]

    var isZero: Bool { integer.allSatisfy { $0 == 0 } && fraction.allSatisfy { $0 == 0 } }
    var fractionPart: String { String(decoding: fraction.map { $0 + 48 }, as: UTF8.self) }

    func magnitudeAtLeast(_ threshold: Int) -> Bool {
        integer.count > 18 || integer.reduce(0, { $0 * 10 + Int($1) }) >= threshold
    }

    func integerPart(grouping separator: String) -> String {
        var out = ""
        for (i, d) in integer.enumerated() {
            if !separator.isEmpty, i > 0, (integer.count - i) % 3 == 0 { out += separator }
            out.unicodeScalars.append(Unicode.Scalar(d + 48))
        }
        return out
    }

    /// Rounds |value| half away from zero to `decimals` places, working on the shortest decimal
    /// representation Swift prints for the double (the digits a person would have typed).
    static func round(_ value: Double, decimals: Int) -> DecimalDigits {
        var digits: [UInt8] = []
        var pointPosition = 0 // digits before the decimal point
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
            if c == UInt8(ascii: ".") { seenPoint = true; continue }
            digits.append(c - 48)
            if !seenPoint { pointPosition += 1 }
        }
        pointPosition += exponent
        // Normalise so that the integer part exists and the fraction has at least `decimals + 1` digits.
        if pointPosition <= 0 {
            digits = [UInt8](repeating: 0, count: 1 - pointPosition) + digits
            pointPosition = 1
        }
        if digits.count < pointPosition { digits += [UInt8](repeating: 0, count: pointPosition - digits.count) }
        let keep = pointPosition + max(decimals, 0)
        if digits.count < keep + 1 { digits += [UInt8](repeating: 0, count: keep + 1 - digits.count) }
        let roundUp = digits[keep] >= 5
        var kept = Array(digits[..<keep])
        if roundUp {
            var i = kept.count - 1
            while i >= 0 {
                if kept[i] == 9 { kept[i] = 0; i -= 1 } else { kept[i] += 1; break }
            }
            if i < 0 { kept.insert(1, at: 0); pointPosition += 1 }
        }
        var integer = Array(kept[..<pointPosition])
        while integer.count > 1, integer[0] == 0 { integer.removeFirst() }
        return DecimalDigits(integer: integer, fraction: Array(kept[pointPosition...]))
    }
}
