import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
@testable import FolioReports
import Testing

@Suite struct MarketReportTests {
    static let asOf = Day(year: 2024, month: 6, day: 28)!

    /// USD and EUR in UAH on two markets with bid and ask, and three coins in USD that stop a week earlier.
    func input() -> MarketReportInput {
        var quotes: [Quote] = []
        for d in -20...0 {
            let t = Self.asOf.advanced(by: d).start.addingTimeInterval(36_000)
            for (code, base) in [("USD", 41.0), ("EUR", 44.0)] {
                let p = base + Double(d) * 0.01
                quotes.append(Quote(asset: AssetCode(code), currency: "UAH", market: .nbu, time: t, price: p, source: "t"))
                quotes.append(Quote(asset: AssetCode(code), currency: "UAH", market: .cash, time: t, price: p, bid: p - 0.2, ask: p + 0.2, source: "t"))
            }
            if d <= -7 {
                for (code, base) in [("BTC", 60_000.0), ("ETH", 3_000.0), ("SOL", 140.0)] {
                    quotes.append(Quote(asset: AssetCode(code), currency: "USD", market: .exchange, time: t, price: base * (1 + Double(d) / 100), source: "t"))
                }
            }
        }
        let assets = ["UAH", "USD", "EUR"].map { Asset(code: AssetCode($0), kind: .fiat) } + ["BTC", "ETH", "SOL"].map { Asset(code: AssetCode($0), kind: .crypto) }
        let book = PriceBook(quotes)
        let t = Self.asOf.start.addingTimeInterval(3_600)
        let banks = [
            Quote(asset: "USD", currency: "UAH", market: .cash, time: t, price: 41, bid: 40.9, ask: 41.4, source: "privatbank"),
            Quote(asset: "USD", currency: "UAH", market: .cash, time: t, price: 41, bid: 40.7, ask: 41.2, source: "monobank"),
            Quote(asset: "USD", currency: "UAH", market: .card, time: t, price: 41, bid: 40.8, ask: 41.3, source: "monobank"),
            // Older than the bank's latest card quote: not shown.
            Quote(asset: "USD", currency: "UAH", market: .card, time: t - 86_400, price: 40, bid: 39, ask: 40, source: "monobank"),
        ]
        return MarketReportInput(book: book, rates: CrossRates(book: book, preference: MarketPreference(assets: assets)), assets: assets,
                                 currency: "UAH", asOf: Self.asOf, bankQuotes: banks,
                                 statistics: statistics)
    }

    let statistics: [MarketStatistic] = {
        let t = MarketReportTests.asOf.start
        return [
            MarketStatistic(subject: MarketStatistic.cryptoMarket, name: .marketCap, currency: "USD", time: t, value: 2.34e12, source: "t"),
            MarketStatistic(subject: MarketStatistic.cryptoMarket, name: .volume24h, currency: "USD", time: t, value: 9.5e10, source: "t"),
            MarketStatistic(subject: MarketStatistic.cryptoMarket, name: .dominancePercent, currency: nil, time: t, value: 54.2, source: "t"),
            // Published after as-of: not used.
            MarketStatistic(subject: MarketStatistic.cryptoMarket, name: .dominancePercent, currency: nil, time: t + 2 * 86_400, value: 60, source: "t"),
            MarketStatistic(subject: "BTC", name: .marketCap, currency: "USD", time: t, value: 1.2e12, source: "t"),
            MarketStatistic(subject: "ETH", name: .marketCap, currency: "USD", time: t, value: 3.6e11, source: "t"),
            MarketStatistic(subject: "SOL", name: .marketCap, currency: "USD", time: t, value: 4e11, source: "t"),
        ]
    }()

    @Test func cryptoTilesAndCoinsByMarketCap() throws {
        let data = MarketReportData(input(), locale: .en)
        #expect(data.tile(.btcDominance)?.value == "54.2%")
        #expect(data.tile(.marketCap)?.value == "$2.34T")
        #expect(data.tile(.volume24h)?.value == "$95B")
        let coins = try #require(data.table("coins"))
        #expect(coins.rows.map { $0[0].text } == ["BTC", "SOL", "ETH"])
        #expect(coins.defaultColumns.contains("market-cap"))
        var bare = input()
        bare.statistics = []
        let plain = MarketReportData(bare, locale: .en)
        let plainCoins = try #require(plain.table("coins"))
        #expect(plain.tile(.marketCap) == nil && !plainCoins.defaultColumns.contains("market-cap"))
    }

    @Test func bankTableMarksTheBestBuyAndSell() throws {
        let banks = try #require(MarketReportData(input(), locale: .en).table("banks"))
        #expect(banks.rows.map { $0.map(\.text) } == [
            ["monobank", "USD", "40.70", "• 41.20", "• 40.80", "• 41.30"],
            ["privatbank", "USD", "• 40.90", "41.40", "—", "—"],
        ])
    }

    @Test(arguments: ChartLocale.allCases) func ratesByMarketWithBuySellAndChange(locale: ChartLocale) throws {
        let data = MarketReportData(input(), locale: locale)
        let rates = try #require(data.table("rates"))
        #expect(rates.rows.count == 4)
        let usdCash = try #require(rates.rows.first { $0[0].text == "USD" && $0[1].text == "cash" })
        #expect(usdCash[2].text == (locale == .uk ? "40,80" : "40.80") && usdCash[3].text == (locale == .uk ? "41,20" : "41.20"))
        #expect(usdCash[5].text == (locale == .uk ? "+0,0100" : "+0.0100"))
        // Coins are reported on their own last day, a week before as-of, not left empty.
        #expect(data.cryptoDay == Self.asOf.advanced(by: -7))
        #expect(try #require(data.table("coins")).rows.map { $0[0].text } == ["BTC", "SOL", "ETH"])
        let builder = ReportBuilder(definition: try ReportFiles.builtIn("market"), theme: .light, locale: locale, measurer: ApproximateMeasurer())
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        #expect(scenes.count == 3)
    }
}
