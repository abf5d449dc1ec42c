import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Cash flows, converter, budget")
struct FlowsConverterBudgetTests {
    @Test func depositsAndWithdrawalsPerMonth() throws {
        let rates = CrossRates(book: PriceBook([q("EUR", "USD", .exchange, "2024-01-01", 1.1)]))
        let flows = CashFlowsByMonth(
            cashTransactions: [
                deposit(1, "2024-01-05T10:00", 1000), deposit(2, "2024-01-06T10:00", 500, "EUR"),
                withdrawal(3, "2024-01-20T10:00", 200, fee: 2), deposit(4, "2024-03-02T10:00", 300, fee: 3),
                deposit(5, "2024-02-02T10:00", 9999, status: .failed),
            ],
            rates: rates,
            base: "USD"
        )
        #expect(flows.months.map(\.label) == ["2024-01", "2024-02", "2024-03"])
        #expect(flows.months.map(\.deposits) == [1550, 0, 300])
        #expect(flows.months.map(\.withdrawals) == [200, 0, 0])
        #expect(flows.months.map(\.fees) == [2, 0, 3])
        #expect(flows.months.map(\.net) == [1350, 0, 300])
        let ranged = CashFlowsByMonth(
            cashTransactions: [deposit(1, "2024-01-05T10:00", 1000)],
            rates: rates,
            base: "USD",
            range: try DayRange(from: d("2023-12-15"), to: d("2024-02-01"))
        )
        #expect(ranged.months.map(\.label) == ["2023-12", "2024-01", "2024-02"])
        #expect(CashFlowsByMonth(cashTransactions: [], rates: rates, base: "USD").months.isEmpty)
        let missing = CashFlowsByMonth(
            cashTransactions: [deposit(1, "2024-01-05", 10, "GBP")],
            rates: rates,
            base: "USD"
        )
        #expect(missing.months[0].deposits == nil && missing.missing.count == 1)
    }

    let crypto = Converter(
        rates: CrossRates(
            book: PriceBook([
                q("BTC", "USD", .exchange, "2025-06-01T00:00", 108_953),
                q("ETH", "USD", .exchange, "2025-06-01T00:00", 2547.43),
                q("USD", "UAH", .cash, "2025-06-01T00:00", 41.5, bid: 41.3, ask: 41.7),
                q("USD", "UAH", .nbu, "2025-06-01T00:00", 41.4),
            ])
        )
    )

    @Test func workedExample() throws {
        let btc = try crypto.convert(37_500, from: "USD", to: "BTC", at: t("2025-06-01T12:00"))
        let eth = try crypto.convert(37_500, from: "USD", to: "ETH", at: t("2025-06-01T12:00"))
        #expect(btc.result == 37_500 / 108_953.0)
        #expect(String(format: "%.4f", btc.result) == "0.3442")
        #expect(String(format: "%.4f", eth.result) == "14.7207")
        #expect(btc.quotes.map(\.inverted) == [true])
        let back = try crypto.convert(0.5, from: "BTC", to: "UAH", at: t("2025-06-01T12:00"))
        #expect(back.result == 0.5 * 108_953 * 41.4)
        #expect(back.table.rows.count == 3)
    }

    @Test func marketAndSide() throws {
        let at = t("2025-06-01T12:00")
        #expect(try crypto.convert(100, from: "USD", to: "UAH", at: at, side: .buy, market: .cash).result == 4130)
        #expect(try crypto.convert(4170, from: "UAH", to: "USD", at: at, side: .sell, market: .cash).result == 100)
        #expect(try crypto.convert(100, from: "USD", to: "UAH", at: at).result == 4140)
        #expect(try crypto.convert(7, from: "EUR", to: "EUR", at: at).result == 7)
    }

