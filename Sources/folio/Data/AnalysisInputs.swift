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

    /// `quotesFor` narrows the quotes as in `MarketInputs.load`; the ledger is always read whole, because
    /// holdings at any day depend on every event before it. The price book comes from `prices` (default: the store).
    static func load(_ store: Store, portfolio name: String, options: MarketOptions,
                     quotesFor range: DayRange? = nil, prices: (any PriceBookSource)? = nil) throws -> PortfolioInputs {
        let ledger = try Ledger.load(store, portfolio: name)
        var options = options
        if options.portfolioAssetsOnly {
            var codes = Set(ledger.trades.flatMap { [$0.asset, $0.priceCurrency, $0.feeCurrency] })
            codes.formUnion(ledger.cashTransactions.map(\.currency))
            codes.insert(ledger.portfolio.baseCurrency)
            options.assets = codes
        }
        return PortfolioInputs(ledger, market: try MarketInputs.load(prices ?? store, options: options, range: range))
    }

    init(_ ledger: Ledger, market: MarketInputs) {
        self.init(portfolio: ledger.portfolio, trades: ledger.trades, cashTransactions: ledger.cashTransactions,
                  replay: ledger.replay, market: market)
    }

    init(portfolio: Portfolio, trades: [Trade], cashTransactions: [CashTransaction], replay: HoldingsReplay,
         market: MarketInputs) {
        self.portfolio = portfolio; self.trades = trades; self.cashTransactions = cashTransactions
        self.replay = replay; self.market = market
    }

    /// A portfolio's rows and their replay without any quotes: enough to know what it held when, so
    /// that a caller can choose the days (and so the quotes) it needs before loading them.
    struct Ledger {
        let portfolio: Portfolio
        let trades: [Trade]
        let cashTransactions: [CashTransaction]
        let replay: HoldingsReplay

        static func load(_ store: Store, portfolio name: String) throws -> Ledger {
            let portfolio = try store.portfolio(named: name)
            let trades = try store.trades(portfolio: portfolio)
            let cash = try store.cashTransactions(portfolio: portfolio)
            return Ledger(portfolio: portfolio, trades: trades, cashTransactions: cash,
                          replay: HoldingsReplay(trades: trades, cashTransactions: cash))
        }

        /// The day of the last trade or completed cash transaction (a failed transfer is not data).
        var lastEventDay: Day? {
            [trades.last?.time, replay.cashTransactions.last?.time].compactMap { $0 }.max().map { Day($0) }
        }
    }
}

/// Every quote in the database as a price book, with rates that pick markets by preference and refuse
/// stale quotes. Loading everything keeps cross rates complete (any pivot can be used); a database of
/// a few million quotes still loads in well under a second.
struct MarketInputs {
    let assets: [Asset]
    let book: PriceBook
    let rates: CrossRates

    /// With a `range`, only quotes from the staleness limit before its first day to the end of its last
    /// day are read, of every asset (so every pivot stays available): values and prices inside the range
    /// come out the same as with every quote, at a fraction of the reading time. A chart is drawn in one
    /// process start, where reading every quote would take most of its time budget.
    static func load(_ prices: any PriceBookSource, options: MarketOptions, range: DayRange? = nil) throws -> MarketInputs {
        let assets = try prices.assets()
        let codes = options.assets.map { wanted in
            assets.filter { wanted.contains($0.code) || $0.kind == .fiat || $0.kind == .metal }.map(\.code)
        } ?? assets.map(\.code)
        let staleness = options.stalenessDays * 86_400
        let book = if let range {
            try prices.book(from: range.from.start.addingTimeInterval(-staleness), through: range.to.end).restricted(to: Set(codes))
        } else {
            try prices.book(of: codes)
        }
        var preference = MarketPreference(assets: assets)
        if let market = options.market { preference.first = [market] }
        return MarketInputs(assets: assets, book: book,
                            rates: CrossRates(book: book, preference: preference, stalenessLimit: staleness))
    }

    /// The `source` of the loaded quotes of `asset` (`nbu`, `stock-csv`…), for a chart's source line.
    func sources(of asset: AssetCode) -> Set<String> { book.sources(of: asset) }

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
