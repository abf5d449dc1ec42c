import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Income from the one ledger")
struct PortfolioIncomeTests {
    // The worked example: buy 5 at 120, buy 10 at 110, sell 5 at 130, in a USD portfolio.
    let example = [
        buy(1, "2024-01-01T10:00", "ACME", 5, at: 120),
        buy(2, "2024-01-02T10:00", "ACME", 10, at: 110),
        sell(3, "2024-01-03T10:00", "ACME", 5, at: 130),
    ]
    let acmeAt125 = CrossRates(book: PriceBook([q("ACME", "USD", .exchange, "2024-01-04", 125)]))

    func income(
        _ method: CostBasisMethod,
        _ trades: [Trade]? = nil,
        cash: [CashTransaction] = [],
        asOf: String = "2024-12-31",
        rates: CrossRates? = nil,
        base: AssetCode = "USD"
    ) -> PortfolioIncome {
        Self.income(trades ?? example, cash: cash, method: method, asOf: t(asOf), rates: rates ?? acmeAt125, base: base)
    }

    /// Income with the holdings replayed and valued at `asOf`, as the tables and reports compute it.
    static func income(
        _ trades: [Trade],
        cash: [CashTransaction],
        method: CostBasisMethod,
        asOf: Date,
        rates: CrossRates,
        base: AssetCode
    ) -> PortfolioIncome {
        let holdings = HoldingsReplay(trades: trades, cashTransactions: cash).holdings(at: asOf)
        return PortfolioIncome(
            trades: trades,
            cashTransactions: cash,
            method: method,
            valuation: rates.value(holdings, in: base),
            rates: rates
        )
    }

    @Test func workedExample() throws {
        #expect(try income(.fifo).position("ACME").realised == 50)
        #expect(close(try income(.average).position("ACME").realised, 5 * (130 - 1700.0 / 15)))
        #expect(String(format: "%.2f", try income(.average).position("ACME").realised!) == "83.33")
        // LIFO sells the newest lot (10 at 110) first: 5 × (130 − 110).
        #expect(try income(.lifo).position("ACME").realised == 100)
    }

    @Test func whatIsLeftAfterTheSale() throws {
        let fifo = try income(.fifo, asOf: "2024-01-04T12:00").position("ACME")
        let lifo = try income(.lifo).position("ACME")
        let average = try income(.average).position("ACME")
        #expect(fifo.quantity == 10 && fifo.costBasis == 1100 && fifo.averageCost == 110)
        #expect(lifo.quantity == 10 && lifo.costBasis == 600 + 550 && lifo.averageCost == 115)
        #expect(average.quantity == 10 && close(average.costBasis, 1700.0 * 10 / 15))
        #expect(fifo.price == 125 && fifo.value == 1250 && fifo.unrealised == 150)
        #expect(try income(.fifo, asOf: "2024-01-02T12:00").position("ACME").realised == 0)
    }

    @Test func feesAddToCostAndReduceProceeds() throws {
        let trades = [
            buy(1, "2024-01-01", "ACME", 10, at: 100, fee: 5), sell(2, "2024-01-02", "ACME", 4, at: 120, fee: 2),
        ]
        let rates = CrossRates(book: PriceBook([q("ACME", "USD", .exchange, "2024-01-05", 110)]))
        let p = try income(.fifo, trades, asOf: "2024-01-06", rates: rates).position("ACME")
        // Proceeds 480 − 2, cost 4 × 100.5.
        #expect(p.realised == 76)
        #expect(p.quantity == 6 && p.costBasis == 603)
        #expect(p.price == 110 && p.unrealised == 57)
    }

    @Test func feeInTheAssetReducesWhatABuyDelivers() throws {
        let rates = CrossRates(book: PriceBook([q("BTC", "USD", .exchange, "2024-01-01", 40_000)]))
        let p = try income(
            .fifo,
            [buy(1, "2024-01-01", "BTC", 1, at: 40_000, fee: 0.001, feeIn: "BTC")],
            asOf: "2024-01-02",
            rates: rates
        ).position("BTC")
        #expect(p.quantity == 0.999 && p.costBasis == 40_000)
    }

