import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

/// The income calendar over generated multi-currency ledgers (`GeneratedLedger` stretched over thirteen
/// months: dividends in USD, EUR and UAH with tax withheld, interest with tax, splits, sales beyond the
/// holding): each month's paid gross is the value bridge's dividends and interest of that month, its
/// withheld the bridge's taxes, and its net what the ledger's income received that month (the income
/// table's dividends and interest at the month's end less at the previous one's).
@Suite("Income: paid months add up to the ledger's")
struct IncomeIdentityTests {
    static let base = GeneratedLedger.base
    static let days = 400

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func paidPerMonthIsTheLedgersDividendsAndInterest(seed: UInt64) throws {
        let ledger = GeneratedLedger(seed: seed, days: Self.days, events: 300)
        let rates = CrossRates(book: PriceBook(ledger.quotes))
        let replay = HoldingsReplay(trades: ledger.trades, cashTransactions: ledger.cash)
        let last = d("2024-01-01").advanced(by: Self.days - 1)
        let projection = IncomeProjection(
            trades: ledger.trades,
            cashTransactions: ledger.cash,
            valuation: rates.value(replay.holdings(at: last.end), in: Self.base),
            rates: rates
        )
        let calendar = IncomeCalendar(projection, months: 24)
        let first = Day(try #require(replay.firstTime))
        let history = PerformanceHistory(
            replay: replay,
            rates: rates,
            base: Self.base,
            range: try DayRange(from: first.advanced(by: -1), to: last)
        )
        let attribution = ReturnAttribution(
            history: history,
            replay: replay,
            trades: ledger.trades,
            cashTransactions: ledger.cash,
            rates: rates
        )
        let inception = try #require(attribution.inception)
        var receivedBefore = 0.0
        var monthsPaid = 0
        var gross = CompensatedSum()
        for row in calendar.rows where row.status == .paid {
            let month = try #require(row.month)
            let label = "seed \(seed) \(month.iso)"
            let paid = try #require(row.gross, "\(label)")
            // The bridge starts at inception (the first day with a return): a payment before it, on a day
            // nothing was held yet (interest on a first deposit), is in the ledger but in no bridge.
            let beforeInception = projection.paid.contains { $0.day.firstOfMonth == month && $0.day < inception }
            if month.lastOfMonth >= inception && !beforeInception {
                let range = try DayRange(from: max(month, inception), to: min(month.lastOfMonth, last))
                let bridge = attribution.bridge(over: range)
                #expect(close(paid, try #require(bridge.dividends) + #require(bridge.interest), 1e-9), "\(label)")
                #expect(close(row.withheld, try #require(bridge.taxes), 1e-9), "\(label)")
            }
            let income = PortfolioIncomeTests.income(
                ledger.trades,
                cash: ledger.cash,
                method: .fifo,
                asOf: min(month.lastOfMonth, last).end,
                rates: rates,
                base: Self.base
            )
            let received = try #require(income.dividends) + #require(income.interest)
            #expect(close(row.net, received - receivedBefore, 1e-9), "\(label)")
            receivedBefore = received
            gross += paid
            if paid > 0 { monthsPaid += 1 }
        }
        // Every month of the ledger is in the span, and most of them paid something.
        #expect(monthsPaid >= 10, "seed \(seed)")
        let total = try #require(calendar.totals.first { $0.status == .paid })
        #expect(close(total.gross, gross.value, 1e-12))
        #expect(close(total.gross, projection.paid.map { $0.grossInBase ?? .nan }.reduce(0, +), 1e-9))
    }
}
