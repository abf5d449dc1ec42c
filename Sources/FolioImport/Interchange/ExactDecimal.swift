import FolioCore
import Foundation

/// Numbers as interchange files carry them: the decimal a person would have written for a stored double,
/// and sums of those kept exact in decimal, so that a balance written to a file is the sum of the amounts
/// as people write them (`120000`, `113996.166`) and the deposit read back from two balances is the
/// amount that was written, not that amount plus the binary noise of adding doubles.
package enum ExactDecimal {
    /// The decimal a double names without binary noise (`DecimalText.significant`: 0.1 is 0.1, not
    /// 0.1000000000000000055…; 848.1999999999999, an import's arithmetic, is 848.2).
    /// Only finite values reach it: `ExportRows` leaves out rows beyond `NumberBounds`, and no file's
    /// number is stored beyond them; an infinity is 0 rather than a trap.
    package static func of(_ value: Double) -> Decimal {
        guard value.isFinite else { return 0 }
        let figure = DecimalText.significant(value)
        return Decimal(string: "\(figure)") ?? Decimal(figure)
    }

    /// The double nearest to `value`.
    package static func double(_ value: Decimal) -> Double {
        Double("\(value)") ?? NSDecimalNumber(decimal: value).doubleValue
    }

    /// A number as JSON and CSV files write it: `of(value)` in plain digits (`1236.3`, `0.000000001`).
    package static func text(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(of(value))"
    }

    /// A product of two stored numbers (units × price), as their doubles multiply, without the noise
    /// (`of`): 414.48 × 0.914905423663385 is 379.21. What a file writes as an amount from which a reader
    /// divides the price back out.
    package static func product(_ a: Double, _ b: Double) -> Decimal { of(a * b) }

    /// A change of an account's cash that is a product of two numbers as a file writes them (units ×
    /// price), to a millionth of a cent, as tables' CSV writes amounts: 3 × 268.426666666667 is 805.28,
    /// where their product is 805.280000000001. The same numbers give the same amount whether they are
    /// being written or have been read, so that both directions reckon an account's cash alike.
    package static func amount(_ units: Double, times price: Double) -> Decimal {
        var exact = product(DecimalText.significant(units), DecimalText.significant(price))
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exact, 8, .plain)
        return rounded
    }
}
