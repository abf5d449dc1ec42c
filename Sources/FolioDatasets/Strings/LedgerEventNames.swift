import FolioAnalytics
import FolioCharts
import FolioCore

/// A trade or a transfer of a ledger as a reader can find it: what it was — "Sell LTC", "Withdrawal of
/// BSV", "Exchange 1,173.74 EUR for 1,236.30 USD" — and the id the broker's export gave it, never the
/// database's own. The diagnostics (report, `folio table diagnostics`), the report's trades and the
/// warnings of `folio import` name events through this.
public struct LedgerEventNames: Sendable {
    private let trades: [Int64: Trade]
    private let transfers: [Int64: CashTransaction]
    private let assets: [AssetCode: Asset]
    private let strings: Catalogue

    public init(trades: [Trade], cashTransactions: [CashTransaction], assets: [Asset], strings: Catalogue) {
        self.trades = Dictionary(trades.map { ($0.id, $0) }) { a, _ in a }
        transfers = Dictionary(cashTransactions.map { ($0.id, $0) }) { a, _ in a }
        self.assets = Dictionary(assets.map { ($0.code, $0) }) { a, _ in a }
        self.strings = strings
    }

    /// What `event` was and the broker's id of it (nil when the row had none).
    public func callAsFunction(_ event: LedgerEvent) -> (event: String, id: String?) {
        switch event {
        case let .trade(id):
            guard let t = trades[id] else { return (strings[.trade], nil) }
            return (name(t), t.externalID)
        case let .cashTransaction(id):
            guard let c = transfers[id] else { return (strings[.cashTransaction], nil) }
            return (strings.ledgerEvent(cash: c), c.externalID)
        }
    }

    /// "Buy JNJ", or, for one currency bought with another, the exchange it is.
    public func name(_ t: Trade) -> String {
        guard let exchange = exchange(t) else { return strings.ledgerEvent(trade: t) }
        return strings.exchange(exchange)
    }

    /// A trade of one currency for another as what went out and what came in; nil for any other trade.
    public func exchange(_ t: Trade) -> (gave: String, got: String)? {
        guard isMoney(t.asset), isMoney(t.priceCurrency) else { return nil }
        let units = money(t.quantity, t.asset)
        let paid = money(t.quantity * t.price, t.priceCurrency)
        return t.side == .buy ? (paid, units) : (units, paid)
    }

    /// Whether `code` is money: a currency or a metal as stored, else as Folio knows it.
    private func isMoney(_ code: AssetCode) -> Bool {
        let kind = assets[code]?.kind ?? KnownAssets.kind(of: code)
        return kind == .fiat || kind == .metal
    }

    /// "1,173.74 EUR": an amount with its currency's digits.
    public func money(_ amount: Double, _ code: AssetCode) -> String {
        let digits = assets[code]?.decimals ?? 2
        return NumberFormat(locale: strings.locale, style: .decimal(digits)).string(amount) + "\u{00A0}"
            + code.rawValue
    }
}
