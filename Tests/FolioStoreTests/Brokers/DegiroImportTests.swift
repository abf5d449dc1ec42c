import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import degiro`: Transactions.csv (English headers, the 2024 layout, rows one field short and
/// an order filled in two parts) and Account.csv (Dutch headers and words, decimal commas and points in
/// one file, an order id wrapped onto a line of its own, reservations, cash sweeps and rows Folio does
/// not take), both made up in the shape of real exports (`samples/brokers/degiro-*.csv`).
@Suite struct DegiroImportTests {
    static let transactions = TestPaths.projectRoot.appendingPathComponent("samples/brokers/degiro-transactions.csv")
    static let account = TestPaths.projectRoot.appendingPathComponent("samples/brokers/degiro-account.csv")

    /// Apple was in the database as AAPL with its ISIN: Degiro's "APPLE INC" (no ticker) is found by it.
    static func imported() throws -> (TemporaryStore, [ImportSummary]) {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "D", baseCurrency: "EUR")
        try t.importText(
            "date,asset,currency,price,market,source\n2024-01-02,AAPL,USD,185.64,exchange,test\n",
            as: .quotes
        )
        _ = try t.store.setAsset("AAPL", kind: nil, name: nil, isin: ISIN("US0378331005"))
        let summaries = try t.store.importFiles(
            [transactions, account],
            kind: .degiro,
            options: ImportOptions(portfolio: "D")
        )
        return (t, summaries)
    }

    @Test func everyRowIsTakenOrNamed() throws {
        let (_, summaries) = try Self.imported()
        let (t, a) = (Self.transactions.path, Self.account.path)
        #expect(
            summaries[0].lines == [
                "\(t): 5 rows: 5 trades; inserted 5, skipped 0 as duplicates",
                "  created IE00BK5BQT80 (\"VANGUARD FTSE ALL-WORLD UCITS ETF USD ACC\"), named by its ISIN: folio asset merge IE00BK5BQT80 CODE books it under a code you have",
                "  created NL0011794037 (\"AHOLD DELHAIZE\"), named by its ISIN: folio asset merge NL0011794037 CODE books it under a code you have",
            ]
        )
        let fees = [7, 8, 19, 25, 26, 28].map { "\(a):\($0)" }.joined(separator: ", ")
        #expect(
            summaries[1].lines == [
                "\(a): 32 rows: 2 dividends, 1 interest payment, 1 deposit, 1 withdrawal, 2 account fees; 3 currency exchanges; inserted 10, skipped 0 as duplicates, ignored 18",
                "  ignored 1 row of type \"Processed Flatex Withdrawal\": \(a):3 (money moved between Degiro and flatex's bank, within the account)",
                "  ignored 1 row of type \"PRODUCTWIJZIGING\": \(a):4 (a trade: Folio reads it from Transactions.csv)",
                "  ignored 6 rows of type \"DEGIRO Transactiekosten en/of kosten van derden\": \(fees) (a trade's fee: Folio reads it from Transactions.csv)",
                "  ignored 1 row of type \"Verkoop\": \(a):9 (a trade: Folio reads it from Transactions.csv)",
                "  ignored 1 row of type \"Fund Distribution\": \(a):11 (not a transfer, dividend, exchange, interest or fee Folio knows in Degiro's statements)",
                "  ignored 4 rows of type \"Koop\": \(a):20, \(a):21, \(a):27, \(a):29 (a trade: Folio reads it from Transactions.csv)",
                "  ignored 1 row of type \"Degiro Cash Sweep Transfer\": \(a):30 (money moved between Degiro and flatex's bank, within the account)",
                "  ignored 1 row of type \"Overboeking naar uw geldrekening bij flatexDEGIRO Bank: 4.000,00 EUR\": \(a):31 (moves no money)",
                "  ignored 2 rows of type \"Reservation iDEAL / Sofort Deposit\": \(a):33, \(a):34 (a reservation, released by a later row)",
            ]
        )
    }

    /// Trades from Transactions.csv, in the security's currency with both fees in euros; the exchanges an
    /// AutoFX trade and a dividend in dollars needed, from Account.csv, by order id or by minute.
    @Test func tradesComeFromTransactionsAndMoneyFromTheAccount() throws {
        let (t, _) = try Self.imported()
        let trades = try LedgerRows.trades(t.store, "D")
        #expect(
            trades == [
                "2024-01-03 15:31:00 buy 10 IE00BK5BQT80 at 106.9 EUR fee 1 EUR #53a00f75-9782-4d4f-8aaa-10d76e7ef500",
                "2024-01-05 15:45:00 buy 5 AAPL at 181.18 USD fee 4.07 EUR #dbe4ec4d-6a6e-4315-b661-820dd1f1d58d",
                "2024-01-05 15:45:00 buy 905.9 USD at 0.9132464952 EUR #dbe4ec4d-6a6e-4315-b661-820dd1f1d58d/fx",
                "2024-01-12 09:14:00 buy 6 NL0011794037 at 26.88 EUR #35d4345a-467c-42bd-848c-f6087737dd36",
                "2024-01-12 09:14:00 buy 34 NL0011794037 at 26.88 EUR fee 3 EUR #35d4345a-467c-42bd-848c-f6087737dd36/2",
                "2024-02-17 08:37:00 buy 0.93 EUR at 1.0967741935 USD",
                "2024-05-15 10:03:00 sell 3 AAPL at 189.5 USD fee 3.31 EUR #e1c5a1e0-77b2-4f0e-9d6c-0b3f2a81c4d5",
                "2024-05-15 10:03:00 buy 525.42 EUR at 1.0819915496 USD #e1c5a1e0-77b2-4f0e-9d6c-0b3f2a81c4d5/fx",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "D")
        #expect(
            cash == [
                "2024-01-02 09:10:00 deposit 5000 EUR",
                "2024-01-31 23:59:00 fee 0.03 EUR",
                "2024-02-16 07:40:00 dividend 1.2 USD of AAPL tax 0.18",
                "2024-03-28 06:32:00 dividend 2.46 EUR of IE00BK5BQT80",
                "2024-04-01 08:00:00 fee 2.5 EUR",
                "2024-04-30 23:59:00 interest 0.42 EUR",
                "2024-06-03 14:00:00 withdrawal 1000 EUR",
            ]
        )
    }

    @Test func importingBothFilesAgainAddsNothing() throws {
        let (t, _) = try Self.imported()
        let again = try t.store.importFiles(
            [Self.transactions, Self.account],
            kind: .degiro,
            options: ImportOptions(portfolio: "D")
        )
        #expect(again.map(\.inserted) == [0, 0] && again.map(\.duplicates) == [5, 10])
    }

    static let accountHeader = "Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id"

    @Test(arguments: [
        (
            "16-02-2024,07:40,15-02-2024,APPLE INC,US0378331006,Dividend,,USD,\"1,20\",USD,\"1,20\",",
            "in.csv:2: ISIN: found \"US0378331006\", expected an ISIN such as US0378331005 (with its check digit)"
        ),
        (
            "16-02-2024,07:40,15-02-2024,APPLE INC,US0378331005,Dividend Tax,,USD,\"-0,18\",USD,\"1,20\",",
            "in.csv:2: Change: found a dividend of 0 and a tax of 0.18 USD for APPLE INC at this minute, expected a dividend above zero and a tax below it"
        ),
        (
            "17-02-2024,08:37,16-02-2024,,,FX Credit,,EUR,\"0,93\",EUR,\"0,93\",",
            "in.csv:2: Description: found 1 FX credits and 0 FX debits for one exchange, expected one of each"
        ),
        (
            "2024-02-17,08:37,16-02-2024,,,iDEAL Deposit,,EUR,\"100,00\",EUR,\"0,93\",",
            "in.csv:2: Date: found \"2024-02-17 08:37\", expected a date and time such as 01-03-2024 09:30"
        ),
        (
            "17-02-2024,08:37,16-02-2024,,,iDEAL Deposit,,EUR,\"1,00,00\",EUR,\"0,93\",",
            "in.csv:2: Change: found \"1,00,00\", expected a number such as -1234.56 or 1.234,56"
        ),
    ])
    func badAccountRowsAreNamedAndWriteNothing(_ row: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "D", baseCurrency: "EUR")
        #expect(
            t.refusal(
                [
                    Self.accountHeader, row,
                    "02-01-2024,09:10,01-01-2024,,,iDEAL Deposit,,EUR,\"5000,00\",EUR,\"5000,00\",",
                ].joined(separator: "\n"),
                as: .degiro,
                ImportOptions(portfolio: "D")
            ) == expected
        )
        #expect(try t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }

    @Test func aFileOfAnotherShapeIsRefusedAtItsHeader() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "D", baseCurrency: "EUR")
        #expect(
            t.refusal(
                "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate\n",
                as: .degiro,
                ImportOptions(portfolio: "D")
            )
                == "in.csv:1: header: found 8 columns, expected Degiro's Transactions.csv (Date,Time,Product,ISIN,…,Order ID) or Account.csv (Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id)"
        )
    }
}
