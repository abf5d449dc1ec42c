import FolioAnalytics
import FolioCore
import FolioStore
import Foundation

/// What the analytics module needs, read from the store once per command: a portfolio's trades and
/// cash transactions replayed, and a price book with cross rates over every quote that can value them.
/// The composition root's one place that turns database rows into analytics inputs.
struct PortfolioInputs {
    let portfolio: Portfolio
    let trades: [Trade]
    let cashTransactions: [CashTransaction]
    let replay: HoldingsReplay
    let market: MarketInputs

    /// Assets the portfolio ever held or paid with, the base currency excluded.
    var assets: [AssetCode] {
        var codes = Set(trades.flatMap { [$0.asset, $0.priceCurrency, $0.feeCurrency] })
        codes.formUnion(cashTransactions.map(\.currency))
        codes.remove(portfolio.baseCurrency)
        return codes.sorted()
    }

    static func load(_ store: Store, portfolio name: String, options: MarketOptions) throws -> PortfolioInputs {
        let portfolio = try store.portfolio(named: name)
        let trades = try store.trades(portfolio: portfolio)
        let cash = try store.cashTransactions(portfolio: portfolio)
        var options = options
        if options.portfolioAssetsOnly {
            var codes = Set(trades.flatMap { [$0.asset, $0.priceCurrency, $0.feeCurrency] })
            codes.formUnion(cash.map(\.currency))
            codes.insert(portfolio.baseCurrency)
            options.assets = codes
        }
        return PortfolioInputs(
            portfolio: portfolio, trades: trades, cashTransactions: cash,
            replay: HoldingsReplay(trades: trades, cashTransactions: cash),
            market: try MarketInputs.load(store, options: options)
        )
    }
}

/// Every quote in the database as a price book, with rates that pick markets by preference and refuse
/// stale quotes. Loading everything keeps cross rates complete (any pivot can be used); a database of
/// a few million quotes still loads in well under a second.
struct MarketInputs {
    let assets: [Asset]
    let book: PriceBook
    let rates: CrossRates

    static func load(_ store: Store, options: MarketOptions) throws -> MarketInputs {
        let assets = try store.assets()
        let codes = options.assets.map { wanted in
            assets.filter { wanted.contains($0.code) || $0.kind == .fiat || $0.kind == .metal }.map(\.code)
        } ?? assets.map(\.code)
        let book = PriceBook(try store.quotes(assets: codes))
        var preference = MarketPreference(assets: assets)
        if let market = options.market { preference.first = [market] }
        return MarketInputs(
            assets: assets, book: book,
            rates: CrossRates(book: book, preference: preference, stalenessLimit: options.stalenessDays * 86_400)
        )
    }

    func asset(_ code: AssetCode) -> Asset? { assets.first { $0.code == code } }
}

/// How quotes are chosen: a preferred market and how old a quote may be before a value is missing.
struct MarketOptions {
    var market: Market?
    var stalenessDays: Double = 7
    /// Quotes of only these assets and of every currency and metal (the pivots cross rates go through);
    /// nil = every quote.
    var assets: Set<AssetCode>?
    /// Sets `assets` to what the portfolio touches: a report on one portfolio need not read another's
    /// coins (in the sample database, two thirds of the quotes).
    var portfolioAssetsOnly = false
}
