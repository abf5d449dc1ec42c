import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioYAML
import Foundation
import Testing

@testable import FolioReports

@Suite struct MarketReportTests {
    static let asOf = Day(year: 2024, month: 6, day: 28)!

    /// USD and EUR in UAH: the NBU rate and PrivatBank's cash rates for three weeks, Monobank's cash and
    /// card rates on the last days; three coins in USD that stop a week earlier.
    /// `nbuAt`: the NBU's rates' time in their day (10:00 as the banks'; 0, midnight, as the NBU dates them);
    /// `nbuThrough`: the last day with one, in days from as-of.
    func input(bankAverage: Bool = false, nbuAt: TimeInterval = 36_000, nbuThrough: Int = 0) -> MarketReportInput {
        var quotes: [Quote] = []
        for d in -20...0 {
            let t = Self.asOf.advanced(by: d).start.addingTimeInterval(36_000)
            for (code, base) in [("USD", 41.0), ("EUR", 44.0)] {
                let p = base + Double(d) * 0.01
                let official = Self.asOf.advanced(by: d).start.addingTimeInterval(nbuAt)
                if d <= nbuThrough {
                    quotes.append(
                        Quote(
                            asset: AssetCode(code),
                            currency: "UAH",
                            market: .nbu,
                            time: official,
                            price: p,
                            source: "nbu"
                        )
                    )
                }
                if d < 0 {
                    quotes.append(
                        Quote(
                            asset: AssetCode(code),
                            currency: "UAH",
                            market: .cash,
                            time: t,
                            price: p,
                            bid: p - 0.2,
                            ask: p + 0.2,
                            source: "privatbank"
                        )
                    )
                }
                if bankAverage {
                    quotes.append(
                        Quote(
                            asset: AssetCode(code),
                            currency: "UAH",
                            market: .bankAverage,
                            time: t,
                            price: p + 0.1,
                            bid: p - 0.1,
                            ask: p + 0.3,
                            source: "minfin"
                        )
                    )
                }
            }
            if d <= -7 {
                for (code, base) in [("BTC", 60_000.0), ("ETH", 3_000.0), ("SOL", 140.0)] {
                    quotes.append(
                        Quote(
                            asset: AssetCode(code),
                            currency: "USD",
                            market: .exchange,
                            time: t,
                            price: base * (1 + Double(d) / 100),
                            source: "t"
                        )
                    )
                }
            }
        }
        let t = Self.asOf.start.addingTimeInterval(3_600)
        quotes += [
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .cash,
                time: t,
                price: 41.15,
                bid: 40.9,
                ask: 41.4,
                source: "privatbank"
            ),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .cash,
                time: t + 60,
                price: 40.95,
                bid: 40.7,
                ask: 41.2,
                source: "monobank"
            ),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .card,
                time: t + 120,
                price: 41.05,
                bid: 40.8,
                ask: 41.3,
                source: "monobank"
            ),
            // The day before: the base of the card row's 1-day change, and not its latest.
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .card,
                time: t - 86_400,
                price: 40,
                bid: 39,
                ask: 41,
                source: "monobank"
            ),
            // After as-of: not shown.
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .card,
                time: t + 86_400,
                price: 50,
                bid: 49,
                ask: 51,
                source: "monobank"
            ),
        ]
        let assets =
            ["UAH", "USD", "EUR"].map { Asset(code: AssetCode($0), kind: .fiat) }
            + ["BTC", "ETH", "SOL"].map { Asset(code: AssetCode($0), kind: .crypto) }
        let book = PriceBook(quotes)
        return MarketReportInput(
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets)),
            assets: assets,
            currency: "UAH",
            asOf: Self.asOf,
            rateQuotes: quotes.filter { $0.currency == "UAH" },
            statistics: statistics
        )
    }

    let statistics: [MarketStatistic] = {
        let t = MarketReportTests.asOf.start
        return [
            MarketStatistic(
                subject: MarketStatistic.cryptoMarket,
                name: .marketCap,
                currency: "USD",
                time: t,
                value: 2.34e12,
                source: "t"
            ),
            MarketStatistic(
                subject: MarketStatistic.cryptoMarket,
                name: .volume24h,
                currency: "USD",
                time: t,
                value: 9.5e10,
                source: "t"
            ),
            MarketStatistic(
                subject: MarketStatistic.cryptoMarket,
                name: .dominancePercent,
                currency: nil,
                time: t,
                value: 54.2,
                source: "t"
            ),
            // Published after as-of: not used.
            MarketStatistic(
                subject: MarketStatistic.cryptoMarket,
                name: .dominancePercent,
                currency: nil,
                time: t + 2 * 86_400,
                value: 60,
                source: "t"
            ),
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
        let coins = try #require(try data.table("coins"))
        #expect(coins.rows.map { $0[0].text } == ["BTC", "SOL", "ETH"])
        #expect(coins.defaultColumns.contains("market-cap"))
        var bare = input()
        bare.statistics = []
        let plain = MarketReportData(bare, locale: .en)
        let plainCoins = try #require(try plain.table("coins"))
        #expect(plain.tile(.marketCap) == nil && !plainCoins.defaultColumns.contains("market-cap"))
    }

    @Test func ratesTableHasARowPerMarketAndBankWithTheBestBuyAndSellMarked() throws {
        let rates = try #require(try MarketReportData(input(), locale: .en).table("rates"))
        // USD before EUR; per currency NBU, then cards, then cash; a bank's market names the bank.
        #expect(
            rates.rows.map { $0[0].text + " " + $0[1].text } == [
                "USD NBU", "USD card · Monobank", "USD cash · Monobank", "USD cash · PrivatBank",
                "EUR NBU", "EUR cash · PrivatBank",
            ]
        )
        #expect(
            rates.columns.map(\.key) == [
                "currency", "market", "buy", "sell", "spread", "rate", "change", "change-percent", "day",
            ]
        )
        let usd = rates.rows.prefix(4).map { Array($0[2...6].map(\.text)) }
        // Every USD figure needs two decimals: the pair is written with two, its changes too.
        #expect(
            usd == [
                ["—", "—", "—", "41.00", "+0.01"],
                // The card's 1-day change is from the day before's quote at 01:00 (40) to 41.05.
                ["40.80", "41.30", "0.50", "41.05", "+1.05"],
                ["40.70", "41.20", "0.50", "40.95", "—"],
                ["40.90", "41.40", "0.50", "41.15", "+0.16"],
            ]
        )
        // The best buy (PrivatBank's cash) and sell (Monobank's cash) are bold, and nothing else is.
        let bold = rates.rows.flatMap { row in
            row.indices.filter { row[$0].bold }.map { row[1].text + " " + rates.columns[$0].key }
        }
        #expect(bold == ["cash · Monobank sell", "cash · PrivatBank buy"])
        #expect(!rates.rows.joined().contains { $0.text.contains("•") })
    }

    /// One precision per currency pair: the most decimals any of the pair's figures needs, from 2 to 4.
    /// USD's NBU rate has four, so every USD figure has four (a bank's 40.9 is 40.9000); EUR's need two.
    @Test func eachPairIsWrittenWithOnePrecisionAndItsColumnsAlignOnTheDecimalPoint() throws {
        let asOf = Self.asOf
        func at(_ days: Int) -> Date { asOf.advanced(by: days).start.addingTimeInterval(36_000) }
        let quotes = [
            Quote(asset: "USD", currency: "UAH", market: .nbu, time: at(-1), price: 41.1, source: "nbu"),
            Quote(asset: "USD", currency: "UAH", market: .nbu, time: at(0), price: 41.1234, source: "nbu"),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .cash,
                time: at(0),
                price: 41.15,
                bid: 40.9,
                ask: 41.4,
                source: "privatbank"
            ),
            Quote(asset: "EUR", currency: "UAH", market: .nbu, time: at(-1), price: 44.25, source: "nbu"),
            Quote(asset: "EUR", currency: "UAH", market: .nbu, time: at(0), price: 44.5, source: "nbu"),
            Quote(
                asset: "EUR",
                currency: "UAH",
                market: .cash,
                time: at(0),
                price: 44.5,
                bid: 44.2,
                ask: 44.8,
                source: "privatbank"
            ),
            // Six decimals, as the NBU wrote before December 2019: four at most.
            Quote(asset: "PLN", currency: "UAH", market: .nbu, time: at(0), price: 7.123456, source: "nbu"),
        ]
        let assets = ["UAH", "USD", "EUR", "PLN"].map { Asset(code: AssetCode($0), kind: .fiat) }
        let book = PriceBook(quotes)
        let input = MarketReportInput(
            book: book,
            rates: CrossRates(book: book, preference: MarketPreference(assets: assets)),
            assets: assets,
            currency: "UAH",
            asOf: asOf,
            rateQuotes: quotes
        )
        for locale in ChartLocale.allCases {
            let data = MarketReportData(input, locale: locale)
            let rates = try #require(try data.table("rates"))
            let figures = rates.rows.map { $0[0].text + " " + $0[2...6].map(\.text).joined(separator: " ") }
            #expect(
                figures
                    == (locale == .en
                        ? [
                            "USD — — — 41.1234 +0.0234", "USD 40.9000 41.4000 0.5000 41.1500 —",
                            "EUR — — — 44.50 +0.25", "EUR 44.20 44.80 0.60 44.50 —",
                            "PLN — — — 7.1235 —",
                        ]
                        : [
                            "USD — — — 41,1234 +0,0234", "USD 40,9000 41,4000 0,5000 41,1500 —",
                            "EUR — — — 44,50 +0,25", "EUR 44,20 44,80 0,60 44,50 —",
                            "PLN — — — 7,1235 —",
                        ])
            )
            #expect(rates.columns.filter(\.alignsDecimals).map(\.key) == ["buy", "sell", "spread", "rate", "change"])

            // On the page, the rate column's separators stand one above the other across the three pairs.
            let yaml = "pages: [{blocks: [{kind: table, data: rates}]}]"
            let builder = ReportBuilder(
                definition: try DefinitionParser(file: "t").parse(yaml),
                theme: .light,
                locale: locale,
                measurer: ApproximateMeasurer()
            )
            let scene = try #require(try builder.scenes(data).first)
            let layout = TextLayout(measurer: ApproximateMeasurer())
            let rateCells = scene.texts.filter { run in
                rates.rows.contains { $0[5].text == run.text } && run.role == .cell
            }
            let points = rateCells.map { run in
                run.box.minX
                    + layout.width(
                        String(run.text.prefix { String($0) != locale.decimalSeparator }),
                        TextStyle(size: run.size, weight: run.weight, color: run.color, role: run.role)
                    )
            }
            #expect(points.count == 5 && points.allSatisfy { abs($0 - points[0]) < 0.01 }, "\(points)")
        }
    }

    /// Only banks' card and cash offers of the last two days compete for the marks, and a change over a
    /// day needs a quote a day old.
    @Test func marksGoToCurrentBankOffersAndADayChangeNeedsADayOldQuote() {
        let asOf = Self.asOf
        func at(_ hours: Double, _ days: Int = 0) -> Date {
            asOf.advanced(by: days).start.addingTimeInterval(hours * 3_600)
        }
        let quotes = [
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .bankAverage,
                time: at(8),
                price: 41.5,
                bid: 41.4,
                ask: 41.6,
                source: "minfin"
            ),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .card,
                time: at(9),
                price: 41,
                bid: 40.8,
                ask: 41.2,
                source: "monobank"
            ),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .card,
                time: at(15),
                price: 41.1,
                bid: 40.9,
                ask: 41.3,
                source: "monobank"
            ),
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .cash,
                time: at(9),
                price: 41.05,
                bid: 40.7,
                ask: 41.4,
                source: "privatbank"
            ),
            // Stopped quoting ten days ago, at rates no one offers now.
            Quote(
                asset: "USD",
                currency: "UAH",
                market: .cash,
                time: at(9, -10),
                price: 40,
                bid: 45,
                ask: 35,
                source: "oldbank"
            ),
        ]
        let rates = RatesByMarket(quotes: quotes, asOf: asOf)
        func row(_ market: Market, _ bank: String?) -> RatesByMarket.Row? {
            rates.rows.first { $0.venue == .init(market: market, bank: bank) }
        }
        #expect(
            row(.bankAverage, nil)?.isBestBuy == false && row(.cash, "oldbank")?.isBestBuy == false
                && row(.cash, "oldbank")?.isBestSell == false
        )
        #expect(row(.card, "monobank")?.isBestBuy == true && row(.card, "monobank")?.isBestSell == true)
        // Monobank's two quotes are both of as-of day: no 1-day change.
        #expect(row(.card, "monobank")?.dayChange == nil)
    }

    @Test(arguments: ChartLocale.allCases) func marketNamesAreTranslatedAndBankAverageAppearsOnlyWithItsQuotes(
        locale: ChartLocale
    ) throws {
        let without = try #require(try MarketReportData(input(), locale: locale).table("rates"))
        #expect(without.rows.allSatisfy { !$0[1].text.contains(locale == .uk ? "середній" : "average") })
        let with = try #require(try MarketReportData(input(bankAverage: true), locale: locale).table("rates"))
        let names = with.rows.filter { $0[0].text == "USD" }.map { $0[1].text }
        #expect(
            names
                == (locale == .uk
                    ? [
                        "НБУ", "середній банківський", "картка · Monobank", "готівка · Monobank",
                        "готівка · ПриватБанк",
                    ]
                    : ["NBU", "bank average", "card · Monobank", "cash · Monobank", "cash · PrivatBank"])
        )
    }

    @Test func eachCurrencysChartHasALinePerMarketEndingAtTheTablesRate() throws {
        let data = MarketReportData(input(), locale: .en)
        let rates = try #require(try data.table("rates"))
        let frame = ChartFrame(width: 500, height: 200, theme: .light, locale: .en, title: "USD")
        let chart = data.marketsChart("USD", frame: frame)
        let usd = rates.rows.filter { $0[0].text == "USD" }
        #expect(chart.series.map(\.name) == usd.map { $0[1].text })
        for (series, row) in zip(chart.series, usd) {
            #expect(series.values.last.map { String(format: "%.2f", $0) } == row[5].text)
            // Seven days: a row with older quotes starts at the last one at or before the window's start
            // (`ChangeWindow`); Monobank's rows begin inside the window.
            let start = Self.asOf.advanced(by: -7).end.timeIntervalSince1970
            if row[1].text.contains("Monobank") {
                #expect(series.times.allSatisfy { $0 > start })
            } else {
                #expect(series.times[0] <= start && series.times[1] > start && series.times.count == 8)
            }
        }
        #expect(chart.frame.subtitle == "USD/UAH, last 7 days · banks: middle of buy and sell")
    }

    /// The NBU's rate of a day is dated at its midnight and in force all day: its line goes on at the last
    /// day's rate to the banks' last quote of that day, rather than stopping while theirs run on; a day
    /// without an NBU rate gets none.
    @Test func theNBUsLineRunsToTheBanksLastQuoteOfItsLastDay() throws {
        let data = MarketReportData(input(nbuAt: 0), locale: .en)
        let frame = ChartFrame(width: 500, height: 200, theme: .light, locale: .en, title: "USD")
        let chart = data.marketsChart("USD", frame: frame)
        let nbu = try #require(chart.series.first { $0.name == "NBU" })
        let end = try #require(chart.series.compactMap(\.times.last).max())
        #expect(nbu.times.last == end && end > Self.asOf.start.timeIntervalSince1970)
        #expect(nbu.values.suffix(2) == [41.0, 41.0], "the last day's rate, held: \(nbu.values)")
        // Without an NBU rate on the last day the line ends at its own last rate.
        let earlier = MarketReportData(input(nbuAt: 0, nbuThrough: -1), locale: .en)
        let short = try #require(earlier.marketsChart("USD", frame: frame).series.first { $0.name == "NBU" })
        #expect(short.times.last == Self.asOf.advanced(by: -1).start.timeIntervalSince1970)
    }

    @Test(arguments: ChartLocale.allCases) func ratesByMarketWithBuySellAndChange(locale: ChartLocale) throws {
        let data = MarketReportData(input(), locale: locale)
        let rates = try #require(try data.table("rates"))
        #expect(rates.rows.count == 6)
        #expect(data.condition("best-marked") == true)
        // Coins are reported on their own last day, a week before as-of, not left empty.
        #expect(data.cryptoDay == Self.asOf.advanced(by: -7))
        #expect(try #require(try data.table("coins")).rows.map { $0[0].text } == ["BTC", "SOL", "ETH"])
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("market"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        #expect(scenes.count == 3)
    }

    /// A `when:` the market report does not know is refused naming the market report's conditions, not
    /// the portfolio report's.
    @Test func anUnknownConditionNamesTheMarketReportsConditions() throws {
        let builder = ReportBuilder(
            definition: try DefinitionParser(file: "mine.yaml").parse("pages: [{when: holdings, blocks: []}]"),
            theme: .light,
            locale: .en,
            measurer: ApproximateMeasurer()
        )
        #expect {
            try builder.pages(MarketReportData(input(), locale: .en))
        } throws: { error in
            let refused = error as? DefinitionError
            return refused?.path == "pages[0].when" && refused?.found == "\"holdings\""
                && refused?.expected == "a known condition (fiat, crypto, crypto-quoted-earlier, best-marked)"
        }
    }

    /// Page 1 is the day's tables, page 2 the three currencies' weeks side by side (the USD chart once
    /// ended page 1, EUR and PLN began page 2), page 3 the coins.
    @Test(arguments: ChartLocale.allCases) func theCurrenciesWeeksShareAPageAfterTheDaysTables(
        locale: ChartLocale
    ) throws {
        let data = MarketReportData(input(), locale: locale)
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("market"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let strings = Catalogue.for(locale)
        let titles = try builder.scenes(data).map { Set($0.texts.filter { $0.role == .title }.map(\.text)) }
        #expect(titles.count == 3)
        #expect(titles[0].isSuperset(of: [strings[.currencyMarket], strings[.ratesByMarket], strings[.converter]]))
        #expect(titles[1].isSuperset(of: [strings[.currencies7d], "USD", "EUR", "PLN"]))
        #expect(titles[2].isSuperset(of: [strings[.cryptoMarket], "BTC", strings[.coins]]))
    }

    /// The coins stop a week before as-of: the crypto page says so first, and the BTC line's subtitle
    /// names its last quote; quoted on the day, neither note nor "last quote" is written.
    @Test(arguments: ChartLocale.allCases) func theCryptoPageSaysWhenItsLastQuoteIsOlderThanTheReport(
        locale: ChartLocale
    ) throws {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("market"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let stale = MarketReportData(input(), locale: locale)
        #expect(stale.condition("crypto-quoted-earlier") == true)
        let page = try #require(try builder.scenes(stale).last).texts.map(\.text)
        let (note, subtitle) =
            locale == .en
            ? (
                "Last quote 21 Jun 2024: the coins' prices and changes below are of that day, not of 28 Jun 2024.",
                "BTC/USD · last quote 21 Jun 2024"
            )
            : (
                "Останнє котирування 21.06.2024: ціни й зміни монет нижче — на цей день, а не на 28.06.2024.",
                "BTC у дол. США · останнє котирування 21.06.2024"
            )
        // The note may wrap: its words, in order, start the page's text after the heading.
        #expect(page.joined(separator: " ").contains(note), "\(page)")
        #expect(page.contains(subtitle))

        var current = input()
        current.asOf = Self.asOf.advanced(by: -7)
        let fresh = MarketReportData(current, locale: locale)
        #expect(fresh.condition("crypto-quoted-earlier") == false)
        let freshPage = try #require(try builder.scenes(fresh).last).texts.map(\.text)
        #expect(!freshPage.contains { $0.lowercased().contains("last quote") || $0.contains("котирування") })
        #expect(
            freshPage.contains(locale == .en ? "BTC/USD · as of 21 Jun 2024" : "BTC у дол. США · станом на 21.06.2024")
        )
    }

    /// Without fetched market statistics the tiles block is left out, not drawn as an empty row's gap.
    @Test func tilesWithoutStatisticsTakeNoRoom() throws {
        var bare = input()
        bare.statistics = []
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("market"),
            theme: .light,
            locale: .en,
            measurer: ApproximateMeasurer()
        )
        let blocks = try builder.pages(MarketReportData(bare, locale: .en)).flatMap(\.blocks).map(\.block)
        #expect(!blocks.contains { $0 is KPIBlock })
        let all = try builder.pages(MarketReportData(input(), locale: .en)).flatMap(\.blocks).map(\.block)
        #expect(all.compactMap { ($0 as? KPIBlock)?.tiles.count } == [3])
    }

    /// Ukrainian headings, subtitles and column titles write the currencies' words ("Курс, грн",
    /// "Ціна, дол. США"), not ISO codes; nothing is shortened to fit (a unit is never dropped).
    @Test func ukrainianTitlesWriteTheCurrencysWordAndKeepTheirUnits() throws {
        let data = MarketReportData(input(), locale: .uk)
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("market"),
            theme: .light,
            locale: .uk,
            measurer: ApproximateMeasurer()
        )
        let texts = try builder.scenes(data).flatMap(\.texts)
        let words = texts.filter { [.subtitle, .header].contains($0.role) }.map(\.text)
        #expect(words.contains("Курс, грн") && words.contains("Ціна, дол. США"))
        #expect(words.filter { $0 == "грн" }.count == 2)  // the converter's two results
        #expect(words.contains("Курс дол. США у грн за 7 днів · банки: середнє купівлі й продажу"))
        for code in ["UAH", "USD"] {
            #expect(!words.contains { $0.contains(code) }, "\(words.filter { $0.contains(code) })")
        }
        #expect(!texts.contains { $0.text.hasSuffix("…") }, "\(texts.filter { $0.text.hasSuffix("…") }.map(\.text))")
    }
}
