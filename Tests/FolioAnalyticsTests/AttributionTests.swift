import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The value bridge and the contribution by holding on ledgers small enough to follow by hand: each
/// figure is worked out in the comment above it from the definitions (README, "Where the return came
/// from"), not from the code.
@Suite("Where the return came from: literal cases")
struct AttributionTests {
    /// The attribution of a ledger whose history starts the day before `first` and ends at `last`.
    static func attribution(
        _ trades: [Trade],
        _ cash: [CashTransaction],
        _ quotes: [Quote],
        base: AssetCode,
        from first: String,
        to last: String
    ) throws -> ReturnAttribution {
        let rates = CrossRates(book: PriceBook(quotes))
        let replay = HoldingsReplay(trades: trades, cashTransactions: cash)
        let range = try DayRange(from: d(first).advanced(by: -1), to: d(last))
        let history = PerformanceHistory(replay: replay, rates: rates, base: base, range: range)
        return ReturnAttribution(history: history, replay: replay, trades: trades, cashTransactions: cash, rates: rates)
    }

    static func bridge(_ a: ReturnAttribution, _ from: String, _ to: String) throws -> ValueBridge {
        a.bridge(over: try DayRange(from: d(from), to: d(to)))
    }

    /// The README's worked example. 1 Mar: 100,000 UAH paid in, 2,000 USD bought at 40.00 (80,000 UAH),
    /// 10 AAPL bought at 150 USD with a fee of 1 USD; NBU 40.00, AAPL closes at 150. 2 Mar: AAPL 160,
    /// NBU 41.00.
    static func readmeExample() throws -> ReturnAttribution {
        let trades = [
            buy(2, "2024-03-01T10:00:00Z", "USD", 2_000, at: 40, in: "UAH"),
            buy(3, "2024-03-01T15:00:00Z", "AAPL", 10, at: 150, fee: 1),
        ]
        let quotes = [
            q("USD", "UAH", .nbu, "2024-03-01T00:00:00Z", 40), q("USD", "UAH", .nbu, "2024-03-02T00:00:00Z", 41),
            q("AAPL", "USD", .exchange, "2024-03-01T00:00:00Z", 150),
            q("AAPL", "USD", .exchange, "2024-03-02T00:00:00Z", 160),
        ]
        return try attribution(
            trades,
            [deposit(1, "2024-03-01T09:00:00Z", 100_000, "UAH")],
            quotes,
            base: "UAH",
            from: "2024-03-01",
            to: "2024-03-02"
        )
    }

