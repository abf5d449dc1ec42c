import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// NBU and cash USD/UAH, NBU EUR/UAH, an exchange AAPL/USD: enough for direct, inverted and pivoted rates.
let sampleQuotes = [
    q("USD", "UAH", .nbu, "2024-03-01T00:00", 38.0),
    q("USD", "UAH", .nbu, "2024-03-04T00:00", 38.5),
    q("USD", "UAH", .cash, "2024-03-01T00:00", 38.2, bid: 38.0, ask: 38.4),
    q("USD", "UAH", .cash, "2024-03-10T00:00", 39.0, bid: 38.8, ask: 39.2),
    q("EUR", "UAH", .nbu, "2024-03-01T00:00", 41.0),
    q("AAPL", "USD", .exchange, "2024-03-01T21:00", 180),
]

@Suite("Price book and cross rates")
struct CrossRatesTests {
    let rates = CrossRates(book: PriceBook(sampleQuotes))

    func value(_ from: AssetCode, _ to: AssetCode, _ time: String, side: QuoteSide = .mid) -> Double? {
        try? rates.rate(from: from, to: to, at: t(time), side: side).get().value
    }

    @Test func lastQuoteAtOrBefore() {
        let book = PriceBook(sampleQuotes)
        let pair = CurrencyPair("USD", "UAH")
        #expect(book.last(pair, market: .nbu, atOrBefore: t("2024-02-29T23:59")) == nil)
        #expect(book.last(pair, market: .nbu, atOrBefore: t("2024-03-01T00:00"))?.price == 38.0)
        #expect(book.last(pair, market: .nbu, atOrBefore: t("2024-03-03T23:59"))?.price == 38.0)
        #expect(book.last(pair, market: .nbu, atOrBefore: t("2024-03-04T00:00"))?.price == 38.5)
        #expect(book.last(pair, market: .nbu, atOrBefore: t("2030-01-01T00:00"))?.price == 38.5)
        #expect(book.markets(for: pair) == [.cash, .nbu])
    }

    @Test func laterDuplicateWinsAndBadPricesAreIgnored() {
        let book = PriceBook([
            q("BTC", "USD", .exchange, "2024-01-01", 1), q("BTC", "USD", .exchange, "2024-01-01", 2),
            q("BTC", "USD", .exchange, "2024-01-02", 0),
        ])
        #expect(book.last(CurrencyPair("BTC", "USD"), market: .exchange, atOrBefore: t("2024-01-05"))?.price == 2)
    }

    @Test func directInvertedAndPivotedRates() {
        #expect(value("USD", "UAH", "2024-03-02T12:00") == 38.0)  // NBU before cash for USD/UAH
        #expect(value("UAH", "USD", "2024-03-02T12:00") == 1 / 38.0)
        #expect(value("AAPL", "UAH", "2024-03-02T12:00") == 180 * 38.0)
        #expect(value("AAPL", "UAH", "2024-03-05T12:00") == 180 * 38.5)
        #expect(value("EUR", "USD", "2024-03-02T12:00") == 41.0 * (1 / 38.0))
        #expect(value("AAPL", "EUR", "2024-03-02T12:00") == 180 * 38.0 * (1 / 41.0))
        #expect(value("UAH", "UAH", "2000-01-01T00:00") == 1)
        let route = rates.route(from: "AAPL", to: "EUR")!
        #expect(route.legs.map(\.pair.description) == ["AAPL/USD", "USD/UAH", "EUR/UAH"])
        #expect(route.legs.map(\.inverted) == [false, false, true])
    }

    /// A bank's EUR/USD card rate fetched from some day on is the direct pair from then, but before it
    /// EUR in USD is still the cross through the hryvnia, in rates, conversions, price histories and the
    /// last quoted instant.
    @Test func aPairQuotedOnlyLatelyFallsBackToTheCrossBeforeIt() throws {
        let book = PriceBook(sampleQuotes + [q("EUR", "USD", .card, "2024-03-06T09:00", 1.09, bid: 1.08, ask: 1.10)])
        let rates = CrossRates(
            book: book,
            preference: MarketPreference(assets: ["EUR", "USD", "UAH"].map { Asset(code: AssetCode($0), kind: .fiat) })
        )
        let route = try #require(rates.route(from: "EUR", to: "USD"))
        #expect(route.legs.map(\.pair.description) == ["EUR/USD"])
        #expect(route.alternatives.map { $0.map(\.pair.description) } == [["EUR/UAH", "USD/UAH"]])
        #expect(try rates.rate(from: "EUR", to: "USD", at: t("2024-03-02T12:00")).get().value == 41.0 / 38.0)
        #expect(try rates.convert(100, along: route, at: t("2024-03-05T12:00")).get() == 100 * 41.0 / 38.5)
        #expect(try rates.rate(from: "EUR", to: "USD", at: t("2024-03-06T12:00")).get().value == 1.09)
        let history = try PriceHistory(
            of: "EUR",
            in: "USD",
            range: try DayRange(from: Day(year: 2024, month: 3, day: 1)!, to: Day(year: 2024, month: 3, day: 6)!),
            rates: rates
        )
        #expect(history.points.first?.value == 41.0 / 38.0)
        // Before any quote of either chain the shortest chain's gap is the one reported.
        guard case let .failure(missing) = rates.rate(from: "EUR", to: "USD", at: t("2024-02-01T00:00")) else {
            Issue.record("a rate before any quote")
            return
        }
        #expect(missing.pair == CurrencyPair("EUR", "USD"))
    }

