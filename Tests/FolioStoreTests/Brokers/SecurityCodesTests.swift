import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// How a broker's security becomes an asset code: by a stored ISIN first, when the ticker is that asset's
/// (or it with an exchange's suffix) or there is none; by an ISIN Folio knows, as its stock's ticker; by
/// ticker, an asset the import creates taking the ISIN; by ISIN as the code when the ticker is another
/// security's. Assets are shared by every portfolio of a database (issue 41): an import gives an asset
/// that was there before it only the ISIN Folio knows for its code, and refuses a row whose ticker and
/// ISIN name two assets, or that gives a currency an ISIN.
@Suite struct SecurityCodesTests {
    static let header =
        "Action,Time,ISIN,Ticker,Name,ID,No. of shares,Price / share,Currency (Price / share),Total,Currency (Total)"

    static func store() throws -> TemporaryStore {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        _ = try t.store.addPortfolio(name: "B", baseCurrency: "USD")
        try t.importText(
            "date,asset,currency,price,market,source\n2024-01-02,AAPL,USD,185,exchange,test\n2024-01-02,SHEL,USD,65,exchange,test\n",
            as: .quotes
        )
        return t
    }

    func importRows(_ t: TemporaryStore, _ rows: [String], into portfolio: String = "P") throws -> ImportSummary {
        let file = try TestPaths.write(([Self.header] + rows).joined(separator: "\n") + "\n", "t.csv", in: t.directory)
        return try t.store.importFiles([file], kind: .trading212, options: ImportOptions(portfolio: portfolio))[0]
    }

    func isins(_ t: TemporaryStore) throws -> [String] {
        try t.store.assetListing().compactMap { a in a.isin.map { "\(a.asset.code) \($0)" } }
    }

