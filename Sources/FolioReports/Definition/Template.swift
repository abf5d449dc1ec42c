import FolioCore
import FolioDatasets
import Foundation

/// Text with placeholders: `{portfolio}`, `{asOf}`, `{base}`, `{generated}`, `{stamp}`, `{page}`, `{pages}`, `{month}`, and
/// `{t.key}` for a label from the locale's catalogue. Unknown names are caught when the definition is
/// read, not when a page is drawn.
public enum Template {
    public static let placeholders: Set<String> = [
        "portfolio", "asOf", "base", "generated", "stamp", "page", "pages", "title", "month", "asOfNote", "flowsWindow",
        "cryptoLastQuote", "year", "taxRates", "leftOut", "negativeBalances",
    ]
    /// `{pageOf.diagnostics}`: the page a table of that data starts on, known after pagination; only in a
    /// `text` block, the one kind laid out again once the page is known.
    public static let pageOf = "pageOf."

    /// The data of the tables whose pages `text` names (`{pageOf.diagnostics}` → diagnostics).
    static func pagePointers(in text: String) -> [String] {
        Placeholders.names(in: text).filter { $0.hasPrefix(pageOf) }.map { String($0.dropFirst(pageOf.count)) }
    }

    /// What is wrong with a template, or nil when every placeholder is known; `pointers`: whether it may
    /// name a table's page.
    static func problem(in text: String, pointers: Bool = false) -> (expected: String, found: String)? {
        for name in Placeholders.names(in: text) {
            if name.hasPrefix("t.") {
                if StringKey(rawValue: String(name.dropFirst(2))) == nil {
                    return ("a catalogue key after t. (see reports/strings)", "\"{\(name)}\"")
                }
            } else if name.hasPrefix(pageOf) {
                if !pointers { return ("{\(pageOf)…} only in a block of kind text", "\"{\(name)}\"") }
                if name.count == pageOf.count {
                    return ("a table's data after \(pageOf) ({\(pageOf)diagnostics})", "\"{\(name)}\"")
                }
            } else if !placeholders.contains(name) {
                return (
                    "placeholders among " + placeholders.sorted().map { "{\($0)}" }.joined(separator: ", ")
                        + " or {t.key}", "\"{\(name)}\""
                )
            }
        }
        if text.filter({ $0 == "{" }).count != text.filter({ $0 == "}" }).count {
            return ("balanced { and } around placeholders", "\"\(text)\"")
        }
        return nil
    }

    /// The text with every placeholder replaced; values missing from `values` (and not given by `more`)
    /// become empty.
    public static func render(
        _ text: String,
        values: [String: String],
        strings: Catalogue,
        more: (String) -> String? = { _ in nil }
    ) -> String {
        Placeholders.substitute(text) { name in
            if name.hasPrefix("t."), let key = StringKey(rawValue: String(name.dropFirst(2))) { return strings[key] }
            return values[name] ?? more(name) ?? ""
        }
    }
}

/// What stands between the tiles of a `kpis` row written as a sum.
public enum KPIOperator: String, Hashable, Sendable, CaseIterable {
    case plus = "+"
    case minus = "−"
    case equals = "="
}

/// The tiles a `kpis` block can show.
public enum KPIKind: String, Hashable, Sendable, CaseIterable {
    case value
    case change1d = "change-1d"
    case change7d = "change-7d"
    case change30d = "change-30d"
    case change1m = "change-1m"
    case changeYTD = "change-ytd"
    case realised, unrealised
    /// Dividends and interest less account fees, and the gain they add up to with realised and unrealised.
    case investmentIncome = "investment-income"
    case gain
    case netDeposits = "net-deposits"
    /// Budget: the month's totals.
    case income, expenses, balance
    /// Market: the crypto market's total capitalisation, 24 h volume and BTC dominance, when fetched.
    case marketCap = "market-cap"
    case volume24h = "volume-24h"
    case btcDominance = "btc-dominance"
}