    /// A stock priced in dollars, valued in euros, falls back as the dollar does: before the EUR/USD card
    /// rate exists, AAPL → USD → EUR is AAPL → USD → UAH → EUR (a EUR portfolio of US stocks had every
    /// figure of its attribution undefined while its holdings were valued). The cross is said once.
    @Test func aStockFallsBackAsItsCurrencyDoes() throws {
        let book = PriceBook(sampleQuotes + [q("EUR", "USD", .card, "2024-03-06T09:00", 1.09, bid: 1.08, ask: 1.10)])
        let rates = CrossRates(
            book: book,
            preference: MarketPreference(assets: ["EUR", "USD", "UAH"].map { Asset(code: AssetCode($0), kind: .fiat) })
        )
        let route = try #require(rates.route(from: "AAPL", to: "EUR"))
        #expect(route.legs.map(\.pair.description) == ["AAPL/USD", "EUR/USD"])
        #expect(route.alternatives.map { $0.map(\.pair.description) }.contains(["AAPL/USD", "USD/UAH", "EUR/UAH"]))
        let value = try rates.convert(10, along: route, at: t("2024-03-02T12:00")).get()
        #expect(abs(value - 10 * 180 * 38.0 / 41.0) < 1e-9)
        _ = try rates.convert(10, along: route, at: t("2024-03-03T12:00")).get()
        // The list is the process's (tests run side by side): this cross is in it, once.
        let line =
            "EUR/USD (card) has no quote within 7 days at some dates; there the cross through USD/UAH (nbu) and EUR/UAH (nbu) is used"
        #expect(CrossRates.takeFallbacks().filter { $0 == line }.count == 1)
        #expect(try rates.convert(10, along: route, at: t("2024-03-06T12:00")).get() == 10 * 180 / 1.09)
    }

    /// Over a range where the cross starts first but lacks a leg, and the direct pair covers part of it,
    /// every instant of either chain is priced as a valuation is: nothing the direct pair gives is lost.
    @Test func aPriceHistoryMergesTheInstantsOfTheRoutesChains() throws {
        var quotes: [Quote] = []
        for day in 1...10 {
            let time = String(format: "2024-03-%02d", day)
            quotes.append(q("EUR", "UAH", .nbu, time, 41))
            if day >= 6 { quotes.append(q("USD", "UAH", .nbu, time, 38)) }
            if day >= 3 { quotes.append(q("EUR", "USD", .card, time + "T09:00", 1.09, bid: 1.08, ask: 1.10)) }
        }
        let rates = CrossRates(
            book: PriceBook(quotes),
            preference: MarketPreference(assets: ["EUR", "USD", "UAH"].map { Asset(code: AssetCode($0), kind: .fiat) })
        )
        let history = try PriceHistory(
            of: "EUR",
            in: "USD",
            range: try DayRange(from: d("2024-03-01"), to: d("2024-03-10")),
            rates: rates
        )
        // Until the first card rate (03-03 09:00) there is no way to USD; from then on the card rate is
        // fresh at every instant, the NBU's midnights included.
        #expect(history.points.first.map { ISOTime.format($0.time) } == "2024-03-03T09:00:00Z")
        #expect(history.points.count == 1 + 7 * 2 && history.points.allSatisfy { $0.value == 1.09 })
        #expect(history.missing.map { [$0.first, $0.last] } == [[d("2024-03-01"), d("2024-03-03")]])
    }

