import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import revolut`: Revolut's trading account statement as downloaded, made up in the shape of
/// real ones (`samples/brokers/revolut-statement.csv`): amounts with a dollar sign and thousands, a
/// quantity with a decimal comma, a sale whose total is less than quantity × price (Revolut's fee), a
/// split said as the shares it added, and rows Folio does not take.
@Suite struct RevolutImportTests {
    static let fixture = TestPaths.projectRoot.appendingPathComponent("samples/brokers/revolut-statement.csv")

    @Test func everyRowIsTakenOrNamedAndCashIsRevolutsTotals() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "R", baseCurrency: "USD")
        let summary = try t.store.importFiles([Self.fixture], kind: .revolut, options: ImportOptions(portfolio: "R"))[0]
        let f = Self.fixture.path
        #expect(
            summary.lines == [
                "\(f): 13 rows: 5 trades, 2 dividends, 1 deposit, 1 withdrawal, 1 account fee, 1 split; inserted 11, skipped 0 as duplicates, ignored 2",
                "  created AAPL",
                "  created MSFT",
                "  created O",
                "  created NVDA",
                "  ignored 1 row of type \"TRANSFER FROM REVOLUT TRADING LTD TO REVOLUT SECURITIES EUROPE UAB\": \(f):11 (holdings moved between Revolut's companies, not in or out of the account)",
                "  ignored 1 row of type \"DIVIDEND TAX (CORRECTION)\": \(f):13 (not a trade, dividend, transfer, fee or split Folio reads in Revolut's statements)",
            ]
        )
        let trades = try LedgerRows.trades(t.store, "R")
        #expect(
            trades == [
                "2023-03-01 14:30:05.102 buy 4 AAPL at 145.31 USD",
                "2023-03-02 15:02:44.871 buy 2.5 MSFT at 250.1 USD",
                "2023-03-15 13:30:00.797 buy 10.5 O at 61.92 USD",
                "2023-04-03 13:31:12.006 buy 0.5 NVDA at 277.78 USD",
                "2023-07-14 13:30:00.797 sell 1 MSFT at 342.64 USD",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "R")
        #expect(
            cash == [
                "2023-03-01 09:14:02.418 deposit 2500 USD",
                "2023-05-18 08:40:00.835 dividend 0.82 USD of AAPL",
                "2023-06-01 07:40:54.539 fee 0.24 USD",
                "2023-06-14 15:21:09.221 dividend 2.29 USD of O",
                "2023-09-22 13:30:10.514 withdrawal 300 USD",
                "2024-06-10 08:00:00 split NVDA 10",
            ]
        )
    }

    static let header = "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate"

    @Test(arguments: [
        (
            "2023-03-01T14:30:05Z,AAPL,BUY - MARKET,4,$145.31,$581.24,$,1.06",
            "in.csv:3: Currency: found \"$\", expected an ISO 4217 currency code such as EUR or USD (GBX or GBp for pence)"
        ),
        (
            "2023-03-01T14:30:05Z,,BUY - MARKET,4,$145.31,$581.24,USD,1.06",
            "in.csv:3: Ticker: found nothing, expected a value"
        ),
        (
            "2023-03-01T14:30:05Z,AAPL,BUY - MARKET,4,$145.31,$0,USD,1.06",
            "in.csv:3: Total Amount: found \"$0\", expected an amount above zero for BUY - MARKET"
        ),
        (
            "2024-06-10T08:00:00Z,TSLA,STOCK SPLIT,2,,$0,USD,1.07",
            "in.csv:3: Quantity: found a split adding 2 TSLA to the 0 held before it, expected a holding to split"
        ),
    ])
    func badRowsAreNamedAndWriteNothing(_ row: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "R", baseCurrency: "USD")
        #expect(
            t.refusal(
                [Self.header, "2023-03-01T09:14:02Z,,CASH TOP-UP,,,$100,USD,1.06", row].joined(separator: "\n"),
                as: .revolut,
                ImportOptions(portfolio: "R")
            ) == expected
        )
        #expect(try t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }
}
