import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

/// `folio info`'s renderings of what a database holds, on a database filled through the importers.
@Suite struct StoreInfoTextTests {
    @Test func textListsPortfoliosQuoteSeriesAssetsAndBudgetInAlignedColumns() throws {
        let t = try TemporaryStore()
        try t.importText(
            """
            date,asset,currency,price,market,source
            2024-03-01,USD,UAH,38.5,nbu,nbu
            2024-03-04,USD,UAH,38.6,nbu,nbu
            2024-03-04T12:30:00Z,BTC,USD,61000,exchange,coingecko
            """,
            as: .quotes
        )
        _ = try t.store.addPortfolio(name: "Long name of a portfolio", baseCurrency: "UAH")
        try t.importText(
            """
            time,side,asset,quantity,price,price_currency
            2024-03-04T13:00:00Z,buy,BTC,0.01,61000,USD
            """,
            as: .trades,
            portfolio: "Long name of a portfolio"
        )
        try t.importText(
            """
            time,type,currency,amount,fee,status
            2024-03-01T09:00:00Z,deposit,USD,1000,0,completed
            2024-03-02T09:00:00Z,deposit,USD,500,0,failed
            """,
            as: .transactions,
            portfolio: "Long name of a portfolio"
        )
        try t.importText(
            """
            date,type,category,amount,currency,note
            2024-02-10,expense,Food,10,UAH,
            2024-03-01,expense,Food,20,UAH,
            2024-03-02,income,Salary,900,UAH,
            """,
            as: .budget
        )
        let info = try t.store.info()
        #expect(
            info.text == """
                database \(t.path) (schema \(info.schemaVersion))

                portfolios (1)
                  name                      base  trades  cash transactions  completed
                  Long name of a portfolio  UAH        1                  2          1

                quotes (3 in 2 series)
                  asset  currency  market    from                  to                    rows
                  BTC    USD       exchange  2024-03-04T12:30:00Z  2024-03-04T12:30:00Z     1
                  USD    UAH       nbu       2024-03-01            2024-03-04               2

                assets (3): BTC (crypto), UAH (fiat), USD (fiat)

                budget: 3 entries in 2 months, 2024-02 … 2024-03
                """
        )
    }

    @Test func anEmptyDatabaseSaysSoInEverySection() throws {
        let t = try TemporaryStore()
        let info = try t.store.info()
        #expect(
            info.text.hasSuffix(
                """
                portfolios (0)
                  (none)

                quotes (0 in 0 series)
                  (none)

                assets (\(info.assets.count)): \(info.assets.map { "\($0.code) (\($0.kind))" }.joined(separator: ", "))

                budget: no entries
                """
            )
        )
    }

    @Test func jsonHasSortedKeysAndTimesAsISOText() throws {
        let t = try TemporaryStore()
        try t.importText("date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38.5,nbu,nbu\n", as: .quotes)
        let json = try t.store.info().json()
        #expect(json.contains("\"first\" : \"2024-03-01T00:00:00Z\""))
        #expect(json.contains("\"path\" : \"\(t.path)\""))  // slashes not escaped
        let keys = json.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        #expect(keys == ["assets", "budgetMonths", "path", "portfolios", "quoteSeries", "schemaVersion"])
    }
}
