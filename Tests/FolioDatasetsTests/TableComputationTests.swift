import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// Tables computed in-process on a real temporary database: ten days of BTC and ETH, an old LTC quote,
/// a portfolio "Crypto" (1000 USD in; 0.01 BTC at 40,100 and 0.1 ETH at 2,020 bought) and "Old coins"
/// (LTC, then BTC). What `folio table` prints is these tables encoded, and these warnings on stderr.
@Suite struct TableComputationTests {
    let db: TemporaryStore

    init() throws {
        db = try TemporaryStore()
        var quotes = "date,asset,currency,price,market,source\n2023-06-01,LTC,USD,90,exchange,test\n"
        for i in 0..<10 {
            let day = String(format: "2024-01-%02d", i + 1)
            quotes +=
                "\(day),BTC,USD,\(40_000 + 100 * i),exchange,test\n\(day),ETH,USD,\(2_000 + 10 * i),exchange,test\n"
        }
        try db.importText(quotes, as: .quotes)
        _ = try db.store.addPortfolio(name: "Crypto", baseCurrency: "USD")
        try db.importText(
            "time,type,currency,amount,fee,status\n2024-01-01T09:00:00Z,deposit,USD,1000,0,completed\n",
            as: .transactions,
            portfolio: "Crypto"
        )
        try db.importText(
            """
            time,side,asset,quantity,price,price_currency
            2024-01-02T12:00:00Z,buy,BTC,0.01,40100,USD
            2024-01-03T12:00:00Z,buy,ETH,0.1,2020,USD
            """,
            as: .trades,
            portfolio: "Crypto"
        )
        _ = try db.store.addPortfolio(name: "Old coins", baseCurrency: "USD")
        try db.importText(
            """
            time,side,asset,quantity,price,price_currency
            2023-05-20T12:00:00Z,buy,LTC,1,80,USD
            2024-01-02T12:00:00Z,buy,BTC,0.01,40100,USD
            """,
            as: .trades,
            portfolio: "Old coins"
        )
    }

    private func table(_ request: TableRequest) throws -> (table: ResultTable, warnings: [String]) {
        var warnings: [String] = []
        let table = try request.table(from: StoredInputs(db.store), warnings: &warnings)
        return (table, warnings)
    }

    private func row(_ table: ResultTable, _ asset: String) -> Int? {
        table.rows.firstIndex { $0.first == .text(asset) }
    }

    @Test func holdingsAreValuedAtTheLastDayWithData() throws {
        let (holdings, warnings) = try table(TableRequest(name: "holdings", portfolio: "Crypto"))
        #expect(warnings.isEmpty)
        #expect(holdings.columns.map(\.name) == ["asset", "quantity", "rate", "value_usd"])
        #expect(holdings.rows.map { $0.first } == [.text("BTC"), .text("ETH"), .text("USD"), .text("Total")])
        // 1000 − 0.01 × 40,100 − 0.1 × 2,020 dollars are left; BTC and ETH at their 2024-01-10 prices.
        #expect(close(holdings.number(2, "quantity"), 397))
        #expect(close(holdings.number(0, "value_usd"), 409) && close(holdings.number(1, "value_usd"), 209))
        #expect(close(holdings.number(3, "value_usd"), 1015))
    }

