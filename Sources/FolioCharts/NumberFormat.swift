import FolioCore
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
        /// `maximum` decimals with trailing zeros dropped down to `minimum` (28.24, 28.5387): a rate as
        /// the bank quotes it, so that sell − buy of the shown figures is the shown spread.
        case upTo(minimum: Int, maximum: Int)
        /// 1.2K / 1,2 тис. with `decimals` decimals on the scaled value (dropped when it is a whole number).
        case compact(decimals: Int)
        /// Every value in one compact unit (0: thousands, 1: millions…) with `decimals` decimals, zero as
        /// plain 0: figures a reader adds up (₴1.17M + ₴0.45M), which must not change unit between terms.
        case compactIn(unit: Int, decimals: Int)
        /// A fraction (0.125) written as a percentage with `decimals` decimals (12.5%).
        case percent(Int)
    }

    public var locale: ChartLocale
    public var style: Style
    public var currency: Currency?
    /// Writes "+" before positive values (changes over a window).
    public var explicitPlus: Bool
    public var grouping: Bool

    public init(
        locale: ChartLocale,
        style: Style = .decimal(2),
        currency: Currency? = nil,
        explicitPlus: Bool = false,
        grouping: Bool = true
    ) {
        self.locale = locale
        self.style = style
        self.currency = currency
        self.explicitPlus = explicitPlus
        self.grouping = grouping
    }

    private static func priceDecimals(_ magnitude: Double, minimum: Int, significant: Int) -> Int {
        guard magnitude > 0, magnitude < 1 else { return minimum }
        return max(minimum, -Int(log10(magnitude).rounded(.down)) + significant - 1)
    }

    /// This format with the decimals it gives `value`, fixed, for a figure written beside it: a change
    /// of a price takes the price's decimals (−0.75 $ beside 32.50 $, not −0.7500 $).
    func withDecimals(of value: Double) -> NumberFormat {
        guard case .price(let minimum, let significant) = style, value.isFinite else { return self }
        var fixed = self
        fixed.style = .decimal(Self.priceDecimals(abs(value), minimum: minimum, significant: significant))
        return fixed
    }

    /// Formats a value; non-finite values print as an em dash, the mark for "undefined" in tables.
    public func string(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        var magnitude = abs(value)
        var suffix = ""
        var decimals: Int
        var trimZeros = false
        var keptDecimals: Int?
        switch style {
        case .decimal(let d):
            decimals = d
        case .price(let minimum, let significant):
            decimals = Self.priceDecimals(magnitude, minimum: minimum, significant: significant)
        case .upTo(let minimum, let maximum):
            decimals = maximum
            keptDecimals = minimum
        case .compact(let d):
            decimals = d
            trimZeros = true
            var index = -1
            while index < 3, DecimalDigits.round(magnitude, decimals: d).magnitudeAtLeast(1000) {
                magnitude /= 1000
                index += 1
            }
            if index >= 0 { suffix = locale.compactSuffixes[index] } else { decimals = 0 }
        case .compactIn(let unit, let d):
            decimals = d
            for _ in 0...unit { magnitude /= 1000 }
            suffix = locale.compactSuffixes[min(max(unit, 0), locale.compactSuffixes.count - 1)]
            if DecimalDigits.round(magnitude, decimals: d).isZero {
                (decimals, suffix) = (0, "")
            }
        case .percent(let d):
            decimals = d
            magnitude *= 100
            suffix = "%"
        }
        let rounded = DecimalDigits.round(magnitude, decimals: decimals)
        var body = rounded.integerPart(grouping: grouping ? locale.groupSeparator : "")
        var fraction = rounded.fractionPart
        if trimZeros, fraction.allSatisfy({ $0 == "0" }) { fraction = "" }
        if let keptDecimals { while fraction.count > keptDecimals, fraction.last == "0" { fraction.removeLast() } }
        if !fraction.isEmpty { body += locale.decimalSeparator + fraction }
        let isZero = rounded.isZero
        let sign = value < 0 && !isZero ? ChartLocale.minus : (explicitPlus && value > 0 && !isZero ? "+" : "")
        if case .percent = style, locale == .uk { suffix = "\u{00A0}%" }
        var text = body + suffix
        if let currency {
            let symbol = currency.symbol(in: locale)
            text = currency.symbolFirst(in: locale) ? symbol + text : text + "\u{00A0}" + symbol
        }
        return sign + text
    }
}
