import FolioCore
import FolioStore
import Foundation

/// A portfolio's stored trades and cash transactions written one per line, as a test's hand-written
/// expectation reads them: `2024-01-03 14:31:02 buy 5 AAPL at 184.25 USD fee 1.27 EUR #EOF45`. Numbers
/// are rounded to 10 decimals, which keeps a derived price (311.63 / 0.75) readable and still catches
/// any difference a person would call one.
public enum LedgerRows {
    public static func trades(_ store: Store, _ portfolio: String) throws -> [String] {
        try store.trades(portfolio: store.portfolio(named: portfolio)).map { t in
            var line =
                "\(time(t.time)) \(t.side.rawValue) \(number(t.quantity)) \(t.asset) at \(number(t.price)) \(t.priceCurrency)"
            if t.fee != 0 { line += " fee \(number(t.fee)) \(t.feeCurrency)" }
            return line + (t.externalID.map { " #\($0)" } ?? "")
        }
    }

    public static func cash(_ store: Store, _ portfolio: String) throws -> [String] {
        try store.cashTransactions(portfolio: store.portfolio(named: portfolio)).map { c in
            var line = "\(time(c.time)) \(c.kind.rawValue)"
            if c.kind == .split {
                line += " \(c.asset?.rawValue ?? "?") \(number(c.ratio ?? 0))"
            } else {
                line += " \(number(c.amount)) \(c.currency)"
            }
            if let asset = c.asset, c.kind != .split { line += " of \(asset)" }
            if c.tax != 0 { line += " tax \(number(c.tax))" }
            if c.fee != 0 { line += " fee \(number(c.fee))" }
            if c.status != .completed { line += " \(c.status.rawValue)" }
            return line + (c.externalID.map { " #\($0)" } ?? "")
        }
    }

    public static func number(_ value: Double) -> String {
        var text = String(format: "%.10f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    static func time(_ date: Date) -> String {
        let iso = ISOTime.format(date)
        return String(iso.dropLast()).replacingOccurrences(of: "T", with: " ")
    }
}
