import Foundation

/// The one rule for every number Folio reads from a file — a quantity, a price, an amount of money, a
/// fee, a tax, a rate: finite, and at most 1e15 in size (a thousand trillion: more than any holding,
/// price or payment a person records, in any currency or coin, and small enough that sums and products
/// of such numbers stay exact to the cent and far from Double's and Int64's ends).
///
/// A number beyond it is a typo or a broken file, and once stored it poisons every figure after it:
/// `1e308` shares became infinity, a sale of 1e17 hryvnias overflowed the tax view's kopecks, and
/// `inf - inf` was stored as SQLite's NULL. Text that reads as a number too small to be one (`1e-400`,
/// which a parser turns into 0; `1e-300`) is refused as well: a nonzero number below 1e-12 (a
/// thousandth of a satoshi) is no amount, price or quantity, and its 300 digits would fill messages.
/// `DateBounds` is the same rule for dates.
public enum NumberBounds {
    /// The largest magnitude a number may have.
    public static let largest = 1e15
    /// The smallest magnitude a nonzero number may have.
    public static let smallest = 1e-12

    /// Whether `value` is one Folio stores.
    public static func contains(_ value: Double) -> Bool {
        value.isFinite && value.magnitude <= largest && (value == 0 || value.magnitude >= smallest)
    }

    /// What a message expects in place of a number out of bounds.
    public static let expected = "a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"

    /// Whether `text`, written as a decimal number, names a nonzero number that a parser rounded to
    /// 0 (`1e-400`, `0.0…01` with 400 zeros): such text is no zero.
    public static func underflows(_ text: some StringProtocol, to value: Double) -> Bool {
        guard value == 0 else { return false }
        var sawExponent = false
        for c in text.utf8 {
            if c == UInt8(ascii: "e") || c == UInt8(ascii: "E") { sawExponent = true }
            if !sawExponent, c >= UInt8(ascii: "1"), c <= UInt8(ascii: "9") { return true }
        }
        return false
    }

    /// Whether `value`, read from `text`, is one Folio stores.
    public static func contains(_ value: Double, readFrom text: some StringProtocol) -> Bool {
        contains(value) && !underflows(text, to: value)
    }
}
