import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

/// The valuation book (each day's last quote, and the quotes at the ledger's moments on days with
/// several) answers every lookup a day-end value or an event makes as the whole history does.
@Suite struct ValuationBookTests {
    /// March 1–20, 2024: USD/UAH once a day; AAPL every 30 minutes 14:30–21:00, with a bad last price
    /// on the 7th that the book skips; BTC once every third day.
    private static func marchWithIntradayQuotes() throws -> TemporaryStore {
        let store = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n"
        for day in 1...20 {
            let d = String(format: "2024-03-%02d", day)
            quotes += "\(d),USD,UAH,\(38 + Double(day) / 10),nbu,nbu\n"
            for k in 0...13 {
                let minutes = 14 * 60 + 30 + 30 * k
                if k == 13 && day == 7 { continue }  // the bad price, written below
                quotes += String(
                    format: "\(d)T%02d:%02d:00Z,AAPL,USD,\(180 + Double(day) + Double(k) / 100),exchange,intraday\n",
                    minutes / 60,
                    minutes % 60
                )
            }
            if day % 3 == 0 { quotes += "\(d)T12:00:00Z,BTC,USD,\(60_000 + day),exchange,coins\n" }
        }
        try store.importText(quotes, as: .quotes)
        // No import takes a price below zero any more, but a database written before may hold one.
        let bad = Int64(t("2024-03-07T21:00").timeIntervalSince1970 * 1000)
        try store.insertUncheckedQuote(
            "AAPL",
            in: "USD",
            market: .exchange,
            milliseconds: bad,
            price: -1,
            source: "intraday"
        )
        return store
    }

    @Test func dayEndsAndEventsSeeTheQuotesOfTheWholeHistory() throws {
        let store = try Self.marchWithIntradayQuotes()
        let events = [
            "2024-03-04T15:10", "2024-03-07T20:59", "2024-03-07T21:30", "2024-03-09T02:00", "2024-03-12T14:30",
            "2024-03-15T16:45:30", "2024-03-25T10:00",
        ].map { t($0) }
        let whole = try MarketInputs.load(store.store, options: MarketOptions()).book
        let valuation = try MarketInputs.load(store.store, options: MarketOptions(), valuingAt: events).book
        let dayEnds = (0...26).map { Day(year: 2024, month: 3, day: 1)!.advanced(by: $0 - 1).end }
        var asked = 0
        for pair in whole.pairs {
            for market in whole.markets(for: pair) {
                for time in dayEnds + events {
                    #expect(
                        valuation.last(pair, market: market, atOrBefore: time)
                            == whole.last(pair, market: market, atOrBefore: time),
                        "\(pair) \(market) \(time)"
                    )
                    asked += 1
                }
            }
        }
        #expect(asked == 3 * 34)
        // One quote per day of the intraday series, and the one at an event on a busy day when it is not
        // that day's close: 15:00 on the 4th, 14:30 on the 12th, 16:30 on the 15th (on the 7th 20:30 is
        // the close, the 21:00 price being bad; the 9th at 02:00 is the 8th's close).
        let aapl = valuation.points(
            CurrencyPair("AAPL", "USD"),
            market: .exchange,
            from: t("2024-03-01"),
            through: t("2024-03-31")
        )
        #expect(aapl.count == 20 + 3)

