import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The identities a reader checks on a report, over generated ledgers: for every method and every day,
/// Σ realised + Σ unrealised + dividends + interest − account fees = value − net deposits, each quantity
/// equals the holdings' quantity, and the value table's realised equals the income table's.
@Suite("One ledger: figures that add up")
struct LedgerIdentityTests {
    static let days = GeneratedLedger.days
    static let base = GeneratedLedger.base
    static func ledger(seed: UInt64) -> GeneratedLedger { GeneratedLedger(seed: seed) }

    @Test func theGeneratedLedgersOversellAndPayFeesInEveryWay() {
        let ledgers = (1...6).map { Self.ledger(seed: $0) }
        #expect(
            ledgers.allSatisfy { !HoldingsReplay(trades: $0.trades, cashTransactions: $0.cash).diagnostics.isEmpty }
        )
        let trades = ledgers.flatMap(\.trades)
        #expect(
            trades.contains { $0.feeCurrency == $0.asset }
                && trades.contains { $0.feeCurrency == "EUR" && $0.priceCurrency != "EUR" }
        )
        #expect(ledgers.flatMap(\.cash).contains { $0.kind == .withdrawal && $0.fee > 0 && $0.status == .completed })
        let kinds = Set(ledgers.flatMap(\.cash).map(\.kind))
        #expect(kinds == Set(CashTransactionKind.allCases))
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func realisedPlusUnrealisedIsValueLessNetDepositsEveryDay(seed: UInt64) throws {
        let ledger = Self.ledger(seed: seed)
        let rates = CrossRates(book: PriceBook(ledger.quotes))
        let replay = HoldingsReplay(trades: ledger.trades, cashTransactions: ledger.cash)
        let range = try DayRange(from: d("2024-01-01"), to: d("2024-01-30"))
        for method in CostBasisMethod.allCases {
            let whole = PortfolioIncomeTests.income(
                ledger.trades,
                cash: ledger.cash,
                method: method,
                asOf: range.to.end,
                rates: rates,
                base: Self.base
            )
            let series = ValueSeries(replay: replay, rates: rates, base: Self.base, range: range, realisedIncome: whole)
            for (i, day) in range.enumerated() {
                // The ledger's own quantities, not the valuation's, so that they can be compared with the replay.
                let ledgerBooks = CostBasisLedger(
                    trades: ledger.trades,
                    cashTransactions: ledger.cash,
                    method: method,
                    asOf: day.end,
                    rates: rates,
                    base: Self.base
                ).books
                let income = PortfolioIncomeTests.income(
                    ledger.trades,
                    cash: ledger.cash,
                    method: method,
                    asOf: day.end,
                    rates: rates,
                    base: Self.base
                )
                let realised = try #require(income.realised)
                let total = try #require(income.total)
                let income_ = try #require(series.income[i])
                let scale = max(1, try #require(series.total[i]).magnitude, series.netDeposits[i]!.magnitude)
                #expect(abs(total - income_) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                #expect(abs(realised - series.realised[i]!) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                // The value table's split of income is the income table's, dividends and fees apart.
                #expect(
                    abs(try #require(income.unrealised) - series.unrealised[i]!) <= 1e-9 * scale,
                    "\(method) \(day.iso) seed \(seed)"
                )
                let received = try #require(income.dividends) + #require(income.interest) - #require(income.accountFees)
                #expect(abs(received - series.received[i]!) <= 1e-9 * scale, "\(method) \(day.iso) seed \(seed)")
                let held = replay.holdings(at: day.end)
                for (asset, book) in ledgerBooks {
                    #expect(
                        abs(book.quantity - held[asset]) <= 1e-9 * max(1, held[asset].magnitude),
                        "\(asset) \(day.iso)"
                    )
                }
                for asset in held.assets { #expect(ledgerBooks[asset] != nil) }
            }
        }
    }
}
