import Foundation
import Testing

/// The demo portfolios' figures add up across tables, for every cost-basis method: the income table's
/// realised + unrealised is the value table's income (value − net deposits), both tables say the same
/// realised, and each quantity in the income table is the holdings table's.
@Suite struct LedgerIdentityCLITests {
    static let cases: [(portfolio: String, day: String)] = [
        ("Demo UAH", "2018-02-07"), ("Demo UAH", "2016-06-30"), ("DSX crypto", "2020-06-30"),
        ("DSX crypto", "2019-09-30"),
    ]

    @Test(arguments: ["fifo", "average", "lifo"])
    func incomeAddsUpToValueLessNetDeposits(_ method: String) throws {
        for (portfolio, day) in Self.cases {
            let base = portfolio == "Demo UAH" ? "uah" : "usd"
            let income = try FolioProcess.json([
                "table", "income", "--portfolio", portfolio, "--as-of", day, "--method", method,
            ])
            let value = try FolioProcess.json([
                "table", "value", "--portfolio", portfolio, "--from", day, "--to", day, "--method", method,
            ])
            let holdings = try FolioProcess.json(["table", "holdings", "--portfolio", portfolio, "--as-of", day])
            let total = income.row("asset", "Total")
            let realised = try #require(income.number(total, "realised_\(base)"))
            let unrealised = try #require(income.number(total, "unrealised_\(base)"))
            let row = try #require(value.rows.last)
            let gain = try #require(value.number(row, "income"))
            let scale = max(1, try #require(value.number(row, "value")))
            #expect(
                abs(realised + unrealised - gain) <= 1e-9 * scale,
                "\(portfolio) \(day) \(method): \(realised) + \(unrealised) vs \(gain)"
            )
            #expect(
                abs(realised - (value.number(row, "realised") ?? .nan)) <= 1e-9 * scale,
                "\(portfolio) \(day) \(method)"
            )
            #expect(
                income.number(total, "value_\(base)")
                    == holdings.number(holdings.row("asset", "Total"), "value_\(base)")
            )
            for h in holdings.rows where h["asset"] as? String != "Total" {
                let asset = try #require(h["asset"] as? String)
                #expect(
                    income.number(income.row("asset", asset), "quantity") == holdings.number(h, "quantity"),
                    "\(portfolio) \(asset)"
                )
            }
        }
    }
}