    @Test func staleQuoteIsMissingAndNamed() {
        // AAPL's last close is 2024-03-01T21:00; seven days later it may no longer stand for the price.
        #expect(value("AAPL", "USD", "2024-03-08T21:00") == 180)
        let result = rates.rate(from: "AAPL", to: "UAH", at: t("2024-03-08T21:01"))
        let missing = MissingQuoteError(
            pair: CurrencyPair("AAPL", "USD"),
            markets: [.exchange],
            at: t("2024-03-08T21:01"),
            reason: .stale(lastQuote: t("2024-03-01T21:00"))
        )
        #expect(result == .failure(missing))
        #expect(
            missing.description
                == "AAPL/USD quote (exchange) missing at 2024-03-08T21:01:00Z: the last one, 2024-03-01T21:00:00Z, is too old"
        )
        var lenient = rates
        lenient.stalenessLimit = 30 * 86_400
        #expect((try? lenient.rate(from: "AAPL", to: "USD", at: t("2024-03-20T00:00")).get().value) == 180)
    }

    @Test func missingCrossRateAndNoQuoteYet() {
        #expect(
            rates.rate(from: "XYZ", to: "UAH", at: t("2024-03-02"))
                == .failure(
                    MissingQuoteError(
                        pair: CurrencyPair("XYZ", "UAH"),
                        markets: [],
                        at: t("2024-03-02"),
                        reason: .noRoute
                    )
                )
        )
        #expect(rates.route(from: "BTC", to: "UAH") == nil)
        let early = rates.rate(from: "EUR", to: "UAH", at: t("2024-02-01"))
        #expect(
            early
                == .failure(
                    MissingQuoteError(
                        pair: CurrencyPair("EUR", "UAH"),
                        markets: [.nbu],
                        at: t("2024-02-01"),
                        reason: .noQuoteBefore
                    )
                )
        )
        #expect(
            MissingQuoteError(pair: CurrencyPair("XYZ", "UAH"), markets: [], at: t("2024-03-02"), reason: .noRoute)
                .description
                == "no quote links XYZ to UAH"
        )
    }

    @Test func fallsBackToTheNextMarketWhenThePreferredOneIsStale() throws {
        // NBU's last USD/UAH is 03-04; on 03-12 it is too old, and the cash rate of 03-10 is fresh.
        let rate = try rates.rate(from: "USD", to: "UAH", at: t("2024-03-12T00:00")).get()
        #expect(rate.value == 39.0)
        #expect(rate.legs.map(\.market) == [.cash])
    }

    @Test func marketPreferenceIsASetting() throws {
        var cashFirst = rates
        cashFirst.preference = MarketPreference(byAsset: ["USD": [.cash, .nbu]])
        #expect(try cashFirst.rate(from: "USD", to: "UAH", at: t("2024-03-02")).get().value == 38.2)
        #expect(MarketPreference.standard.markets(for: CurrencyPair("USD", "UAH")).first == .nbu)
        #expect(MarketPreference.standard.markets(for: CurrencyPair("BTC", "USD")).first == .exchange)
        #expect(MarketPreference(kinds: ["AAPL": .stock]).markets(for: CurrencyPair("AAPL", "USD")).first == .exchange)
        #expect(MarketPreference.standard.markets(for: CurrencyPair("EUR", "USD")).first == .exchange)
        #expect(MarketPreference(first: [.cash]).markets(for: CurrencyPair("USD", "UAH")).prefix(2) == [.cash, .nbu])
    }

    @Test func sidePicksTheQuoteColumn() {
        var cash = rates
        cash.preference = MarketPreference(first: [.cash])
        #expect((try? cash.rate(from: "USD", to: "UAH", at: t("2024-03-02"), side: .buy).get().value) == 38.0)
        #expect((try? cash.rate(from: "USD", to: "UAH", at: t("2024-03-02"), side: .sell).get().value) == 38.4)
        #expect((try? cash.rate(from: "UAH", to: "USD", at: t("2024-03-02"), side: .sell).get().value) == 1 / 38.4)
        // NBU has no bid or ask: the plain rate stands for both.
        #expect(value("USD", "UAH", "2024-03-02", side: .sell) == 38.0)
    }

    @Test func valuesHoldingsInTheBaseCurrency() {
        let holdings = Holdings(time: t("2024-03-02T12:00"), quantities: ["AAPL": 2, "USD": 10, "UAH": 100, "XYZ": 1])
        let valued = rates.value(holdings, in: "UAH")
        #expect(valued.assets.map(\.value) == [360 * 38.0, 100, 380, nil])
        #expect(valued.total == nil)
        #expect(valued.missing.map(\.pair) == [CurrencyPair("XYZ", "UAH")])
        let known = rates.value(Holdings(time: t("2024-03-02T12:00"), quantities: ["AAPL": 2, "UAH": 100]), in: "UAH")
        #expect(known.total == 360 * 38.0 + 100)
        #expect(rates.pricingCurrency(of: "AAPL", towards: "UAH") == "USD")
        #expect(rates.pricingCurrency(of: "EUR", towards: "UAH") == "EUR")
    }
}