    /// The example: closes 5, 8, 7, 9, 12 on 1–5 Jan; a sale beyond the holding opens a short lot
    /// that the next buy covers first.
    @Test func aSaleBeyondTheHoldingOpensAShortThatTheNextBuyCovers() throws {
        let trades = [
            buy(1, "2024-01-01T12:00", "XYZ", 10, at: 5), sell(2, "2024-01-02T12:00", "XYZ", 15, at: 8),
            buy(3, "2024-01-03T12:00", "XYZ", 10, at: 7), sell(4, "2024-01-04T12:00", "XYZ", 2, at: 9),
        ]
        let closes = [5.0, 8, 7, 9, 12].enumerated().map {
            q("XYZ", "USD", .exchange, "2024-01-0\($0.offset + 1)T21:00", $0.element)
        }
        let rates = CrossRates(book: PriceBook(closes))
        let cash = [deposit(10, "2024-01-01T09:00", 100)]
        let fifo = income(.fifo, trades, cash: cash, asOf: "2024-01-05T23:00", rates: rates)
        let xyz = try fifo.position("XYZ")
        #expect(xyz.quantity == 3 && xyz.realised == 39 && xyz.unrealised == 15)
        #expect(try fifo.position("USD").quantity == 118)
        #expect(fifo.realised == 39 && fifo.unrealised == 15)
        // Value 118 + 3 × 12 = 154, net deposits 100.
        #expect(fifo.realised! + fifo.unrealised! == 54)

        let short = try income(.fifo, trades, cash: cash, asOf: "2024-01-02T23:00", rates: rates).position("XYZ")
        #expect(short.quantity == -5 && short.costBasis == -40 && short.realised == 30)
        #expect(short.value == -40 && short.unrealised == 0)
    }

    @Test func paidInAnotherCurrencyTheAssetCostsWhatWasPaidThenAndTheCurrencyRealisesItsGain() throws {
        // 1000 USD deposited at 38, 5 AAPL bought at 180 when USD is 40, valued when USD is 41.
        let rates = CrossRates(
            book: PriceBook([
                q("USD", "UAH", .nbu, "2024-03-01T00:00", 38), q("USD", "UAH", .nbu, "2024-03-02T00:00", 40),
                q("USD", "UAH", .nbu, "2024-03-03T00:00", 41), q("AAPL", "USD", .exchange, "2024-03-03T00:00", 200),
            ])
        )
        let i = income(
            .fifo,
            [buy(2, "2024-03-02T10:00", "AAPL", 5, at: 180, fee: 1)],
            cash: [deposit(1, "2024-03-01T09:00", 1000)],
            asOf: "2024-03-03T12:00",
            rates: rates,
            base: "UAH"
        )
        let usd = try i.position("USD")
        let aapl = try i.position("AAPL")
        #expect(usd.quantity == 99 && usd.costBasis == 99 * 38)
        let gain: Double = 901 * (40 - 38)
        #expect(usd.realised == gain)
        #expect(aapl.costBasis == 901 * 40 && aapl.value == 1000 * 41)
        #expect(close(i.realised! + i.unrealised!, 99 * 41 + 1000 * 41 - 38_000))
        #expect(i.disposals.map(\.asset) == ["USD", "USD"])  // the fee, then the price
    }

    @Test func aMissingRateLeavesOnlyWhatItPricedUndefined() throws {
        // No USD/UAH quote before the deposit: its lot's cost is unknown until it is spent.
        let rates = CrossRates(
            book: PriceBook([
                q("USD", "UAH", .nbu, "2024-03-02T00:00", 40),
                q("AAPL", "USD", .exchange, "2024-03-02T00:00", 200),
            ])
        )
        let i = income(
            .fifo,
            [buy(2, "2024-03-02T10:00", "AAPL", 5, at: 180)],
            cash: [deposit(1, "2024-03-01T09:00", 1000)],
            asOf: "2024-03-02T12:00",
            rates: rates,
            base: "UAH"
        )
        #expect(try i.position("AAPL").unrealised == 5 * 20 * 40)
        #expect(try i.position("USD").costBasis == nil && i.realised == nil && i.unrealised == nil)
        #expect(!i.missing.isEmpty)
    }