    @Test func theReadmeExampleAddsUpLineByLine() throws {
        let a = try Self.readmeExample()
        let b = try Self.bridge(a, "2024-03-01", "2024-03-02")
        // AAPL: 10 × (160 − 150) × 40 = 4,000 of price; 10 × 160 × (41 − 40) = 1,600 of rate.
        // USD: 2,000 − 1,500 − 1 = 499 left, 499 × (41 − 40) = 499 of rate. UAH: 20,000, no effect.
        // Fees: 1 USD at 40 = 40. End: 20,000 + 499 × 41 + 10 × 160 × 41 = 106,059.
        #expect(b.start == 0 && b.deposits == 100_000 && b.withdrawals == 0)
        #expect(close(b.price, 4_000) && close(b.currency, 2_099) && close(b.fees, 40))
        #expect(b.dividends == 0 && b.interest == 0 && b.taxes == 0)
        #expect(close(b.end, 106_059) && close(b.gain, 6_059))
        let rows = a.contributions(over: b.range).rows
        #expect(rows.map(\.asset) == ["AAPL", "UAH", "USD"])
        let aapl = try #require(rows.first { $0.asset == "AAPL" })
        #expect(
            close(aapl.price, 4_000) && close(aapl.currency, 1_600) && close(aapl.fees, 40) && close(aapl.total, 5_560)
        )
        // The asset's own bridge: 0 + 60,000 bought + 4,000 + 1,600 = 65,600.
        #expect(close(aapl.moved, 60_000) && close(aapl.end, 65_600))
        let usd = try #require(rows.first { $0.asset == "USD" })
        #expect(usd.price == 0 && close(usd.currency, 499))
        // Day 1 alone: 100,000 in, 40 of fees out, nothing moved: 99,960.
        let first = try Self.bridge(a, "2024-03-01", "2024-03-01")
        #expect(close(first.end, 99_960) && first.price == 0 && first.currency == 0 && close(first.fees, 40))
        // The shares of the gain: 4,000 / 6,059, 2,099 / 6,059, −40 / 6,059.
        let shares = Dictionary(uniqueKeysWithValues: b.lines.map { ($0.line.rawValue, $0.shareOfGain) })
        #expect(close(shares["price_effect"]!, 4_000 / 6_059.0) && close(shares["fees"]!, -40 / 6_059.0))
        #expect(shares["deposits"]! == nil && shares["end_value"]! == nil)
    }

    @Test func aPortfolioInItsBaseCurrencyHasNoCurrencyEffect() throws {
        // UAH only: 50,000 paid in, 40 CCC bought at 1,000 UAH (fee 10 UAH), CCC at 1,000 → 1,100 → 1,050.
        let trades = [buy(2, "2024-01-01T10:00:00Z", "CCC", 40, at: 1_000, in: "UAH", fee: 10)]
        let quotes = [1_000.0, 1_100, 1_050].enumerated().map { i, p in
            q("CCC", "UAH", .exchange, "2024-01-0\(i + 1)T00:00:00Z", p)
        }
        let a = try Self.attribution(
            trades,
            [deposit(1, "2024-01-01T09:00:00Z", 50_000, "UAH")],
            quotes,
            base: "UAH",
            from: "2024-01-01",
            to: "2024-01-03"
        )
        let b = try Self.bridge(a, "2024-01-01", "2024-01-03")
        // Price: 40 × (1,050 − 1,000) = 2,000; currency exactly 0; 50,000 − 10 + 2,000 = 51,990.
        #expect(b.currency == 0 && close(b.price, 2_000) && close(b.fees, 10) && close(b.end, 51_990))
        #expect(a.contributions(over: b.range).rows.allSatisfy { $0.currency == 0 })
    }

    @Test func aForeignHoldingWhosePriceNeverMovesHasOnlyACurrencyEffect() throws {
        // 1,000 USD paid in and at once 10 AAA at 100 USD; AAA stays at 100 while USD/UAH goes 38 → 39.5 → 40.
        let trades = [buy(2, "2024-01-01T10:00:00Z", "AAA", 10, at: 100)]
        var quotes = [38.0, 39.5, 40].enumerated().map { i, x in q("USD", "UAH", .nbu, "2024-01-0\(i + 1)T00:00:00Z", x)
        }
        quotes += (1...3).map { q("AAA", "USD", .exchange, "2024-01-0\($0)T00:00:00Z", 100) }
        let a = try Self.attribution(
            trades,
            [deposit(1, "2024-01-01T09:00:00Z", 1_000)],
            quotes,
            base: "UAH",
            from: "2024-01-01",
            to: "2024-01-03"
        )
        let aaa = try #require(
            a.contributions(over: try DayRange(from: d("2024-01-01"), to: d("2024-01-03"))).rows.first {
                $0.asset == "AAA"
            }
        )
        // Currency effect = Δrate × quantity × price = (40 − 38) × 10 × 100 = 2,000; no price effect.
        #expect(aaa.price == 0 && close(aaa.currency, 2_000))
        let b = try Self.bridge(a, "2024-01-01", "2024-01-03")
        #expect(close(b.deposits, 38_000) && b.price == 0 && close(b.currency, 2_000) && close(b.end, 40_000))
    }

    @Test func foreignCashIsAllCurrencyEffect() throws {
        // 1,000 USD paid in at 38, 250 taken out at 39 (fee 5 USD), the rest valued at 41.5.
        let cash = [deposit(1, "2024-01-01T09:00:00Z", 1_000), withdrawal(2, "2024-01-02T09:00:00Z", 250, fee: 5)]
        let quotes = [38.0, 39, 41.5].enumerated().map { i, x in q("USD", "UAH", .nbu, "2024-01-0\(i + 1)T00:00:00Z", x)
        }
        let a = try Self.attribution([], cash, quotes, base: "UAH", from: "2024-01-01", to: "2024-01-03")
        let b = try Self.bridge(a, "2024-01-01", "2024-01-03")
        // 1,000 × (39 − 38) = 1,000 on day 2 before the withdrawal, then 745 × (41.5 − 39) = 1,862.5:
        // currency 2,862.5; deposits 38,000, withdrawals 250 × 39 = 9,750, fee 5 × 39 = 195.
        #expect(b.price == 0 && close(b.currency, 2_862.5))
        #expect(close(b.deposits, 38_000) && close(b.withdrawals, 9_750) && close(b.fees, 195))
        #expect(close(b.end, 745 * 41.5))
    }

    @Test func aSplitMovesNoValueAndASaleEndsTheHoldingsEffects() throws {
        // 10 S at 400 USD in a USD portfolio; split 4-for-1 overnight (S closes at 100, then 110); all 40 sold
        // at 105 on day 3 while S closes at 120: price effect 40 × (110 − 100) + 40 × (105 − 110) = 200.
        let trades = [
            buy(2, "2024-01-01T10:00:00Z", "S", 10, at: 400), sell(4, "2024-01-03T12:00:00Z", "S", 40, at: 105),
        ]
        let cash = [
            deposit(1, "2024-01-01T09:00:00Z", 4_000),
            CashTransaction(
                id: 3,
                time: t("2024-01-02T01:00:00Z"),
                kind: .split,
                currency: "S",
                amount: 0,
                asset: "S",
                ratio: 4
            ),
        ]
        let quotes = [400.0, 110, 120].enumerated().map { i, p in
            q("S", "USD", .exchange, "2024-01-0\(i + 1)T00:00:00Z", p)
        }
        let a = try Self.attribution(trades, cash, quotes, base: "USD", from: "2024-01-01", to: "2024-01-03")
        let b = try Self.bridge(a, "2024-01-01", "2024-01-03")
        #expect(close(b.price, 4_200 - 4_000) && b.currency == 0 && close(b.end, 4_200))
        // Day 2 alone: 40 × 110 − 10 × 400 = 400, although 40 units more are held than the day before.
        #expect(close(try Self.bridge(a, "2024-01-02", "2024-01-02").price, 400))
    }

    @Test func aMissingRateLeavesTheBridgeUndefinedAndNamesIt() throws {
        // USD/UAH is quoted on 1 and 2 Jan only: the close of 12 Jan (10 days on) has no rate.
        let cash = [deposit(1, "2024-01-01T09:00:00Z", 1_000)]
        let quotes = [
            q("USD", "UAH", .nbu, "2024-01-01T00:00:00Z", 38), q("USD", "UAH", .nbu, "2024-01-02T00:00:00Z", 39),
        ]
        let a = try Self.attribution([], cash, quotes, base: "UAH", from: "2024-01-01", to: "2024-01-12")
        let b = try Self.bridge(a, "2024-01-01", "2024-01-12")
        #expect(b.start == nil && b.price == nil && b.currency == nil && b.end == nil && b.gain == nil)
        #expect(b.missing.contains { $0.pair == CurrencyPair("USD", "UAH") })
        #expect(b.table.rows.allSatisfy { $0[1] == nil }, "undefined is null, never 0")
        // Within the days that have rates, it is defined.
        #expect(close(try Self.bridge(a, "2024-01-01", "2024-01-02").currency, 1_000))
    }

    @Test func periodsNameTheirDays() throws {
        let end = d("2018-02-07")
        let inception = d("2013-03-01")
        #expect(
            try AttributionPeriod("1Y").range(inception: inception, end: end)
                == DayRange(from: d("2017-02-08"), to: end)
        )
        #expect(
            try AttributionPeriod("last-year").range(inception: inception, end: end)
                == DayRange(from: d("2017-01-01"), to: d("2017-12-31"))
        )
        #expect(
            try AttributionPeriod("2013").range(inception: inception, end: end)
                == DayRange(from: inception, to: d("2013-12-31"))
        )
        #expect(
            try AttributionPeriod("inception").range(inception: inception, end: end)
                == DayRange(from: inception, to: end)
        )
        #expect(throws: AnalyticsError.self) {
            try AttributionPeriod("3Y").range(inception: d("2017-06-01"), end: end)
        }
        #expect(throws: AnalyticsError.self) {
            try AttributionPeriod("2019").range(inception: inception, end: end)
        }
        #expect(throws: AnalyticsError.unknownPeriod("month")) { try AttributionPeriod("month") }
    }
}
