import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// Tables end where charts end and show what charts show: with a portfolio (named, or the database's
/// only one), at its as-of day and of its largest holdings; of named assets, at the earliest of their
/// last days. The database is the demo's shape: stock closes stop (10 Feb 2024) long before the
/// dollar's rate does (30 Jun 2025).
@Suite struct TableDefaultsTests {
    let db: TemporaryStore

    init() throws {
        db = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n"
        for n in 0..<60 {
            let day = d("2024-01-01").advanced(by: n)
            quotes +=
                "\(day.iso),USD,UAH,\(37 + Double(n % 7) / 10),nbu,nbu\n\(day.iso),EUR,UAH,\(41 + Double(n % 5) / 10),nbu,nbu\n"
            if day <= d("2024-02-10") {
                quotes +=
                    "\(day.iso),AAPL,USD,\(180 + Double(n % 11)),exchange,test\n\(day.iso),MSFT,USD,\(400 + Double(n % 13)),exchange,test\n"
            }
        }
        quotes += "2025-06-30,USD,UAH,41.5,nbu,nbu\n2025-06-30,EUR,UAH,47.2,nbu,nbu\n"
        try db.importText(quotes, as: .quotes)
        _ = try db.store.addPortfolio(name: "P", baseCurrency: "UAH")
        try db.importText(
            "time,type,currency,amount\n2024-01-01T09:00:00Z,deposit,UAH,1000000\n",
            as: .transactions,
            portfolio: "P"
        )
        // 10,000 USD bought; 20 AAPL (~3,700 USD) and 10 MSFT (~4,050 USD) paid from them: MSFT, AAPL, USD.
        try db.importText(
            """
            time,side,asset,quantity,price,price_currency
            2024-01-02T10:00:00Z,buy,USD,10000,37.1,UAH
            2024-01-03T15:00:00Z,buy,AAPL,20,182,USD
            2024-01-03T15:00:00Z,buy,MSFT,10,402,USD
            """,
            as: .trades,
            portfolio: "P"
        )
    }

    func table(_ request: TableRequest) throws -> (table: ResultTable, warnings: [String]) {
        var warnings: [String] = []
        let table = try request.table(from: StoredInputs(db.store), warnings: &warnings)
        return (table, warnings)
    }

    @Test func aPortfoliosCorrelationEndsAtItsAsOfDayWithItsHoldings() throws {
        let (matrix, warnings) = try table(TableRequest(name: "correlation", portfolio: "P"))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(matrix.columns.map(\.name) == ["asset", "AAPL", "MSFT", "USD"])
        let (returns, _) = try table(TableRequest(name: "returns", portfolio: "P"))
        #expect(returns.rows.last?.first == .day(d("2024-02-10")))
    }

    @Test func aPortfoliosRollingCorrelationIsOfItsTwoLargestHoldings() throws {
        let (rolling, warnings) = try table(TableRequest(name: "rolling-correlation", portfolio: "P", window: 10))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(rolling.rows.last?.first == .day(d("2024-02-10")))
        var request = ChartRequest(kind: .line)
        try request.set(.data, ["rolling-correlation"])
        try request.set(.portfolio, ["P"])
        try request.set(.window, ["10"])
        let chart = try ChartPipeline.document(request, inputs: StoredInputs(db.store))
        #expect(chart.asOf == d("2024-02-10") && chart.title.contains("MSFT") && chart.title.contains("AAPL"))
    }

    @Test func aPortfolioHoldingOneAssetHasNoPairToRoll() throws {
        _ = try db.store.addPortfolio(name: "Dollars", baseCurrency: "UAH")
        try db.importText(
            "time,side,asset,quantity,price,price_currency\n2024-01-02T10:00:00Z,buy,USD,100,37.1,UAH\n",
            as: .trades,
            portfolio: "Dollars"
        )
        #expect(
            throws: ArgumentError(
                "--portfolio",
                "\"Dollars\" holds fewer than two assets with daily returns in UAH (USD); name two with --asset"
            )
        ) {
            try table(TableRequest(name: "rolling-correlation", portfolio: "Dollars"))
        }
    }

    @Test func thePriceTablesOfTheOnlyPortfolioNeedNoName() throws {
        let (window, warnings) = try table(TableRequest(name: "window"))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(window.rows.map { $0.first } == [.text("MSFT"), .text("AAPL"), .text("USD")])
        #expect(window.rows.allSatisfy { $0[3] == .time(t("2024-02-10T00:00:00Z")) })  // last_time: the as-of day
    }

    /// `folio table normalised --asset AAPL EUR` and `folio chart compare --asset AAPL EUR` end on the same
    /// day: AAPL's last close, not the euro's last rate a year later.
    @Test func namedAssetsEndAtTheEarliestOfTheirLastDaysAsInCharts() throws {
        let (normalised, warnings) = try table(TableRequest(name: "normalised", assets: ["AAPL", "EUR"]))
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(normalised.rows.last?.first == .day(d("2024-02-10")))
        var request = ChartRequest(kind: .compare)
        try request.set(.asset, ["AAPL", "EUR"])
        let chart = try ChartPipeline.document(request, inputs: StoredInputs(db.store))
        #expect(chart.asOf == d("2024-02-10"))
    }
}