    @Test func aMissingPriceLeavesUnrealisedUndefined() throws {
        let i = income(.fifo, asOf: "2024-06-01", rates: CrossRates(book: PriceBook([])))
        #expect(try i.position("ACME").unrealised == nil)
        #expect(i.unrealised == nil && i.realised == 50)
        #expect(i.missing.count == 1)
        #expect(throws: AnalyticsError.unknownAsset("ZZZ", argument: "asset")) { try i.position("ZZZ") }
        #expect(
            i.table.columns.map(\.name) == [
                "asset", "quantity", "cost_basis_usd", "average_cost_usd", "price_usd",
                "value_usd", "realised_usd", "unrealised_usd", "dividends_usd", "interest_usd",
                "account_fees_usd", "total_usd",
            ]
        )
    }

    /// A USD portfolio: 4,000 in, 10 XYZ at 400; a 4-for-1 split (40 at 100, the cost kept); a dividend of
    /// 10 with 1.50 withheld; interest of 2; an account fee of 1; 20 sold at 110 (FIFO realises 200).
    @Test func dividendsInterestFeesAndASplit() throws {
        let cash = [
            CashTransaction(id: 1, time: t("2024-01-01T09:00"), kind: .deposit, currency: "USD", amount: 4_000),
            CashTransaction(
                id: 2,
                time: t("2024-02-01T09:00"),
                kind: .split,
                currency: "XYZ",
                amount: 0,
                asset: "XYZ",
                ratio: 4
            ),
            CashTransaction(
                id: 3,
                time: t("2024-03-01T09:00"),
                kind: .dividend,
                currency: "USD",
                amount: 10,
                asset: "XYZ",
                tax: 1.5
            ),
            CashTransaction(id: 4, time: t("2024-03-02T09:00"), kind: .interest, currency: "USD", amount: 2),
            CashTransaction(id: 5, time: t("2024-03-03T09:00"), kind: .fee, currency: "USD", amount: 1),
        ]
        let trades = [buy(6, "2024-01-02T10:00", "XYZ", 10, at: 400), sell(7, "2024-04-01T10:00", "XYZ", 20, at: 110)]
        let rates = CrossRates(book: PriceBook([q("XYZ", "USD", .exchange, "2024-04-01", 105)]))
        let i = income(.fifo, trades, cash: cash, asOf: "2024-04-02", rates: rates)
        let xyz = try i.position("XYZ")
        let usd = try i.position("USD")
        #expect(xyz.quantity == 20 && xyz.costBasis == 2_000 && xyz.averageCost == 100)
        #expect(xyz.realised == 200 && xyz.unrealised == 100 && xyz.dividends == 8.5)
        #expect(usd.quantity == 2_200 + 8.5 + 2 - 1 && usd.interest == 2 && usd.accountFees == 1)
        #expect(i.dividends == 8.5 && i.interest == 2 && i.accountFees == 1)
        // Value 20 × 105 + 2,209.50 = 4,309.50; net deposits 4,000: 200 + 100 + 8.50 + 2 − 1 = 309.50.
        #expect(i.total == 309.5 && i.valueTotal == 4_309.5)
        // The split is not a transfer: net deposits stay 4,000, and so does a time-weighted return's flow.
        #expect(Transfers(cash, rates: rates, base: "USD").all.map(\.kind) == [.deposit])
        // Before the split the holding is 10 at 400, after it 40 at 100.
        let before = HoldingsReplay(trades: trades, cashTransactions: cash)
        #expect(before.holdings(at: t("2024-01-31"))["XYZ"] == 10 && before.holdings(at: t("2024-02-02"))["XYZ"] == 40)
    }
}
