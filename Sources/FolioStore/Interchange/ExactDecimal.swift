import Foundation

/// Sums of money kept exact in decimal: a balance written to a file is the sum of the amounts as people
/// write them (`120000`, `113996.166`), and the deposit read back from two balances is the amount that
/// was written, not that amount plus the binary noise of adding doubles.
enum ExactDecimal {
    /// The decimal a double's shortest text names (`0.1` is 0.1, not 0.1000000000000000055…).
    /// Only finite values reach it: `ExportRows` leaves out rows beyond `NumberBounds`, and no file's
    /// number is stored beyond them; an infinity is 0 rather than a trap.
    static func of(_ value: Double) -> Decimal {
        guard value.isFinite else { return 0 }
        return Decimal(string: "\(value)") ?? Decimal(value)
    }

    /// The double nearest to `value`.
    static func double(_ value: Decimal) -> Double { Double("\(value)") ?? NSDecimalNumber(decimal: value).doubleValue }

    /// A number as JSON and CSV files write it: the shortest text that reads back as the same double.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(of(value))"
    }
}
