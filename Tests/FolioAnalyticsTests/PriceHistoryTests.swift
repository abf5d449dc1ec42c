import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Price history")
struct PriceHistoryTests {
    let rates = CrossRates(
        book: PriceBook([
            q("AAPL", "USD", .exchange, "2024-03-01T21:00", 180), q("AAPL", "USD", .exchange, "2024-03-04T21:00", 182),
            q("AAPL", "USD", .exchange, "2024-03-05T21:00", 181), q("AAPL", "USD", .exchange, "2024-03-05T22:00", 183),
            q("USD", "UAH", .nbu, "2024-03-01T00:00", 38), q("USD", "UAH", .nbu, "2024-03-05T00:00", 39),
            q("BTC", "USD", .exchange, "2024-03-04T00:00", 60_000),
        ])
    )

    @Test func directAndThroughAPivot() throws {
        let range = try DayRange(from: d("2024-03-01"), to: d("2024-03-05"))
        let usd = try PriceHistory(of: "AAPL", in: "USD", range: range, rates: rates)
        #expect(usd.points.map(\.value) == [180, 182, 181, 183])
        #expect(
            usd.dailyCloses == [
                DatedValue(day: d("2024-03-01"), value: 180), DatedValue(day: d("2024-03-04"), value: 182),
                DatedValue(day: d("2024-03-05"), value: 183),
            ]
        )
        let uah = try PriceHistory(of: "AAPL", in: "UAH", range: range, rates: rates)
        let expected: [Double] = [6840, 6916, 7059, 7137]  // 180 × 38, 182 × 38, 181 × 39, 183 × 39
        #expect(uah.points.map(\.value) == expected)
        #expect(uah.missing.isEmpty)
        // USD priced in BTC: the instants are those of the (inverted) BTC/USD quotes.
        let inBTC = try PriceHistory(of: "USD", in: "BTC", range: range, rates: rates)
        #expect(inBTC.points == [TimedValue(time: t("2024-03-04T00:00"), value: 1.0 / 60_000)])
    }

    @Test func badInput() throws {
        let range = try DayRange(from: d("2024-03-01"), to: d("2024-03-05"))
        #expect(throws: AnalyticsError.unknownAsset("XYZ", argument: "asset")) {
            try PriceHistory(of: "XYZ", in: "USD", range: range, rates: rates)
        }
        #expect(throws: AnalyticsError.emptyRange(argument: "from/to")) {
            try PriceHistory(of: "AAPL", in: "USD", range: DayRange(day: d("2024-03-02")), rates: rates)
        }
        // Quotes in range but the pivot is stale later on: those instants are missing, not guessed.
        let late = try PriceHistory(
            of: "AAPL",
            in: "UAH",
            range: try DayRange(from: d("2024-03-01"), to: d("2024-03-20")),
            rates: CrossRates(
                book: PriceBook([
                    q("AAPL", "USD", .exchange, "2024-03-01T21:00", 180),
                    q("AAPL", "USD", .exchange, "2024-03-15T21:00", 190),
                    q("USD", "UAH", .nbu, "2024-03-01T00:00", 38),
                ])
            )
        )
        #expect(late.points.map(\.value) == [6840.0])
        #expect(late.missing.map(\.pair) == [CurrencyPair("USD", "UAH")])
    }
}