        // A batch cuts the same book from its cache of every quote: the same answers, window included.
        let window = (from: t("2024-03-08T12:00"), through: t("2024-03-12T23:59"))
        let cache = try #require(try PriceCache(store.store))
        let fromStore = try store.store.valuationBook(of: nil, at: events, from: nil, window: window)
        let fromCache = cache.valuationBook(of: nil, at: events, from: nil, window: window)
        for pair in whole.pairs {
            for market in whole.markets(for: pair) {
                #expect(
                    fromStore.points(pair, market: market, from: .distantPast, through: .distantFuture)
                        == fromCache.points(pair, market: market, from: .distantPast, through: .distantFuture),
                    "\(pair) \(market)"
                )
                #expect(fromStore.sources(of: pair.asset) == fromCache.sources(of: pair.asset))
            }
        }
        // Inside the window every quote is there: the 8th from 14:30 (after the 12:00 start), 9th–12th whole.
        let windowed = fromStore.points(
            CurrencyPair("AAPL", "USD"),
            market: .exchange,
            from: window.from,
            through: window.through
        )
        #expect(windowed.count == 14 * 5)
    }

    /// From a first day on (a chart's days): day ends from that day and every event, early ones included,
    /// answer as the whole history does, and the store and a batch's cache give the same book.
    @Test func fromAFirstDayTheDaysAndEveryEventAnswerAsTheWholeHistory() throws {
        let store = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n"
        for day in 1...20 {
            let d = String(format: "2024-03-%02d", day)
            quotes += "\(d),USD,UAH,\(38 + Double(day) / 10),nbu,nbu\n"
            // No AAPL quote on the 4th: a trade that day takes the 3rd's close.
            for k in 0...5 where day != 4 {
                quotes += String(
                    format: "\(d)T%02d:00:00Z,AAPL,USD,\(180 + Double(day) + Double(k) / 100),exchange,intraday\n",
                    14 + k
                )
            }
        }
        try store.importText(quotes, as: .quotes)
        // Trades before the first day (before any quote, between quotes, on a day without AAPL quotes,
        // before a day's first quote), one on a busy day inside, one between quotes of the first day.
        let events = [
            "2024-02-28T12:00", "2024-03-02T15:30", "2024-03-04T16:00", "2024-03-05T03:00", "2024-03-10T15:30",
            "2024-03-15T16:10", "2024-03-18T10:00",
        ].map { t($0) }
        let start = t("2024-03-10T12:00")
        let whole = try MarketInputs.load(store.store, options: MarketOptions()).book
        let ranged = try MarketInputs.load(store.store, options: MarketOptions(), valuingAt: events, from: start).book
        let dayEnds = (9...22).map { Day(year: 2024, month: 3, day: $0)!.end }
        for pair in whole.pairs {
            for market in whole.markets(for: pair) {
                for time in dayEnds + events {
                    #expect(
                        ranged.last(pair, market: market, atOrBefore: time)
                            == whole.last(pair, market: market, atOrBefore: time),
                        "\(pair) \(market) \(time)"
                    )
                }
            }
        }
        // AAPL: the 9th's close, a close a day from the 10th, the quotes of the early trades (15:00 on the
        // 2nd, the 3rd's close twice: on the 4th and before the 5th's first quote) and those of the busy
        // 10th and 15th (the 18th's is the 17th's close).
        let aapl = ranged.points(
            CurrencyPair("AAPL", "USD"),
            market: .exchange,
            from: .distantPast,
            through: .distantFuture
        )
        #expect(aapl.count == 1 + 11 + 2 + 2)
        let cache = try #require(try PriceCache(store.store))
        let fromCache = cache.valuationBook(of: nil, at: events, from: start, window: nil)
        for pair in whole.pairs {
            for market in whole.markets(for: pair) {
                #expect(
                    ranged.points(pair, market: market, from: .distantPast, through: .distantFuture)
                        == fromCache.points(pair, market: market, from: .distantPast, through: .distantFuture),
                    "\(pair) \(market)"
                )
            }
        }
    }

    /// Holdings and allocation value at one instant from each series' last quote at or before it: the
    /// answers of the whole history there, bad prices skipped, from the store and from a batch's cache.
    @Test func aValueAtOneInstantSeesTheQuotesOfTheWholeHistory() throws {
        let store = try Self.marchWithIntradayQuotes()
        let whole = try MarketInputs.load(store.store, options: MarketOptions()).book
        let cache = try #require(try PriceCache(store.store))
        var asked = 0
        // Before any quote, before a day's first quote, between quotes, after the 7th's bad last price, at
        // a midnight, on a day without BTC, after the last quote.
        for time in [
            t("2024-02-28"), t("2024-03-07T13:00"), t("2024-03-07T15:31"), t("2024-03-07T23:59:59"),
            t("2024-03-09T00:00"), t("2024-03-20T15:30"), t("2024-04-01"),
        ] {
            let fromStore = try MarketInputs.load(store.store, options: MarketOptions(), at: time).book
            let fromCache = try MarketInputs.load(cache, options: MarketOptions(), at: time).book
            for pair in whole.pairs {
                for market in whole.markets(for: pair) {
                    let answer = whole.last(pair, market: market, atOrBefore: time)
                    #expect(
                        fromStore.last(pair, market: market, atOrBefore: time) == answer,
                        "\(pair) \(market) \(time)"
                    )
                    #expect(
                        fromCache.last(pair, market: market, atOrBefore: time) == answer,
                        "\(pair) \(market) \(time)"
                    )
                    // One quote per series at most: the instant's answer.
                    #expect(
                        fromStore.points(pair, market: market, from: .distantPast, through: .distantFuture).count
                            == (answer == nil ? 0 : 1)
                    )
                    asked += 1
                }
            }
        }
        #expect(asked == 7 * 3)
    }
}
