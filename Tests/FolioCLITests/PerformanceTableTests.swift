import Foundation
import Testing

/// `folio table performance`, `drawdowns` and `monthly-returns` on the demo database: the figures
/// agree with each other the way a reader would check them.
@Suite struct PerformanceTableTests {
    @Test func periodsDrawdownsAndMonthsAgree() throws {
        let performance = try FolioProcess.json([
            "table", "performance", "--portfolio", "Demo UAH", "--benchmark", "USD",
        ])
        #expect(performance.rows.map { $0["period"] as? String } == ["1M", "3M", "YTD", "1Y", "3Y", "inception"])
        #expect(performance.columns.map(\.name).suffix(4) == ["usd", "difference", "beta", "correlation"])
        let drawdowns = try FolioProcess.json(["table", "drawdowns", "--portfolio", "Demo UAH"])
        #expect(drawdowns.rows.count == 5)
        // The deepest drawdown since inception is the first row of the drawdowns table.
        let inception = performance.row("period", "inception")
        #expect(performance.number(inception, "max_drawdown") == drawdowns.number(drawdowns.rows.first, "depth"))
        // The year-to-date return is the compounded months of this year.
        let months = try FolioProcess.json(["table", "monthly-returns", "--portfolio", "Demo UAH"])
        let year = try #require(months.row("year", "2018"))
        let ytd = try #require(performance.number(performance.row("period", "YTD"), "twr"))
        #expect(abs(ytd - (months.number(year, "year_return") ?? .nan)) < 1e-9)
        let jan = try #require(months.number(year, "jan"))
        let feb = try #require(months.number(year, "feb"))
        #expect(abs(((1 + jan / 100) * (1 + feb / 100) - 1) * 100 - ytd) < 1e-9)
    }

    @Test func badOptionsAreRefusedInOneLine() throws {
        for (arguments, message) in [
            (
                ["table", "performance", "--portfolio", "Demo UAH", "--benchmark", "ZZZ"],
                "Error: --benchmark: unknown asset ZZZ"
            ),
            (
                ["table", "drawdowns", "--portfolio", "Demo UAH", "--risk-free", "2"],
                "Error: --risk-free: not used by the drawdowns table"
            ),
            (
                ["table", "performance", "--portfolio", "Demo UAH", "--risk-free", "200"],
                "Error: --risk-free: 200.0 is not an annual percent"
            ),
        ] {
            let result = try FolioProcess.run(arguments + ["--db", try DemoDatabase.path()])
            #expect(result.status == 1 && result.stderr.hasPrefix(message), "\(arguments): \(result.stderr)")
        }
    }
}
