import FolioCore
import Foundation
import Testing

@testable import FolioSources

/// The providers' parsers on literal answers: every number is checked before it becomes an integer
/// or a time, booleans are not numbers, and a quote given twice must agree with itself.
@Suite struct AnswerCheckTests {
    let clock = AnswerClock(now: Date(timeIntervalSince1970: 1_795_280_400))  // 2026-11-21T17:00:00Z

    private func monobank(_ row: String) throws -> FetchedData {
        try MonobankSource.parse(Data("[\(row)]".utf8), clock: clock)
    }

    private func refusal(_ body: () throws -> Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch { return "\(error)" }
    }

    @Test(arguments: [
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":1e17,"rateCross":38}"#,
            "[0].date: found 1e+17, expected seconds since 1970 up to a day from now"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":1e300,"rateCross":38}"#,
            "[0].date: found 1e+300, expected seconds since 1970 up to a day from now"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":-5,"rateCross":38}"#,
            "[0].date: found -5 (1969-12-31T23:59:55Z), expected seconds since 1970 up to a day from now"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":1795366801,"rateCross":38}"#,
            "[0].date: found 1795366801 (2026-11-22T17:00:01Z), expected seconds since 1970 up to a day from now"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":true,"rateCross":38}"#,
            "[0].date: found true, expected a time in seconds since 1970"
        ),
        (
            #"{"currencyCodeA":1e30,"currencyCodeB":980,"date":1704837673,"rateCross":38}"#,
            "[0].currencyCodeA: found 1e+30, expected an ISO 4217 numeric currency code (1 to 999)"
        ),
        (
            #"{"currencyCodeA":840.5,"currencyCodeB":980,"date":1704837673,"rateCross":38}"#,
            "[0].currencyCodeA: found 840.5, expected an ISO 4217 numeric currency code (1 to 999)"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":-9223372036854775809,"date":1704837673,"rateCross":38}"#,
            "[0].currencyCodeB: found -9.223372036854776e+18, expected an ISO 4217 numeric currency code (1 to 999)"
        ),
        (
            #"{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateCross":true}"#,
            "[0].rateCross: found true, expected a number"
        ),
    ])
    func monobankNumbersAreCheckedBeforeTheyAreConverted(_ row: String, _ reason: String) {
        #expect(refusal { try monobank(row) } == reason)
    }

    @Test func aMonobankTimeUpToADayAheadIsAccepted() throws {
        let data = try monobank(#"{"currencyCodeA":840,"currencyCodeB":980,"date":1795366800,"rateCross":38}"#)
        #expect(data.quotes.map(\.time) == [Date(timeIntervalSince1970: 1_795_366_800)])
    }

    @Test(arguments: [
        (
            #"{"prices":[[1e22,103000.5]]}"#,
            "prices[0][0]: found 1e+22, expected milliseconds since 1970 up to a day from now"
        ),
        (#"{"prices":[[false,103000.5]]}"#, "prices[0][0]: found false, expected a time in milliseconds since 1970"),
        (#"{"prices":[[1747407600000,true]]}"#, "prices[0][1]: found true, expected a number above zero, up to 1e15"),
    ])
    func coinGeckoChartPointsAreChecked(_ body: String, _ reason: String) {
        #expect(
            refusal { try CoinGeckoSource.parseMarketChart(Data(body.utf8), asset: "BTC", vs: "usd", clock: clock) }
                == reason
        )
    }

    @Test func coinGeckoTimesAndFiguresAreChecked() {
        #expect(
            refusal {
                try CoinGeckoSource.parseGlobal(Data(#"{"data":{"updated_at":4e18}}"#.utf8), vs: "usd", clock: clock)
            }
                == "data.updated_at: found 4e+18, expected seconds since 1970 up to a day from now"
        )
        #expect(
            refusal {
                try CoinGeckoSource.parseGlobal(
                    Data(#"{"data":{"total_market_cap":{"usd":true}}}"#.utf8),
                    vs: "usd",
                    clock: clock
                )
            }
                == "data.total_market_cap.usd: found true, expected a number"
        )
        let markets = #"[{"id":"bitcoin","symbol":"btc","current_price":1,"last_updated":"2500-01-01T00:00:00Z"}]"#
        #expect(
            refusal {
                try CoinGeckoSource.parseMarkets(
                    Data(markets.utf8),
                    coins: ["bitcoin"],
                    vs: "usd",
                    symbols: .init(),
                    clock: clock
                )
            }
                == "[0].last_updated: 2500-01-01T00:00:00Z is more than a day in the future"
        )
    }

    @Test func nbuRatesMustBeNumbers() {
        func nbu(_ fields: String) -> String? {
            refusal {
                try NBUSource.parse(
                    Data(#"[{"cc":"USD","exchangedate":"24.02.2022",\#(fields)}]"#.utf8),
                    currencies: ["USD"],
                    from: Day(iso: "2022-02-24")!,
                    to: Day(iso: "2022-02-24")!,
                    clock: clock
                )
            }
        }
        #expect(nbu(#""rate":true"#) == "[0].rate: found true, expected a number of hryvnias above zero, up to 1e15")
        #expect(
            nbu(#""rate":29.25,"rate_per_unit":false"#)
                == "[0].rate_per_unit: found false, expected a number of hryvnias above zero, up to 1e15"
        )
        #expect(
            nbu(#""rate":29.25,"units":true"#)
                == "[0].units: found true, expected a number of units above zero, up to 1e15"
        )
        #expect(nbu(#""rate":2925,"units":100"#) == nil)
    }

    @Test func aDayMoreThanADayAheadIsRefused() {
        let body = "Date,Open,High,Low,Close,Volume\n2026-11-22,1,1,1,1.5,10\n2026-11-23,1,1,1,1.5,10\n"
        #expect(
            refusal { try StooqSource.parse(Data(body.utf8), asset: "AAPL", currency: .usd, clock: clock) }
                == "line 3: 2026-11-23T00:00:00Z is more than a day in the future"
        )
    }
}

@Suite struct FetchMergerTests {
    private func quote(_ price: Double, bid: Double? = nil, time: Double = 1_704_837_673) -> Quote {
        Quote(
            asset: "USD",
            currency: "UAH",
            market: .card,
            time: Date(timeIntervalSince1970: time),
            price: price,
            bid: bid,
            source: "test"
        )
    }

    @Test func aQuoteGivenTwiceAlikeIsKeptOnce() throws {
        var merger = FetchMerger()
        try merger.add(FetchedData(quotes: [quote(38.5), quote(38.5), quote(38.6, time: 1_704_837_674)]))
        try merger.add(FetchedData(quotes: [quote(38.5)]))
        #expect(merger.data.quotes == [quote(38.5), quote(38.6, time: 1_704_837_674)])
    }

    @Test func twoDifferentFiguresForOneQuoteAreAnError() {
        var merger = FetchMerger()
        #expect(throws: SourceFormatError.self) { try merger.add(FetchedData(quotes: [quote(38.5), quote(38.7)])) }
        #expect(merger.data.quotes.isEmpty, "nothing of the refused answer is kept")
        #expect(throws: (any Error).self) {
            try merger.add(FetchedData(quotes: [quote(38.5, bid: 38)]))
            try merger.add(FetchedData(quotes: [quote(38.5, bid: 38.1)]))
        }
        do {
            var other = FetchMerger()
            try other.add(FetchedData(quotes: [quote(38.5), quote(38.7)]))
        } catch {
            #expect(
                "\(error)" == "USD/UAH card at 2024-01-09T22:01:13Z is given twice with different prices: 38.5 and 38.7"
            )
        }
    }

    /// A name is kept as the answer gives it (less a NUL) and escaped where it is written, as each format
    /// escapes (`Asset.storedName`): `\x1B` in a table, `\u001b` in JSON.
    @Test func namesFromAnAnswerAreKeptForEachFormatToEscape() throws {
        var merger = FetchMerger()
        try merger.add(FetchedData(assetNames: ["BTC": "Bit\u{1B}[31m\u{0}coin"]))
        #expect(merger.data.assetNames["BTC"] == "Bit\u{1B}[31mcoin")
    }
}

