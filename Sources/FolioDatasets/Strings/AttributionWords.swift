import FolioAnalytics
import FolioCore

/// The words of the value bridge and the contribution by holding, in English and Ukrainian: its lines
/// as a waterfall's bars and a table's rows name them, and its chart's title and subtitle.
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    func bridgeLine(_ line: ValueBridge.Line) -> String {
        switch line {
        case .startValue: pick("Start value", "Вартість на початку")
        case .deposits: self[.deposits]
        case .withdrawals: self[.withdrawals]
        case .priceEffect: pick("Price effect", "Ціновий ефект")
        case .currencyEffect: pick("Currency effect", "Валютний ефект")
        case .dividends: pick("Dividends", "Дивіденди")
        case .interest: pick("Interest", "Відсотки")
        case .fees: self[.fees]
        case .taxes: pick("Taxes", "Податки")
        case .endValue: pick("End value", "Вартість на кінець")
        }
    }

    func attributionTitle(_ portfolio: String) -> String {
        pick("\(portfolio): where the return came from", "\(portfolio): звідки взявся прибуток")
    }

    /// "In UAH · 1 Jan – 31 Dec 2017": the currency and the days a bridge covers.
    package func attributionSubtitle(_ base: AssetCode, _ days: DayRange) -> String {
        inCurrency(base).capitalisedFirst + " · " + range(days.from, days.to)
    }

    /// Why a bridge is not drawn, by the first quote it lacks: "Not shown: no AAPL/USD rate after 7 Feb
    /// 2018 (and 9 more)" when the last one is too old, "… on 12 Jan 2024" when there is none before.
    func bridgeUndefined(_ missing: [MissingQuoteSpan]) -> String? {
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

    /// A column of the contribution table: its contribution to the time-weighted return.
    var twrContribution: String { pick("Share of TWR", "Внесок у TWR") }

    /// The row of the holdings a table of the largest leaves out, with how many there are.
    package func otherHoldings(_ count: Int) -> String { pick("Other (\(count))", "Інші (\(count))") }
}
