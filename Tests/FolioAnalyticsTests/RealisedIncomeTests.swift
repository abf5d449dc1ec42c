import Foundation
import FolioCore
import FolioTestSupport
import Testing
@testable import FolioAnalytics

@Suite("Realised and unrealised income")
struct RealisedIncomeTests {
    // The worked example: buy 5 at 120, buy 10 at 110, sell 5 at 130.
    let example = [
        buy(1, "2024-01-01T10:00", "ACME", 5, at: 120),
        buy(2, "2024-01-02T10:00", "ACME", 10, at: 110),
        sell(3, "2024-01-03T10:00", "ACME", 5, at: 130),
    ]

    func income(_ method: CostBasisMethod, _ trades: [Trade]? = nil) throws -> PositionIncome {
        try RealisedIncome(trades: trades ?? example, method: method, asOf: t("2024-12-31")).position("ACME")
    }

    @Test func workedExample() throws {
        #expect(try income(.fifo).realised == 50)
        #expect(close(try income(.average).realised, 5 * (130 - 1700.0 / 15)))
        #expect(String(format: "%.2f", try income(.average).realised) == "83.33")
        // The issue text says 60 for LIFO, but LIFO sells the newest lot (10 at 110) first:
        // 5 × (130 − 110) = 100. 60 would need the second buy at 118, which contradicts 1700/15.
        #expect(try income(.lifo).realised == 100)
    }

    @Test func whatIsLeftAfterTheSale() throws {
        let fifo = try income(.fifo), lifo = try income(.lifo), average = try income(.average)
        #expect(fifo.quantity == 10 && fifo.costBasis == 1100 && fifo.averageCost == 110)
        #expect(lifo.quantity == 10 && lifo.costBasis == 600 + 550 && lifo.averageCost == 115)
        #expect(average.quantity == 10 && close(average.costBasis, 1700.0 * 10 / 15))
        #expect(fifo.unrealised == nil)  // no rates given
        #expect(RealisedIncome(trades: example, asOf: t("2024-01-02T12:00")).positions[0].realised == 0)
    }

    @Test func feesAddToCostAndReduceProceeds() throws {
        let trades = [buy(1, "2024-01-01", "ACME", 10, at: 100, fee: 5), sell(2, "2024-01-02", "ACME", 4, at: 120, fee: 2)]
        let rates = CrossRates(book: PriceBook([q("ACME", "USD", .exchange, "2024-01-05", 110)]))
        let p = try RealisedIncome(trades: trades, asOf: t("2024-01-06"), rates: rates).position("ACME")
        // Proceeds 480 − 2, cost 4 × 100.5.
        #expect(p.realised == 76)
        #expect(p.quantity == 6 && p.costBasis == 603)
        #expect(p.marketPrice == 110 && p.unrealised == 57)
    }

    @Test func feeInTheAssetReducesWhatABuyDelivers() throws {
        let p = try RealisedIncome(trades: [buy(1, "2024-01-01", "BTC", 1, at: 40_000, fee: 0.001, feeIn: "BTC")],
                                   asOf: t("2024-01-02")).position("BTC")
        #expect(p.quantity == 0.999 && p.costBasis == 40_000)
    }

    @Test func sellingMoreThanHeldIsUnmatched() throws {
        let trades = [buy(1, "2024-01-01", "ACME", 2, at: 10), sell(2, "2024-01-02", "ACME", 3, at: 15)]
        for method in CostBasisMethod.allCases {
            let p = try income(method, trades)
            #expect(p.unmatchedSold == 1)
            #expect(p.realised == 10)
            #expect(p.quantity == 0)
        }
    }

    @Test func portfolioTotalsInTheBaseCurrency() throws {
        let trades = example + [buy(4, "2024-01-02T00:00", "BTC", 0.1, at: 40_000), sell(5, "2024-01-04T00:00", "BTC", 0.05, at: 44_000)]
        let rates = CrossRates(book: PriceBook([
            q("USD", "UAH", .nbu, "2024-01-02T00:00", 38), q("USD", "UAH", .nbu, "2024-01-04T00:00", 39),
            q("ACME", "USD", .exchange, "2024-01-04T00:00", 125), q("BTC", "USD", .exchange, "2024-01-04T00:00", 45_000),
        ]))
        let income = RealisedIncome(trades: trades, method: .fifo, asOf: t("2024-01-05T00:00"), rates: rates, base: "UAH")
        #expect(income.positions.map(\.asset) == ["ACME", "BTC"])
        let acme = try income.position("ACME"), btc = try income.position("BTC")
        #expect(acme.realisedInBase == 1900.0)     // sold on 01-03 at NBU 38
        #expect(acme.unrealised == 150.0)
        #expect(acme.unrealisedInBase == 5850.0)
        #expect(close(btc.realised, 200) && close(btc.realisedInBase, 200 * 39))
        #expect(close(btc.unrealised, 0.05 * 45_000 - 2000))
        #expect(close(income.realisedInBase, 50 * 38 + 200 * 39))
        #expect(close(income.unrealisedInBase, 150 * 39 + 250 * 39))
        #expect(income.missing.isEmpty)
        let table = income.table
        #expect(table.columns.map(\.name).suffix(2) == ["realised_uah", "unrealised_uah"])
        #expect(table.rows.count == 3)
    }

    @Test func missingPriceLeavesUnrealisedUndefined() throws {
        let income = RealisedIncome(trades: example, asOf: t("2024-06-01"), rates: CrossRates(book: PriceBook([])), base: "USD")
        #expect(try income.position("ACME").unrealised == nil)
        #expect(income.unrealisedInBase == nil)
        #expect(income.realisedInBase == 50)
        #expect(income.missing.count == 1)
        #expect(throws: AnalyticsError.unknownAsset("ZZZ", argument: "asset")) { try income.position("ZZZ") }
    }
}
