import FolioAnalytics
import FolioCore

/// What a chart leaves out, said on the chart in both languages ("Not shown: …"), never in silence.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// "Not shown: XOM, KO, GOOGL (beyond the 7 largest); USD (no prices in these days)": a portfolio's
    /// holdings a comparison leaves out, each for its reason; nil when it leaves none out. More than
    /// `named` beyond the largest are counted, not named: "33 more, beyond the 7 largest" says what a
    /// line of 33 codes cut with "…" would not.
    func notCompared(beyond: [String], largest: Int, unpriced: [String], named: Int = 5) -> String? {
        var parts: [String] = []
        if beyond.count > named {
            parts.append(
                pick(
                    "\(beyond.count) more, beyond the \(largest) largest",
                    "ще \(beyond.count), поза \(largest) найбільшими"
                )
            )
        } else if !beyond.isEmpty {
            parts.append(
                beyond.joined(separator: ", ")
                    + pick(" (beyond the \(largest) largest)", " (поза \(largest) найбільшими)")
            )
        }
        if !unpriced.isEmpty {
            parts.append(
                unpriced.joined(separator: ", ") + pick(" (no prices in these days)", " (немає цін за ці дні)")
            )
        }
        return parts.isEmpty ? nil : locale.notShown + ": " + parts.joined(separator: "; ")
    }
    /// What a chart could not draw for want of rates, by the first quote it lacks: "Not shown: no
    /// AAPL/USD rate after 7 Feb 2018 (and 9 more)" when the last one is too old, "… on 12 Jan 2024" when
    /// there is none before. A bridge that is not drawn says it; so do the value and performance charts
    /// whose days a missing rate cut short.
    func ratesNotShown(_ missing: [MissingQuoteSpan]) -> String? {
        guard let first = missing.first else { return nil }
        let pair = "\(first.pair)"
        let why: String
        switch first.example.reason {
        case .stale(let last):
            why = pick("no \(pair) rate after \(date(Day(last)))", "немає курсу \(pair) після \(date(Day(last)))")
        case .noQuoteBefore:
            why = pick("no \(pair) rate on \(date(first.first))", "немає курсу \(pair) на \(date(first.first))")
        case .noRoute:
            why = pick(
                "no rate links \(first.pair.asset) to \(first.pair.currency)",
                "немає курсу \(first.pair.asset) до \(first.pair.currency)"
            )
        }
        let more = missing.count > 1 ? pick(" (and \(missing.count - 1) more)", " (і ще \(missing.count - 1))") : ""
        return locale.notShown + ": " + why + more
    }
}