    @Test func staleQuotesAreReturnedAsWarningsOncePerQuoteNotPrinted() throws {
        let (holdings, warnings) = try table(TableRequest(name: "holdings", portfolio: "Crypto", asOf: "2024-03-01"))
        #expect(holdings.number(0, "value_usd") == nil && holdings.number(3, "value_usd") == nil)
        #expect(
            warnings
                == ["BTC", "ETH"].map {
                    "missing quote: \($0)/USD quote (exchange) missing at 2024-03-01T23:59:59.999Z: the last one, 2024-01-10T00:00:00Z, is too old"
                }
        )
    }

    @Test func warningsFoundBeforeAnErrorAreKept() throws {
        var warnings: [String] = []
        let request = try TableRequest(name: "value", portfolio: "Crypto", assets: ["LTC"], asOf: "2024-03-01")
        #expect(throws: ArgumentError("--asset", "LTC is not held by \"Crypto\" between 2023-03-02 and 2024-03-01")) {
            try request.table(from: StoredInputs(db.store), warnings: &warnings)
        }
        #expect(
            warnings.count == 2
                && warnings.allSatisfy { $0.hasPrefix("missing quote: ") && $0.contains("missing on 45 day(s)") }
        )
    }

    @Test func aTradedAssetWithoutQuotesInTheRangeIsLeftOutWithANote() throws {
        let (prices, warnings) = try table(
            TableRequest(name: "prices", portfolio: "Old coins", from: "2024-01-05", to: "2024-01-10")
        )
        #expect(warnings == ["left out: no LTC quote between 2024-01-05 and 2024-01-10"])
        #expect(prices.columns.map(\.name) == ["asset", "time", "price"])
        #expect(prices.rows.count == 6 && prices.rows.allSatisfy { $0.first == .text("BTC") })
        // Named by the user, the same asset is an error, not a note.
        #expect(throws: ArgumentError("--from/--to", "no LTC quote between 2024-01-05 and 2024-01-10")) {
            try table(TableRequest(name: "prices", assets: ["LTC", "BTC"], from: "2024-01-05", to: "2024-01-10"))
        }
    }

    @Test func windowIsTheSevenDaysEndingAtTheLastQuote() throws {
        let (window, _) = try table(TableRequest(name: "window", assets: ["btc"]))
        // From the close 7 days before the last (the change's base), as every "7 days".
        #expect(window.cell(0, "first_time") == .time(t("2024-01-03T00:00:00Z")))
        #expect(window.number(0, "first") == 40_200 && window.number(0, "last") == 40_900)
        #expect(window.number(0, "average") == 40_550 && window.number(0, "count") == 8)
    }

    @Test func normalisedRebasedStartsEverySeriesAt100() throws {
        let (table, _) = try table(
            TableRequest(name: "normalised", assets: ["BTC ", "ETH"], from: "2024-01-08", normalise: "rebased")
        )
        #expect(table.columns.map(\.name) == ["day", "BTC", "ETH"])
        #expect(table.number(0, "BTC") == 100 && table.number(0, "ETH") == 100)
        #expect(close(table.number(2, "BTC"), 100 * 40_900 / 40_700))
    }

    @Test func allocationFilteredToAnAssetKeepsItsRowOnly() throws {
        let (allocation, _) = try table(TableRequest(name: "allocation", portfolio: "Crypto", assets: ["ETH"]))
        #expect(allocation.rows.count == 1)
        #expect(close(allocation.number(0, "percent"), 100 * 209.0 / 1015))
    }

    /// What only the database can tell is checked when the context loads, naming the option.
    @Test(arguments: [
        ("holdings", [String](), nil as String?, "--portfolio: name the portfolio, one of \"Crypto\", \"Old coins\""),
        ("holdings", ["NOPE"], "Crypto", "--asset: unknown asset NOPE (see `folio info`)"),
        ("window", ["BTC", "ETH"], nil, ""),
        ("rolling-correlation", [], "Crypto", ""),  // the two assets it traded
        ("prices", [], nil, "--asset: name an asset, or a --portfolio to use what it holds"),
    ])
    func theDatabaseDecides(_ name: String, _ assets: [String], _ portfolio: String?, _ expected: String) throws {
        let request = try TableRequest(name: name, portfolio: portfolio, assets: assets)
        var warnings: [String] = []
        do {
            let table = try request.table(from: StoredInputs(db.store), warnings: &warnings)
            #expect(expected.isEmpty, "computed \(table.rows.count) rows")
        } catch {
            #expect("\(error)" == expected)
        }
    }

    @Test func anUnknownMarketNamesTheMarketsThereAre() throws {
        #expect(throws: ArgumentError("--market", "unknown market moon (quotes are in: exchange)")) {
            try table(TableRequest(name: "holdings", portfolio: "Crypto", market: "moon"))
        }
    }
}
