import FolioAnalytics
import FolioCore
import FolioStore
import Foundation

/// Quotes as a price book, with rates that pick markets by preference and refuse stale quotes: the
/// one place where database rows become what the analytics read.
public struct MarketInputs: Sendable {
    public let assets: [Asset]
    public let book: PriceBook
    public let rates: CrossRates

    public init(assets: [Asset], book: PriceBook, rates: CrossRates) {
        self.assets = assets
        self.book = book
        self.rates = rates
    }

    /// Without a `range`, every quote of the chosen assets. With one, only quotes from the staleness
    /// limit before its first day to the end of its last day, of every asset (so every pivot stays
    /// available): values and prices inside the range come out the same as with every quote, at a
    /// fraction of the reading time. A chart is drawn in one process start, where reading every quote
    /// would take most of its time budget.
    public static func load(
        _ prices: any PriceBookSource,
        options: MarketOptions,
        range: DayRange? = nil
    ) throws -> MarketInputs {
        let assets = try prices.assets()
        let codes = chosen(assets, options).map(Array.init) ?? assets.map(\.code)
        let staleness = options.stalenessDays * 86_400
        let book =
            if let range {
                try prices.book(from: range.from.start.addingTimeInterval(-staleness), through: range.to.end)
                    .restricted(to: Set(codes))
            } else {
                try prices.book(of: codes)
            }
        return MarketInputs(assets: assets, book: book, options: options)
    }

    /// The market of a value at one instant (holdings, allocation): each series' last quote at or
    /// before it, which is all its lookups read, whatever the staleness limit or the quotes a day holds.
    public static func load(_ prices: any PriceBookSource, options: MarketOptions, at time: Date) throws -> MarketInputs
    {
        let assets = try prices.assets()
        let all = try prices.book(atOrBefore: time)
        return MarketInputs(
            assets: assets,
            book: chosen(assets, options).map { all.restricted(to: $0) } ?? all,
            options: options
        )
    }

    /// The assets `options` asks for with every currency and metal (the pivots of their conversions);
    /// nil: every asset.
    private static func chosen(_ assets: [Asset], _ options: MarketOptions) -> Set<AssetCode>? {
        options.assets.map { wanted in
            Set(assets.filter { wanted.contains($0.code) || $0.kind == .fiat || $0.kind == .metal }.map(\.code))
        }
    }

    /// The market of `book`, with rates that prefer `options.market` and refuse quotes older than its limit.
    init(assets: [Asset], book: PriceBook, options: MarketOptions) {
        var preference = MarketPreference(assets: assets)
        if let market = options.market { preference.first = [market] }
        self.init(
            assets: assets,
            book: book,
            rates: CrossRates(book: book, preference: preference, stalenessLimit: options.stalenessDays * 86_400)
        )
    }

    /// The quotes a valuation over time needs (`PriceBook.valuation`): each day's last quote of every
    /// series of the chosen assets (from `start` on, with the last one before it), the quotes at `times`
    /// on days with several (or before `start`), and every quote of `window`. Values at day ends,
    /// conversions at `times` and everything inside `window` are those of the whole history, at a
    /// fraction of its memory.
    public static func load(
        _ prices: any PriceBookSource,
        options: MarketOptions,
        valuingAt times: [Date],
        from start: Date? = nil,
        window: (from: Date, through: Date)? = nil
    ) throws -> MarketInputs {
        let assets = try prices.assets()
        return MarketInputs(
            assets: assets,
            book: try prices.valuationBook(of: chosen(assets, options), at: times, from: start, window: window),
            options: options
        )
    }

    /// The `source` of the loaded quotes of `asset` (`nbu`, `stock-csv`…), for a chart's source line.
    public func sources(of asset: AssetCode) -> Set<String> { book.sources(of: asset) }

    public func asset(_ code: AssetCode) -> Asset? { assets.first { $0.code == code } }

    /// The currency `asset` is quoted in (its first quoted pair, in code order), for prices shown
    /// without a portfolio; a currency quoted only against others (`UAH`) falls back to the inverse.
    public func quoteCurrency(of asset: AssetCode) -> AssetCode? {
        book.pairs.first { $0.asset == asset }?.currency ?? book.pairs.first { $0.currency == asset }?.asset
    }

    /// The newest instant at which every quote on the way from `from` to `to` exists (see
    /// `AsOf.lastQuote`).
    public func lastQuote(from: AssetCode, to: AssetCode) -> Date? { AsOf.lastQuote(from: from, to: to, rates: rates) }
}

/// How quotes are chosen: a preferred market and how old a quote may be before a value is missing.
public struct MarketOptions: Sendable {
    public var market: Market?
    public var stalenessDays: Double = 7
    /// Quotes of only these assets and of every currency and metal (the pivots cross rates go through);
    /// nil = every quote.
    public var assets: Set<AssetCode>?

    public init(market: Market? = nil, stalenessDays: Double = 7, assets: Set<AssetCode>? = nil) {
        self.market = market
        self.stalenessDays = stalenessDays
        self.assets = assets
    }
}
