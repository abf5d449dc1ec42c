import FolioAnalytics
import FolioCore
import Foundation

/// Rates of currencies in the report currency, one row per market a currency is quoted on: the NBU's
/// official rate, interbank, banks' cards and cash desks (a row per bank: the quote's source names it),
/// bank averages. What a person checking where to change money compares: buy and sell, the spread
/// between them, the change over one day, the best buy and best sell of each currency, and the last
/// 7 days of each row.
struct RatesByMarket: Sendable {
    /// Where a rate is offered: a market, and on banks' markets the bank.
    struct Venue: Hashable, Comparable, Sendable {
        var market: Market
        var bank: String?

        /// Official first, then the wholesale and average rates, then what a person is offered.
        static let order: [Market] = [.nbu, .interbank, .bankAverage, .card, .cash]

        static func < (a: Venue, b: Venue) -> Bool {
            func rank(_ m: Market) -> Int { order.firstIndex(of: m) ?? order.count }
            return (rank(a.market), a.market.rawValue, a.bank ?? "") < (rank(b.market), b.market.rawValue, b.bank ?? "")
        }
    }

    struct Row: Sendable {
        var currency: AssetCode
        var venue: Venue
        var latest: Quote
        /// The quote at the start of the day's window (`ChangeWindow`, 1 day); nil when none is that old.
        var dayBase: TimedValue?
        /// The 7-day window's points (`ChangeWindow`, 7 days), for the chart.
        var week: [TimedValue]
        var isBestBuy = false
        var isBestSell = false

        var spread: Double? { latest.bid.flatMap { bid in latest.ask.map { $0 - bid } } }
        var dayChange: Double? { dayBase.map { latest.price - $0.value } }
        var dayChangeFraction: Double? {
            dayBase.flatMap { $0.value != 0 ? (latest.price - $0.value) / $0.value : nil }
        }
    }

    /// Markets whose rows are per bank: banks' own rates, told apart by the quote's source.
    static let bankMarkets: Set<Market> = [.card, .cash]

    let rows: [Row]

    /// `quotes`: rates of currencies in the report currency up to the end of `asOf`, with sources.
    init(quotes: [Quote], asOf: Day) {
        struct Key: Hashable {
            var currency: AssetCode
            var venue: Venue
        }
        var series: [Key: [Quote]] = [:]
        for q in quotes where q.time <= asOf.end {
            let venue = Venue(market: q.market, bank: Self.bankMarkets.contains(q.market) ? q.source : nil)
            series[Key(currency: q.asset, venue: venue), default: []].append(q)
        }
        var rows: [Row] = series.compactMap { key, quotes in
            let sorted = quotes.sorted { $0.time < $1.time }
            guard let latest = sorted.last else { return nil }
            let points = sorted.map { TimedValue(time: $0.time, value: $0.price) }
            // A change over a day needs a quote a day old: two fetches on as-of day are no 1-day change.
            let day = ChangeWindow.points(points, days: 1, endingAt: asOf)
            let base = day.count > 1 && day[0].time <= asOf.end.addingTimeInterval(-86_400) ? day[0] : nil
            return Row(
                currency: key.currency,
                venue: key.venue,
                latest: latest,
                dayBase: base,
                week: ChangeWindow.points(points, days: 7, endingAt: asOf)
            )
        }
        rows.sort {
            (Self.rank($0.currency), $0.currency.rawValue, $0.venue) < (
                Self.rank($1.currency), $1.currency.rawValue, $1.venue
            )
        }
        // The best buy is the most a bank pays for the currency, the best sell the least it asks: among
        // the offers a person can take (banks' card and cash rates, not interbank or averages), quoted on
        // as-of day or the day before (a bank that stopped quoting is no offer), and only where there is
        // a choice (two rows or more with the figure).
        let current = asOf.advanced(by: -1).start
        for currency in Set(rows.map(\.currency)) {
            let mine = rows.indices.filter {
                rows[$0].currency == currency && Self.bankMarkets.contains(rows[$0].venue.market)
                    && rows[$0].latest.time >= current
            }
            let bids = mine.filter { rows[$0].latest.bid != nil }
            let asks = mine.filter { rows[$0].latest.ask != nil }
            if bids.count > 1, let best = bids.compactMap({ rows[$0].latest.bid }).max() {
                for i in bids where rows[i].latest.bid == best { rows[i].isBestBuy = true }
            }
            if asks.count > 1, let best = asks.compactMap({ rows[$0].latest.ask }).min() {
                for i in asks where rows[i].latest.ask == best { rows[i].isBestSell = true }
            }
        }
        self.rows = rows
    }

    /// The currencies people in Ukraine change most come first, the others in code order.
    static let first: [AssetCode] = ["USD", "EUR"]
    static func rank(_ currency: AssetCode) -> Int { first.firstIndex(of: currency) ?? first.count }

    /// The currencies, in the rows' order.
    var currencies: [AssetCode] {
        var seen = Set<AssetCode>()
        return rows.map(\.currency).filter { seen.insert($0).inserted }
    }

    func rows(of currency: AssetCode) -> [Row] { rows.filter { $0.currency == currency } }

    /// Whether any row has a buy or sell to mark.
    var hasBuyAndSell: Bool { rows.contains { $0.isBestBuy || $0.isBestSell } }
}
