import FolioCore
import Foundation

/// Portfolio Performance's CSV export of transactions (File › Export › CSV: "All account transactions"
/// writes a file per cash account, "All portfolio transactions" one per securities account), the
/// columns its CSV import reads back: `Date, Type, Value, Transaction Currency, Gross Amount, Currency
/// Gross Amount, Exchange Rate, Fees, Taxes, Shares, ISIN, WKN, Ticker Symbol, Security Name, Note`, in
/// the interface's language (English and German are read). `Value` is signed as the account sees it: a
/// buy is negative in the cash account's file and positive in the securities account's, a sale the
/// other way round; that is how the two files' copies of one trade are told apart.
package enum PortfolioPerformanceFormat {
    package static let header = [
        "Date", "Type", "Value", "Transaction Currency", "Gross Amount", "Currency Gross Amount", "Exchange Rate",
        "Fees",
        "Taxes", "Shares", "ISIN", "WKN", "Ticker Symbol", "Security Name", "Note",
    ]

    /// What a row's type means, in either language.
    package enum Kind: Equatable {
        case deposit, withdrawal, interest, interestCharge, dividend, fees, feesRefund, taxes, taxRefund, buy, sell
        case transferIn, transferOut, deliveryIn, deliveryOut
    }

    package static let kinds: [String: Kind] = [
        "Deposit": .deposit, "Einlage": .deposit, "Withdrawal": .withdrawal, "Removal": .withdrawal,
        "Entnahme": .withdrawal,
        "Interest": .interest, "Zinsen": .interest, "Interest Charge": .interestCharge,
        "Zinsbelastung": .interestCharge,
        "Dividend": .dividend, "Dividende": .dividend, "Fees": .fees, "Gebühren": .fees, "Fees Refund": .feesRefund,
        "Gebührenerstattung": .feesRefund, "Taxes": .taxes, "Steuern": .taxes, "Tax Refund": .taxRefund,
        "Steuerrückerstattung": .taxRefund,
        "Buy": .buy, "Kauf": .buy, "Sell": .sell, "Verkauf": .sell, "Transfer (Inbound)": .transferIn,
        "Umbuchung (Eingang)": .transferIn,
        "Transfer (Outbound)": .transferOut, "Umbuchung (Ausgang)": .transferOut, "Delivery (Inbound)": .deliveryIn,
        "Einlieferung": .deliveryIn,
        "Delivery (Outbound)": .deliveryOut, "Auslieferung": .deliveryOut,
    ]

    /// A field of a CSV row as Portfolio Performance's printer writes it: quoted when it holds the
    /// delimiter, a quote or a line end. CSV has no escapes of its own: a control or bidi character (a
    /// name or a note from a file) is written as Folio prints it everywhere else, `\x1B`, `\u{202E}`
    /// (`Redaction`), so that the file shown on a terminal is only text.
    package static func field(_ raw: String) -> String {
        let text = Redaction.escapingControlCharacters(raw)
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// `2024-01-05T10:12`, as Java's LocalDateTime writes a time: seconds only when there are some.
    package static func date(_ time: Date) -> String {
        var text = String(ISOTime.format(time).dropLast())
        if text.hasSuffix(":00") { text.removeLast(3) }
        return text
    }

    /// A file name from an account's name: no path separators.
    package static func fileName(_ name: String) -> String {
        String(name.map { "/\\:\0".contains($0) ? "_" : $0 }) + ".csv"
    }
}