    @Test func badInputNamesTheArgument() {
        let at = t("2025-06-01T12:00")
        #expect(throws: AnalyticsError.unknownAsset("XYZ", argument: "from")) {
            try crypto.convert(1, from: "XYZ", to: "USD", at: at)
        }
        #expect(throws: AnalyticsError.unknownAsset("XYZ", argument: "to")) {
            try crypto.convert(1, from: "USD", to: "XYZ", at: at)
        }
        #expect(throws: AnalyticsError.unknownMarket("moon", argument: "market")) {
            try crypto.convert(1, from: "USD", to: "UAH", at: at, market: "moon")
        }
        do {
            _ = try crypto.convert(1, from: "USD", to: "BTC", at: t("2025-07-01"))
            Issue.record("a month-old price must not be used")
        } catch {
            #expect(
                error.description
                    == "BTC/USD quote (exchange) missing at 2025-07-01T00:00:00Z: the last one, 2025-06-01T00:00:00Z, is too old"
            )
        }
    }

    let entries = [
        BudgetEntry(id: 1, day: d("2024-01-01"), kind: .income, category: "salary", amount: 3000, currency: "UAH"),
        BudgetEntry(id: 2, day: d("2024-01-03"), kind: .expense, category: "food", amount: 600, currency: "UAH"),
        BudgetEntry(id: 3, day: d("2024-01-05"), kind: .expense, category: "rent", amount: 1200, currency: "UAH"),
        BudgetEntry(id: 4, day: d("2024-01-09"), kind: .expense, category: "fun", amount: 200, currency: "UAH"),
        BudgetEntry(id: 5, day: d("2024-02-01"), kind: .income, category: "salary", amount: 3000, currency: "UAH"),
        BudgetEntry(id: 6, day: d("2024-02-11"), kind: .income, category: "freelance", amount: 1000, currency: "UAH"),
        BudgetEntry(id: 7, day: d("2024-02-12"), kind: .expense, category: "food", amount: 800, currency: "UAH"),
        BudgetEntry(id: 8, day: d("2024-02-14"), kind: .expense, category: "fun", amount: 10, currency: "USD"),
    ]

    @Test func budgetTotals() throws {
        let rates = CrossRates(book: PriceBook([q("USD", "UAH", .nbu, "2024-02-14T00:00", 40)]))
        let budget = BudgetSummary(entries: entries, currency: "UAH", rates: rates)
        #expect(budget.months.map(\.month) == ["2024-01", "2024-02"])
        #expect(budget.months.map(\.income) == [3000, 4000])
        #expect(budget.months.map(\.expenses) == [2000, 1200])
        #expect(budget.months.map(\.balance) == [1000, 2800])
        #expect(budget.income == 7000 && budget.expenses == 3200 && budget.balance == 3800)
        let jan = budget.lines.filter { $0.month == "2024-01" }
        #expect(jan.map(\.category) == ["salary", "food", "fun", "rent"])
        #expect(jan.map(\.share) == [100, 30, 10, 60])
        #expect(budget.categories.map(\.category) == ["salary", "freelance", "food", "rent", "fun"])
        #expect(budget.categories.map(\.amount) == [6000, 1000, 1400, 1200, 600])
        #expect(close(budget.categories[0].share, 6000.0 / 7000 * 100))
        #expect(budget.categories.map(\.share).suffix(3) == [43.75, 37.5, 18.75])
        #expect(budget.monthsTable.rows.last == [.text("Total"), .number(7000), .number(3200), .number(3800)])
        #expect(budget.categoriesTable.rows.count == 5)
        #expect(budget.table.rows.count == 8)
    }

    @Test func budgetWithoutARateSaysSo() throws {
        let budget = BudgetSummary(
            entries: entries,
            currency: "UAH",
            range: try DayRange(from: d("2024-02-01"), to: d("2024-02-29"))
        )
        #expect(budget.months.map(\.income) == [4000])
        #expect(budget.months.map(\.expenses) == [nil])
        #expect(budget.balance == nil)
        #expect(budget.missing.map(\.pair) == [CurrencyPair("USD", "UAH")])
        #expect(BudgetSummary(entries: [], currency: "UAH").months.isEmpty)
    }
}