/// What a source answers is checked once, whichever way it arrives (issue 30): a saved Monobank or
/// PrivatBank answer that gives one quote twice at two prices is refused as `folio fetch` refuses
/// the same body (on 8232a12 its import kept the first, exit 0); a rate of a currency in itself and a
/// number that is not a plain decimal (`"0x10"` read as 16) are refused.
@Suite struct SavedAnswerCheckTests {
    let now = Date(timeIntervalSince1970: 1_795_280_400)  // 2026-11-21T17:00:00Z
    let nine = Date(timeIntervalSince1970: 1_704_877_200)  // 2024-01-10T09:00:00Z

    private func refusal(_ body: String, _ kind: SavedAnswer, market: Market? = nil) -> String? {
        do {
            _ = try kind.parse(Data(body.utf8), market: market, time: kind.needsMarketAndTime ? nine : nil, now: now)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aQuoteGivenTwiceAtTwoPricesIsRefused() throws {
        let mono =
            #"[{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateCross":38},{"currencyCodeA":840,"currencyCodeB":980,"date":1704837673,"rateCross":39}]"#
        #expect(
            refusal(mono, .monobank)
                == "USD/UAH card at 2024-01-09T22:01:13Z is given twice with different prices: 38 and 39"
        )
        let privat =
            #"[{"ccy":"EUR","base_ccy":"UAH","buy":"40","sale":"41"},{"ccy":"EUR","base_ccy":"UAH","buy":"42","sale":"43"}]"#
        #expect(
            refusal(privat, .privatbank, market: .card)
                == "EUR/UAH card at 2024-01-10T09:00:00Z is given twice with different prices: 40.5 (bid 40, ask 41) and 42.5 (bid 42, ask 43)"
        )
        // Given twice alike, it is one quote.
        let twice =
            #"[{"ccy":"EUR","base_ccy":"UAH","buy":"40","sale":"41"},{"ccy":"EUR","base_ccy":"UAH","buy":"40","sale":"41"}]"#
        #expect(
            try SavedAnswer.privatbank.parse(Data(twice.utf8), market: .card, time: nine, now: now).quotes.count == 1
        )
    }

    @Test func aRateOfACurrencyInItselfIsRefused() {
        #expect(
            refusal(#"[{"currencyCodeA":980,"currencyCodeB":980,"date":1704837673,"rateCross":1}]"#, .monobank)
                == "UAH/UAH card at 2024-01-09T22:01:13Z is a quote of UAH in itself, expected one in another currency"
        )
        #expect(
            refusal(#"[{"ccy":"USD","base_ccy":"USD","buy":"1","sale":"1"}]"#, .privatbank, market: .cash)
                == "USD/USD cash at 2024-01-10T09:00:00Z is a quote of USD in itself, expected one in another currency"
        )
    }

    @Test(arguments: [
        (#""buy":"0x10","sale":"0x11""#, #"[0].buy: found "0x10", expected a number above zero, up to 1e15"#),
        (#""buy":"40","sale":"nan""#, #"[0].sale: found "nan", expected a number above zero, up to 1e15"#),
        (#""buy":"40","sale":"4_1""#, #"[0].sale: found "4_1", expected a number above zero, up to 1e15"#),
        (#""buy":"40","sale":"0""#, #"[0].sale: found "0", expected a number above zero, up to 1e15"#),
    ])
    func privatBankNumbersArePlainDecimals(_ figures: String, _ expected: String) {
        #expect(refusal(#"[{"ccy":"USD","base_ccy":"UAH",\#(figures)}]"#, .privatbank, market: .cash) == expected)
    }

    @Test func stooqClosesArePlainDecimals() {
        let clock = AnswerClock(now: now)
        #expect(throws: SourceFormatError.self) {
            try StooqSource.parse(
                Data("Date,Open,High,Low,Close,Volume\n2024-01-02,1,1,1,0x10,10\n".utf8),
                asset: "AAPL",
                currency: .usd,
                clock: clock
            )
        }
    }
}
