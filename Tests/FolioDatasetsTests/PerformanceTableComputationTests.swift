import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// The performance tables on a real temporary database: 1,000 USD in on 1 Jan 2024, 0.02 BTC bought on
/// 2 Jan, BTC quoted every day of January (ETH too, the benchmark). The tables agree with each other the
/// way a reader would check them.
@Suite struct PerformanceTableComputationTests {
    let db: TemporaryStore

    init() throws {
        db = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n"
        for i in 0..<31 {
            let day = String(format: "2024-01-%02d", i + 1)
            // A zigzag with a trend, so that no two windows are alike.
            quotes += "\(day),BTC,USD,\(40_000 + 150 * i + (i % 3 == 0 ? -700 : 300 * (i % 4))),exchange,test\n"
            quotes += "\(day),ETH,USD,\(2_000 + 5 * i + 20 * (i % 5)),exchange,test\n"
        }
        try db.importText(quotes, as: .quotes)
        _ = try db.store.addPortfolio(name: "Crypto", baseCurrency: "USD")
        try db.importText(
            "time,type,currency,amount,fee,status\n2024-01-01T09:00:00Z,deposit,USD,1000,0,completed\n",
            as: .transactions,
            portfolio: "Crypto"
        )
        try db.importText(
            "time,side,asset,quantity,price,price_currency\n2024-01-02T12:00:00Z,buy,BTC,0.02,40000,USD\n",
            as: .trades,
            portfolio: "Crypto"
        )
    }

    private func table(
        _ name: String,
        benchmark: String? = nil,
        window: Int? = nil,
        riskFree: Double? = nil
    ) throws -> ResultTable {
        var warnings: [String] = []
        let request = try TableRequest(
            name: name,
            portfolio: "Crypto",
            window: window,
            benchmark: benchmark,
            riskFree: riskFree
        )
        let table = try request.table(from: StoredInputs(db.store), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        return table
    }

    @Test func dailyReturnsCompoundToThePerformancesReturn() throws {
        let daily = try table("daily-returns", benchmark: "ETH")
        #expect(daily.columns.map(\.name) == ["day", "twr", "eth"])
        #expect(daily.cell(0, "day") == .day(d("2024-01-02")))
        var growth = 1.0
        var eth = 1.0
        for i in daily.rows.indices {
            growth *= 1 + daily.number(i, "twr")! / 100
            eth *= 1 + daily.number(i, "eth")! / 100
        }
        let performance = try table("performance", benchmark: "ETH")
        let inception = try #require(performance.rows.firstIndex { $0.first == .text("inception") })
        #expect(close(performance.number(inception, "twr"), (growth - 1) * 100, 1e-12))
        #expect(close(performance.number(inception, "eth"), (eth - 1) * 100, 1e-12))
        // ETH from its close on 1 Jan to 31 Jan, the days the portfolio counts.
        #expect(close(eth, (2_000 + 5 * 30 + 0) / 2_000.0, 1e-12))
    }

    @Test func trailingReturnsAreThePeriodsTheHistoryCovers() throws {
        let trailing = try table("trailing-returns", benchmark: "ETH")
        #expect(
            trailing.columns.map(\.name) == ["period", "from", "to", "twr", "twr_annualised", "eth", "eth_annualised"]
        )
        // A month of history: to date, and since inception; none of them a year.
        #expect(trailing.rows.map { $0.first } == [.text("MTD"), .text("YTD"), .text("inception")])
        #expect(trailing.rows.allSatisfy { $0[4] == nil && $0[6] == nil })
        let performance = try table("performance")
        #expect(trailing.number(2, "twr") == performance.number(performance.rows.count - 1, "twr"))
        #expect(trailing.number(0, "twr") == trailing.number(1, "twr"))
    }

    @Test func rollingTablesAreOneRowPerFullWindow() throws {
        let volatility = try table("rolling-volatility", window: 5)
        let sharpe = try table("rolling-sharpe", window: 5, riskFree: 3)
        let daily = try table("daily-returns")
        #expect(volatility.rows.count == daily.rows.count - 4 && sharpe.rows.count == volatility.rows.count)
        #expect(volatility.cell(0, "day") == daily.cell(4, "day"))
        // The first window by hand: sample deviation of five returns × √365 (crypto moves every day).
        let r = (0..<5).map { daily.number($0, "twr")! / 100 }
        let mean = r.reduce(0, +) / 5
        let sd = (r.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / 4).squareRoot()
        #expect(close(volatility.number(0, "volatility"), sd * 365.0.squareRoot() * 100, 1e-10))
        let rf = pow(1.03, 1.0 / 365) - 1
        #expect(close(sharpe.number(0, "sharpe"), (mean - rf) / sd * 365.0.squareRoot(), 1e-10))
        // Half a year by default: a month has no window.
        #expect(try table("rolling-volatility").rows.isEmpty)
    }

    @Test func optionsTheRollingTablesDoNotReadAreRefused() {
        #expect(throws: ArgumentError("--window", "1 is not valid, a deviation needs at least 2 days")) {
            try TableRequest(name: "rolling-sharpe", window: 1)
        }
        #expect(throws: ArgumentError("--benchmark", "not used by the rolling-volatility table")) {
            try TableRequest(name: "rolling-volatility", benchmark: "ETH")
        }
        #expect(throws: ArgumentError("--risk-free", "not used by the rolling-volatility table")) {
            try TableRequest(name: "rolling-volatility", riskFree: 2)
        }
    }
}
