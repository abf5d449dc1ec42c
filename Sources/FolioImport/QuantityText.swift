import FolioCore
import Foundation

/// How import messages and the checks after an import write a number of units or money.
package enum QuantityText {
    /// A quantity as a person reads it: to 10 decimals, the binary noise of sums (0.0021000100000000002)
    /// and trailing zeros dropped.
    package static func describe(_ value: Double) -> String {
        // Fixed digits only where they are few: a warning never prints a number's 300 digits.
        guard value.magnitude < NumberBounds.largest * 10 else { return JSONNumber.describe(value) }
        var text = String(format: "%.10f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
