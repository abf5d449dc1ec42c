import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import trading212`: Trading 212's history export as downloaded (`samples/brokers/
/// trading212-history.csv`, made up in the shape of real exports: a EUR account with USD, EUR and GBX
/// securities, a USD balance from a conversion, a split, card payments and rows Folio does not take).
@Suite struct Trading212ImportTests {
    static let fixture = TestPaths.projectRoot.appendingPathComponent("samples/brokers/trading212-history.csv")

    static func imported() throws -> (TemporaryStore, ImportSummary) {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "T212", baseCurrency: "EUR")
        let summary = try t.store.importFiles([fixture], kind: .trading212, options: ImportOptions(portfolio: "T212"))[
            0
        ]
        return (t, summary)
    }

    @Test func everyRowIsTakenOrNamed() throws {
        let (_, summary) = try Self.imported()
        let f = Self.fixture.path
        #expect(
            summary.lines == [
                "\(f): 21 rows: 7 trades, 2 dividends, 3 interest payments, 1 deposit, 2 withdrawals, 1 split; 5 currency exchanges; inserted 21, skipped 0 as duplicates, ignored 3",
                "  created AAPL (US0378331005, \"Apple\")",
                "  created VUSA (IE00B3XXRP09, \"Vanguard S&P 500 UCITS ETF (Dist)\")",
                "  created AI (FR0000120073, \"Air Liquide\")",
                "  created RIO (GB0007188757, \"Rio Tinto\")",
                "  created MSFT (US5949181045, \"Microsoft\")",
                "  created NVDA (US67066G1040, \"NVIDIA\")",
                "  ignored 1 row of type \"Stock distribution\": \(f):20 (shares received without a payment; Folio records trades at their price)",
                "  ignored 1 row of type \"Dividend (Dividend)\": \(f):21 (pays 0.00 in the account's currency)",
                "  ignored 1 row of type \"Dividend adjustment\": \(f):22 (a correction Trading 212 does not tie to a dividend or trade)",
            ]
        )
    }

    /// Each trade in a foreign currency keeps its price and is paid through an exchange of exactly the
    /// account's total; a trade in the account's currency is priced at what the account paid. A dividend
    /// is what the account received: 0.94 EUR net, the 0.18 USD withheld at the rate the row implies
    /// (its rate is "Not available": 5 × 0.24 less 0.18 USD for 0.94 EUR, 1.0851), gross their sum.
    @Test func tradesAndExchangesAreWhatTheAccountPaid() throws {
        let (t, _) = try Self.imported()
        let trades = try LedgerRows.trades(t.store, "T212")
        #expect(
            trades == [
                "2024-01-03 14:31:02 buy 921.25 USD at 0.9156580733 EUR #EOF4500547227/fx",
                "2024-01-03 14:31:02 buy 5 AAPL at 184.25 USD fee 1.27 EUR #EOF4500547227",
                "2024-01-04 09:02:17 buy 10 VUSA at 83.42 EUR #EOF4500551180",
                "2024-01-04 09:05:40 buy 2 AI at 170.1 EUR fee 1.02 EUR #EOF4500551302",
                "2024-01-05 10:12:09.004 buy 153.6 GBP at 1.1615885417 EUR #EOF4500563377/fx",
                "2024-01-05 10:12:09.004 buy 3 RIO at 51.2 GBP fee 1.16 EUR #EOF4500563377",
                "2024-03-01 10:02:44.512 buy 323.85 USD at 0.9263547939 EUR fee 0.45 EUR #RBLF1WQUEL4OG5D3",
                "2024-03-04 15:40:19 buy 0.75 MSFT at 415.5066666667 USD #EOF4500612655",
                "2024-04-10 15:05:11 sell 2 AAPL at 169.67 USD fee 0.47 EUR #EOF4500700913",
                "2024-04-10 15:05:11 buy 312.5 EUR at 1.085888 USD #EOF4500700913/fx",
                "2024-05-02 13:30:03.613 buy 429.085 USD at 0.9335213303 EUR #EOF4500801348/fx",
                "2024-05-02 13:30:03.613 buy 0.5 NVDA at 858.17 USD fee 0.6 EUR #EOF4500801348",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "T212")
        #expect(
            cash == [
                "2024-01-02 09:15:04.218 deposit 3000 EUR #6b706aa8-780c-4acf-85a0-b329506931dc",
                "2024-01-31 23:58:11.360 interest 1.37 EUR #8ffba791-cfc3-4002-b65d-bd63cf483d9d",
                "2024-02-16 12:05:25 dividend 1.10588235 EUR of AAPL tax 0.16588235",
                "2024-02-29 21:08:18 interest 0.05 EUR #82f82014-23a3-4ddf-bc09-658419823f4c",
                "2024-03-27 10:49:49 dividend 2.99 EUR of VUSA",
                "2024-04-15 05:49:12.337 withdrawal 250 EUR #5d72520a-388c-428a-90bf-6d9fcff55534",
                "2024-04-20 14:20:26 withdrawal 4.3 EUR #5477a704-5b84-4d9b-a1bd-a41094dfb544",
                "2024-04-30 23:59:59 interest 0.04 EUR #87a1a7ee-5b69-47b6-b4c2-c32584751178",
                "2024-06-10 07:24:24.104 split NVDA 10 #EOF4500950775",
            ]
        )
    }

    @Test func aSecondImportAddsNothing() throws {
        let (t, _) = try Self.imported()
        let again = try t.store.importFiles(
            [Self.fixture],
            kind: .trading212,
            options: ImportOptions(portfolio: "T212")
        )[0]
        #expect((again.inserted, again.duplicates, again.ignored) == (0, 21, 3))
        #expect(!again.lines.contains { $0.contains("created") })
    }

    static let header =
        "Action,Time,ISIN,Ticker,Name,ID,No. of shares,Price / share,Currency (Price / share),Total,Currency (Total),Withholding tax,Currency (Withholding tax)"

    @Test(arguments: [
        (
            "Market buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,E1,5,184.25,USD,abc,EUR,,",
            "in.csv:2: Total: found \"abc\", expected a number such as -1234.56 or 1.234,56"
        ),
        (
            "Market buy,2024-01-03 14:31:02,US0378331006,AAPL,Apple,E1,5,184.25,USD,844.82,EUR,,",
            "in.csv:2: ISIN: found \"US0378331006\", expected an ISIN such as US0378331005 (with its check digit)"
        ),
        (
            "Market buy,03.01.2024 14:31,US0378331005,AAPL,Apple,E1,5,184.25,USD,844.82,EUR,,",
            "in.csv:2: Time: found \"03.01.2024 14:31\", expected a date and time such as 2024-03-01 09:30:00"
        ),
        (
            "Deposit,2024-01-02 09:15:04,,,,D1,,,,-10.00,EUR,,",
            "in.csv:2: Total: found -10.0, expected a positive amount for \"Deposit\""
        ),
        (
            "Stock split open,2024-06-10 07:24:24,US67066G1040,NVDA,NVIDIA,S1,5,120.888,USD,0,EUR,,",
            "in.csv:2: Action: found \"Stock split open\" without the \"Stock split close\" of US67066G1040 before it"
        ),
    ])
    func badRowsAreNamedAndWriteNothing(_ row: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "T212", baseCurrency: "EUR")
        let good = "Deposit,2024-01-02 09:15:04,,,,D0,,,,100.00,EUR,,"
        #expect(
            t.refusal(
                [Self.header, row, good].joined(separator: "\n"),
                as: .trading212,
                ImportOptions(portfolio: "T212")
            ) == expected
        )
        #expect(
            try t.count("trade") == 0 && t.count("cash_transaction") == 0
                && t.count("asset", where: "code <> 'EUR'") == 0
        )
    }

    /// A dividend of a London stock is paid per share in pence, and its `Exchange rate` is pence per euro
    /// (86.09, as the trades of the sample write it): 30 × 9.2 GBX = 2.76 GBP, 3.21 EUR at 0.8609 GBP a
    /// euro, what the row says was received. Nothing is named; the dividend is those 3.21 EUR.
    @Test func aDividendInPenceIsCheckedAtItsRatePerPound() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "T212", baseCurrency: "EUR")
        let header =
            "Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Total,Currency (Total),Withholding tax,Currency (Withholding tax)"
        let file = try TestPaths.write(
            [
                header,
                "Dividend (Ordinary),2024-04-18 10:02:44,GB0007188757,RIO,Rio Tinto,30,9.2,GBX,86.09,3.21,EUR,0,GBP",
            ]
            .joined(separator: "\n"),
            "in.csv",
            in: t.directory
        )
        let summary = try t.store.importFiles([file], kind: .trading212, options: ImportOptions(portfolio: "T212"))[0]
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(try LedgerRows.cash(t.store, "T212") == ["2024-04-18 10:02:44 dividend 3.21 EUR of RIO"])
    }

    /// A file without Trading 212's columns is refused at its header, naming what is expected.
    @Test func anotherBrokersFileIsRefusedAtItsHeader() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "T212", baseCurrency: "EUR")
        #expect(
            t.refusal(
                "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n",
                as: .trading212,
                ImportOptions(portfolio: "T212")
            )
                == "in.csv:1: header: no \"Action\" column, expected a header such as Trading 212's Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,…,Total,Currency (Total)"
        )
    }
}
