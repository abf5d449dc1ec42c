import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The tax a rebalancing sale would cost a Ukrainian resident, booked by the tax year's own FIFO.
@Suite("Rebalancing: tax estimate of a sale")
struct RebalanceTaxTests {
    static let rates = TaxRates(
        personalIncomeTax: [.init(percent: 18, law: "test")],
        militaryLevy: [.init(percent: 1.5, law: "test")],
        carryLossesForward: false,
        source: "test"
    )

    @Test func aSaleIsTaxedAsTheTaxYearWouldBookIt() throws {
        // Base UAH. 4 AAPL bought at 90 USD on 2024-01-09 (NBU 36.50), then 6 at 100 on 2024-01-10
        // (NBU 37.00). On 2024-06-03 AAPL is 150 USD and the dollar 40 UAH: 10 × 150 × 40 = 60,000 UAH.
        // Targets AAPL 50, UAH 50 with --sell: goals 30,000 each, so 30,000 / (150 × 40) = 5 AAPL sold.
        // FIFO: 4 from the first lot, 1 from the second.
        //   proceeds 5 × 150 × 40 = 30,000.00 (4 × 6,000 = 24,000.00 and 6,000.00)
        //   cost 4 × 90 × 36.50 = 13,140.00 and 1 × 100 × 37 = 3,700.00: 16,840.00
        //   result 30,000.00 − 16,840.00 = 13,160.00
        //   tax 13,160.00 × 18 % = 2,368.80, levy × 1.5 % = 197.40: 2,566.20.
        let trades = [
            Trade(
                id: 1,
                time: t("2024-01-09T15:00"),
                side: .buy,
                asset: "AAPL",
                quantity: 4,
                price: 90,
                priceCurrency: "USD"
            ),
            Trade(
                id: 2,
                time: t("2024-01-10T15:00"),
                side: .buy,
                asset: "AAPL",
                quantity: 6,
                price: 100,
                priceCurrency: "USD"
            ),
        ]
        let rates = CrossRates(
            book: PriceBook([
                q("AAPL", "USD", .exchange, "2024-06-03T20:00", 150), q("USD", "UAH", .nbu, "2024-06-03T00:00", 40),
            ]),
            preference: MarketPreference(kinds: ["AAPL": .stock, "USD": .fiat])
        )
        let valuation = rates.value(Holdings(time: d("2024-06-03").end, quantities: ["AAPL": 10]), in: "UAH")
        let targets = try PortfolioTargets(basis: .asset, lines: [.init("AAPL", 50), .init("UAH", 50)])
        var r = try Rebalancing(valuation, rates: rates, targets: targets, options: .init(sell: true))
        #expect(r.lines.first?.quantity == -5)
        try r.estimateTax(
            trades: trades,
            cashTransactions: [],
            kinds: ["AAPL": .stock, "USD": .fiat],
            official: OfficialRates(["USD": [d("2024-01-09"): 36.5, d("2024-01-10"): 37, d("2024-06-03"): 40]]),
            rates: Self.rates,
            salePrice: { _ in ("USD", 150) }
        )
        #expect(r.lines.map(\.taxEstimate) == [2566.20, nil])
        let table = r.table
        #expect(table.columns.last?.name == "tax_estimate_uah")
        #expect(table.number(2, "tax_estimate_uah") == 2566.20)
        // A buy, or a sale at a loss, costs no tax: at 80 USD the same sale would lose money.
        var loss = try Rebalancing(valuation, rates: rates, targets: targets, options: .init(sell: true))
        try loss.estimateTax(
            trades: trades,
            cashTransactions: [],
            kinds: ["AAPL": .stock, "USD": .fiat],
            official: OfficialRates(["USD": [d("2024-01-09"): 36.5, d("2024-01-10"): 37, d("2024-06-03"): 40]]),
            rates: Self.rates,
            salePrice: { _ in ("USD", 80) }
        )
        #expect(loss.lines.first?.taxEstimate == 0)
    }
}
