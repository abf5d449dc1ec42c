import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

/// How a broker's security becomes an asset code: by ISIN first, whatever ticker the file gives; by
/// ticker, taking the ISIN when the asset has none; by ISIN as the code when the ticker is another
/// security's. Each asset created and each ISIN found under another ticker is said.
@Suite struct SecurityCodesTests {
    static let header =
        "Action,Time,ISIN,Ticker,Name,ID,No. of shares,Price / share,Currency (Price / share),Total,Currency (Total)"

    static func store() throws -> TemporaryStore {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        try t.importText(
            "date,asset,currency,price,market,source\n2024-01-02,AAPL,USD,185,exchange,test\n2024-01-02,SHEL,USD,65,exchange,test\n",
            as: .quotes
        )
        return t
    }

    func importRows(_ t: TemporaryStore, _ rows: [String]) throws -> ImportSummary {
        let file = try TestPaths.write(([Self.header] + rows).joined(separator: "\n") + "\n", "t.csv", in: t.directory)
        return try t.store.importFiles([file], kind: .trading212, options: ImportOptions(portfolio: "P"))[0]
    }

    @Test func anAssetWithTheISINIsFoundUnderAnotherTicker() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("AAPL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        let summary = try importRows(t, ["Market buy,2024-01-03 14:31:02,US0378331005,APC,Apple,E1,1,185,USD,185,USD"])
        #expect(Array(summary.lines.dropFirst()) == ["  US0378331005 is AAPL here (the file says APC)"])
        #expect(try LedgerRows.trades(t.store, "P") == ["2024-01-03 14:31:02 buy 1 AAPL at 185 USD #E1"])
    }

    @Test func aTickerWithoutAnISINTakesTheFilesAndANewTickerIsCreated() throws {
        let t = try Self.store()
        let summary = try importRows(
            t,
            [
                "Market buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,E1,1,185,USD,185,USD",
                "Market buy,2024-01-03 14:32:00,US5949181045,MSFT,Microsoft,E2,1,370,USD,370,USD",
            ]
        )
        #expect(Array(summary.lines.dropFirst()) == ["  created MSFT (US5949181045, \"Microsoft\")"])
        let isins = try t.store.assetListing().filter { $0.isin != nil }.map { "\($0.asset.code) \($0.isin!)" }
        #expect(isins == ["AAPL US0378331005", "MSFT US5949181045"])
    }

    /// SHEL is Shell in the database; a file's SHEL with another ISIN is another security.
    @Test func aTickerThatIsAnotherSecuritysIsStoredByItsISIN() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("SHEL", kind: nil, name: nil, isin: ISIN("GB00BP6MXD84"))
        let summary = try importRows(
            t,
            ["Market buy,2024-01-03 14:31:02,US0378331005,SHEL,Not Shell,E1,1,185,USD,185,USD"]
        )
        #expect(
            Array(summary.lines.dropFirst()) == [
                "  SHEL is GB00BP6MXD84 in this database, so US0378331005 is stored as US0378331005",
                "  created US0378331005 (\"Not Shell\", named by its ISIN)",
            ]
        )
    }

    @Test func anISINNamesOneAsset() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("AAPL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        #expect(throws: ArgumentError("--isin", "US0378331005 is AAPL's ISIN; an ISIN names one asset")) {
            try t.store.setAsset("SHEL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        }
    }
}
