import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

/// What the market report needs: every quote as a price book, rates over it, the asset catalogue, the
/// currency fiat rates are shown in, and the day.
public struct MarketReportInput: Sendable {
    public var book: PriceBook
    public var rates: CrossRates
    public var assets: [Asset]
    /// The currency rates are quoted in (UAH for the NBU and Ukrainian banks).
    public var currency: AssetCode
    public var asOf: Day
    /// The real time the report is made (`ReportStamp`); nil keeps the output reproducible.
    public var generated: Date?
    /// Rates of every currency in `currency` on every market, from `rateLookbackDays` before
    /// as-of to its end, with their sources (on banks' markets the source names the bank, which the price
    /// book does not keep).
    public var rateQuotes: [Quote]
    /// Figures that are not prices: the crypto market's cap, volume and dominance, coins' market caps.
    public var statistics: [MarketStatistic]

    public init(
        book: PriceBook,
        rates: CrossRates,
        assets: [Asset],
        currency: AssetCode,
        asOf: Day,
        generated: Date? = nil,
        rateQuotes: [Quote] = [],
        statistics: [MarketStatistic] = []
    ) {
        self.book = book
        self.rates = rates
        self.assets = assets
        self.currency = currency
        self.asOf = asOf
        self.generated = generated
        self.rateQuotes = rateQuotes
        self.statistics = statistics
    }

    /// Rates are read from this many days before as-of: the 7-day window needs the last quote at or
    /// before its start, which a rate published on weekdays only leaves a few days earlier.
    public static let rateLookbackDays = 14

    /// The last day with any quote in `currency`: the natural "as of" for a database that stopped fetching.
    public static func lastQuotedDay(book: PriceBook, currency: AssetCode) -> Day? {
        var latest: Day?
        for pair in book.pairs where pair.currency == currency {
            for market in book.markets(for: pair) {
                if let p = book.last(pair, market: market, atOrBefore: .distantFuture) {
                    latest = max(latest ?? Day(p.time), Day(p.time))
                }
            }
        }
        return latest
    }
}

/// The currency and crypto market report: rates by market with buy, sell, spread and the change over a
/// day, 7-day lines of each currency's markets, a converter table, and the crypto coins with their changes.
public struct MarketReportData: Sendable {
    public let input: MarketReportInput
    public let locale: ChartLocale
    let strings: Catalogue
    let fiatRates: RatesByMarket

    public init(_ input: MarketReportInput, locale: ChartLocale) {
        self.input = input
        self.locale = locale
        self.strings = Catalogue.for(locale)
        let fiat = Set(input.assets.filter { $0.kind == .fiat }.map(\.code))
        self.fiatRates = RatesByMarket(
            quotes: input.rateQuotes.filter { $0.currency == input.currency && fiat.contains($0.asset) },
            asOf: input.asOf
        )
    }

    func kind(_ code: AssetCode) -> AssetKind { input.rates.preference.kind(of: code) }

    /// A quote and the one of the day before it, on one market.
    struct Latest {
        var pair: CurrencyPair
        var market: Market
        var point: PricePoint
        var previous: PricePoint?
        var change: Double? { previous.map { point.price - $0.price } }
        var changeFraction: Double? { previous.flatMap { $0.price != 0 ? (point.price - $0.price) / $0.price : nil } }
    }

    func latest(_ pair: CurrencyPair, _ market: Market, at day: Day) -> Latest? {
        guard let p = input.book.last(pair, market: market, atOrBefore: day.end) else { return nil }
        let before = input.book.last(pair, market: market, atOrBefore: Day(p.time).start.addingTimeInterval(-0.001))
        return Latest(pair: pair, market: market, point: p, previous: before)
    }

    var coinPairs: [CurrencyPair] { input.book.pairs.filter { $0.currency == "USD" && kind($0.asset) == .crypto } }

    /// The last day with a coin quote on or before as-of: crypto and fiat quotes may stop on different
    /// days, and a week of coins ending at a day without quotes would show nothing.
    var cryptoDay: Day {
        var latest: Day?
        for pair in coinPairs {
            for market in input.book.markets(for: pair) {
                if let p = input.book.last(pair, market: market, atOrBefore: input.asOf.end) {
                    latest = max(latest ?? Day(p.time), Day(p.time))
                }
            }
        }
        return latest ?? input.asOf
    }

    /// The newest value of a statistic at or before the end of as-of.
    func statistic(_ subject: String, _ name: MarketStatistic.Name) -> MarketStatistic? {
        input.statistics.filter { $0.subject == subject && $0.name == name && $0.time <= input.asOf.end }.max {
            $0.time < $1.time
        }
    }

    /// Coins quoted in USD, the largest market cap first when caps were fetched, else the highest price.
    var coins: [Latest] {
        let day = cryptoDay
        func rank(_ l: Latest) -> Double {
            statistic(l.pair.asset.rawValue, .marketCap)?.value ?? -1 / max(l.point.price, 1e-12)
        }
        return coinPairs.compactMap { pair in
            input.book.markets(for: pair).sorted().lazy.compactMap { latest(pair, $0, at: day) }.first
        }.sorted { (rank($0), $1.pair.asset.rawValue) > (rank($1), $0.pair.asset.rawValue) }
    }
}