    /// `folio asset set VWCE --isin …` before a file that says `VWCE.DE`: the asset is found by its ISIN.
    @Test func anAssetWithTheISINIsFoundUnderItsTickerAtAnExchange() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("AAPL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        let summary = try importRows(
            t,
            ["Market buy,2024-01-03 14:31:02,US0378331005,AAPL.DE,Apple,E1,1,185,USD,185,USD"]
        )
        #expect(Array(summary.lines.dropFirst()) == ["  US0378331005 is AAPL here (the file says AAPL.DE)"])
        #expect(try LedgerRows.trades(t.store, "P") == ["2024-01-03 14:31:02 buy 1 AAPL at 185 USD #E1"])
    }

    /// Client A's AAPL with NVIDIA's ISIN made client B's NVIDIA buys AAPL on 61637be: a ticker and an
    /// ISIN that name two assets are refused, naming both, and nothing changes.
    @Test func aTickerAndAnISINOfTwoAssetsAreRefused() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("SHEL", kind: nil, name: nil, isin: ISIN("GB00BP6MXD84"))
        let file = t.directory.appendingPathComponent("t.csv").path
        #expect(
            throws: ImportError(
                file: file,
                line: 2,
                field: "ISIN",
                message:
                    "found GB00BP6MXD84 with the ticker AAPL, but GB00BP6MXD84 is SHEL's ISIN in this database: the row names two assets, SHEL and AAPL (folio asset set changes an asset's ISIN)"
            )
        ) {
            try importRows(t, ["Market buy,2024-01-03 14:31:02,GB00BP6MXD84,AAPL,Apple,E1,1,185,USD,185,USD"])
        }
        #expect(try isins(t) == ["SHEL GB00BP6MXD84"])
        #expect(try LedgerRows.trades(t.store, "P").isEmpty)
    }

    /// Client A's `Ticker=USD, ISIN=US0378331005` gave the dollar Apple's ISIN on 61637be, and client B's
    /// Apple trades were then booked as dollars.
    @Test func aCurrencyWithAnISINIsRefusedAndBsTradesStayApple() throws {
        let t = try Self.store()
        let file = t.directory.appendingPathComponent("t.csv").path
        #expect(
            throws: ImportError(
                file: file,
                line: 2,
                field: "ISIN",
                message: "found US0378331005 for USD, a currency: a currency has no ISIN, expected a security's ticker"
            )
        ) {
            try importRows(t, ["Market buy,2024-01-03 14:31:02,US0378331005,USD,Apple,E1,1,1,EUR,0.92,EUR"])
        }
        _ = try importRows(
            t,
            ["Market buy,2024-01-04 14:31:02,US0378331005,AAPL,Apple,E2,1,185,USD,185,USD"],
            into: "B"
        )
        #expect(try LedgerRows.trades(t.store, "B") == ["2024-01-04 14:31:02 buy 1 AAPL at 185 USD #E2"])
    }

    /// AAPL was there before the file (its quotes) without an ISIN: it takes Apple's, which Folio knows
    /// (`KnownAssets`), not the file. VWCE was there too: Folio knows no ISIN of it, so it keeps none, and
    /// no file decides what a shared asset is; an asset the file creates takes its ISIN.
    @Test func anAssetThatWasThereTakesOnlyAnISINFolioKnows() throws {
        let t = try Self.store()
        try t.importText(
            "date,asset,currency,price,market,source\n2024-01-02,VWCE,EUR,110,exchange,test\n",
            as: .quotes
        )
        let summary = try importRows(
            t,
            [
                "Market buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,E1,1,185,USD,185,USD",
                "Market buy,2024-01-03 14:31:30,IE00BK5BQT80,VWCE,Vanguard FTSE All-World,E3,1,110,EUR,110,EUR",
                "Market buy,2024-01-03 14:32:00,US5949181045,MSFT,Microsoft,E2,1,370,USD,370,USD",
            ]
        )
        #expect(
            Array(summary.lines.dropFirst()) == [
                "  AAPL takes its ISIN US0378331005",
                "  VWCE has no ISIN here and keeps none; the file says IE00BK5BQT80 (folio asset set VWCE --isin IE00BK5BQT80 gives it)",
                "  created MSFT (US5949181045, \"Microsoft\"): folio asset merge MSFT CODE books it under a code you have",
            ]
        )
        #expect(try isins(t) == ["AAPL US0378331005", "MSFT US5949181045"])
        #expect(
            try LedgerRows.trades(t.store, "P") == [
                "2024-01-03 14:31:02 buy 1 AAPL at 185 USD #E1", "2024-01-03 14:31:30 buy 1 VWCE at 110 EUR #E3",
                "2024-01-03 14:32:00 buy 1 MSFT at 370 USD #E2",
            ]
        )
    }

    /// A file that names Apple only by its ISIN (Degiro) books it as AAPL, and one that names it by an
    /// old ticker (`FB` for META) books it under Folio's; a ticker that is another known stock is refused.
    @Test func anISINFolioKnowsIsItsStocksTicker() throws {
        let t = try Self.store()
        let summary = try importRows(
            t,
            [
                "Market buy,2024-01-03 14:31:02,US0378331005,,APPLE INC,E1,1,185,USD,185,USD",
                "Market buy,2021-06-03 14:31:02,US30303M1027,FB,Facebook,E2,1,330,USD,330,USD",
            ]
        )
        #expect(
            Array(summary.lines.dropFirst()) == [
                "  US30303M1027 is META (the file says FB)",
                "  created META (US30303M1027, \"Facebook\"): folio asset merge META CODE books it under a code you have",
                "  AAPL takes its ISIN US0378331005",
            ]
        )
        let file = t.directory.appendingPathComponent("t.csv").path
        #expect(
            throws: ImportError(
                file: file,
                line: 2,
                field: "ISIN",
                message:
                    "found US67066G1040 with the ticker MSFT, but US67066G1040 is NVDA's ISIN and MSFT's is US5949181045: the row names two assets, NVDA and MSFT (folio asset set changes an asset's ISIN)"
            )
        ) {
            try importRows(t, ["Market buy,2024-01-03 14:31:02,US67066G1040,MSFT,NVIDIA,E3,1,100,USD,100,USD"])
        }
    }

    /// SHEL is Shell in the database; a file's SHEL with another ISIN is another security.
    @Test func aTickerThatIsAnotherSecuritysIsStoredByItsISIN() throws {
        let t = try Self.store()
        _ = try t.store.setAsset("SHEL", kind: nil, name: nil, isin: ISIN("GB00BP6MXD84"))
        let summary = try importRows(
            t,
            ["Market buy,2024-01-03 14:31:02,IE00B3RBWM25,SHEL,Not Shell,E1,1,185,USD,185,USD"]
        )
        #expect(
            Array(summary.lines.dropFirst()) == [
                "  SHEL is GB00BP6MXD84 in this database, so IE00B3RBWM25 is stored as IE00B3RBWM25",
                "  created IE00B3RBWM25 (\"Not Shell\"), named by its ISIN: folio asset merge IE00B3RBWM25 CODE books it under a code you have",
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
