import FolioAnalytics
import FolioCore
import FolioStore
import Foundation

extension TaxYear {
    /// The tax year `year` of a portfolio, from the store: its trades and cash transactions, the kind of
    /// every asset, and the NBU rates of the currencies it traded, paid fees and received income in, up to
    /// the year's end. No other market's quotes are read: the tax view converts at NBU rates alone.
    public static func load(_ store: Store, ledger: PortfolioLedger, year: Int, rates: TaxRates) throws -> TaxYear {
        let inputs = try TaxInputs.load(store, ledger: ledger, through: Day(year: year, month: 12, day: 31)?.end)
        return try TaxYear(
            year: year,
            trades: ledger.trades,
            cashTransactions: ledger.cashTransactions,
            kinds: inputs.kinds,
            official: inputs.official,
            rates: rates
        )
    }
}

/// What the tax view reads beside a ledger: every asset's kind, and the NBU rates of the currencies the
/// ledger (and `more`) traded, paid fees and received income in, up to `end`.
struct TaxInputs {
    let kinds: [AssetCode: AssetKind]
    let official: OfficialRates

    static func load(
        _ store: Store,
        ledger: PortfolioLedger,
        more: Set<AssetCode> = [],
        through end: Date?
    ) throws -> TaxInputs {
        let kinds = Dictionary(try store.assets().map { ($0.code, $0.kind) }, uniquingKeysWith: { a, _ in a })
        var currencies = Set(ledger.trades.flatMap { [$0.priceCurrency, $0.feeCurrency] }).union(more)
        currencies.formUnion(
            ledger.cashTransactions.filter { $0.kind == .dividend || $0.kind == .interest }.map(\.currency)
        )
        let quotes = try currencies.filter { $0 != .uah && kinds[$0] == .fiat }.sorted().flatMap { code in
            try store.quotes(asset: code, currency: .uah, market: .nbu, to: end)
        }
        return TaxInputs(kinds: kinds, official: OfficialRates(quotes: quotes))
    }
}
