import FolioAnalytics
import FolioCharts
import FolioCore

/// The words of balances that went below zero, where a reader meets them: page 1 and the daily mail
/// (how many, since when, where the list is) and the list itself (each event by its day, its kind and
/// the broker's id).
extension Catalogue {
    private func pick(_ en: String, _ uk: String) -> String { locale == .uk ? uk : en }

    /// "Balances went below zero after 10 events, from 4 Jun 2019 on (first BTC −0.00198000)", "EUR went
    /// below zero on 2 Mar 2017 (−174.28)": one line on page 1
    /// (which goes on to say where the list is) and in the daily mail; the first shortfall in its amount,
    /// so that a reader sees how much was overspent before turning to the list.
    public func negativeBalances(_ list: [NegativeBalance], decimals: (AssetCode) -> Int = { _ in 2 }) -> String? {
        guard let first = list.min(by: { $0.time < $1.time }) else { return nil }
        let n = list.count
        let day = date(Day(first.time))
        let amount = NumberFormat(locale: locale, style: .decimal(decimals(first.asset))).string(first.balance)
        return pick(
            n == 1
                ? "\(first.asset) went below zero on \(day) (\(amount))"
                : "Balances went below zero after \(n) events, from \(day) on (first \(first.asset) \(amount))",
            n == 1
                ? "\(first.asset) став від’ємним \(day) (\(amount))"
                // As short as the English: page 1 has one line for it.
                : "Від’ємні залишки після \(n) " + Self.ukPlural(n, "події", "подій", "подій")
                    + ", від \(day) (перший: \(first.asset) \(amount))"
        )
    }

    /// What `folio import` says of a balance below zero: "EUR went below zero on 2 Mar 2017: −174.28 after
    /// Exchange 1,173.74 EUR for 1,236.30 USD (e3a8…/fx)".
    public func negativeBalance(_ d: NegativeBalance, named: LedgerEventNames) -> String {
        let (event, id) = named(d.after)
        return pick(
            "\(d.asset) went below zero on \(date(Day(d.time))): \(named.money(d.balance, d.asset)) after \(event)",
            "\(d.asset) став від’ємним \(date(Day(d.time))): \(named.money(d.balance, d.asset)) після «\(event)»"
        ) + (id.map { " (\($0))" } ?? "")
    }

    /// "Exchange 1,173.74 EUR for 1,236.30 USD": one currency given for another, as one event.
    public func exchange(_ e: (gave: String, got: String)) -> String { self[.exchange] + " " + exchangeFor(e) }

    /// "1,173.74 EUR for 1,236.30 USD", beside a column that says "Exchange".
    public func exchangeFor(_ e: (gave: String, got: String)) -> String {
        pick("\(e.gave) for \(e.got)", "\(e.gave) на \(e.got)")
    }

    /// Where the mail's reader finds the list.
    public var listInReport: String {
        pick(
            "The portfolio report lists them under Diagnostics; figures that depend on them may be wrong.",
            "Звіт про портфель перелічує їх у розділі «Діагностика»; залежні від них числа можуть бути хибними."
        )
    }

    /// A trade or a transfer as the list names it: "Sell LTC", "Withdrawal of BSV".
    public func ledgerEvent(trade: Trade) -> String {
        (trade.side == .buy ? self[.buy] : self[.sell]) + " " + trade.asset.rawValue
    }

    public func ledgerEvent(cash: CashTransaction) -> String {
        let what = cash.asset ?? cash.currency
        return switch cash.kind {
        case .deposit: pick("Deposit of \(what)", "Внесок \(what)")
        case .withdrawal: pick("Withdrawal of \(what)", "Виведення \(what)")
        case .dividend: pick("Dividend on \(what)", "Дивіденд на \(what)")
        case .interest: pick("Interest in \(what)", "Відсотки в \(what)")
        case .fee: pick("Fee in \(what)", "Комісія в \(what)")
        case .split: pick("Split of \(what)", "Спліт \(what)")
        }
    }

    /// The holdings table's subtotal of what is held above zero, the whole its shares are of, when a
    /// balance below zero follows it.
    public var heldAboveZero: String { pick("Held (above zero)", "Наявні (понад нуль)") }

    /// The column of the id a broker's export gave a trade or a transfer.
    public var brokersID: String { pick("Broker's id", "Номер у брокера") }
    public var event: String { pick("Event", "Подія") }
    public var day: String { pick("Day", "День") }
}
