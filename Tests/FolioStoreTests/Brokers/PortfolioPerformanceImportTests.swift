import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import pp-csv` of Portfolio Performance's own CSV export in German (`samples/brokers/pp-*-de.csv`,
/// made up in the shape its exporter writes): `;` between fields, decimal commas and thousands points,
/// a quoted name and note holding the delimiter, a cash account's file and its securities account's,
/// trades of a security in dollars from a euro account, and rows Folio does not take.
@Suite struct PortfolioPerformanceImportTests {
    static let account = TestPaths.projectRoot.appendingPathComponent("samples/brokers/pp-account-de.csv")
    static let depot = TestPaths.projectRoot.appendingPathComponent("samples/brokers/pp-depot-de.csv")

    @Test func aGermanExportOfBothAccounts() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "PP", baseCurrency: "EUR")
        let summaries = try t.store.importFiles(
            [Self.account, Self.depot],
            kind: .ppCSV,
            options: ImportOptions(portfolio: "PP")
        )
        let (a, d) = (Self.account.path, Self.depot.path)
        #expect(
            summaries.flatMap(\.lines) == [
                "\(a): 11 rows: 3 trades, 2 dividends, 1 interest payment, 1 deposit, 1 withdrawal, 1 account fee; 2 currency exchanges; inserted 11, skipped 0 as duplicates, ignored 2",
                "  created VWCE.DE (IE00BK5BQT80, \"Vanguard FTSE All-World U.ETF Reg. Shs USD Acc. oN\")",
                "  created AAPL (US0378331005, \"Apple Inc.\")",
                "  ignored 1 row of type \"Steuern\": \(a):10 (a tax or refund of its own, which Folio's ledger does not hold)",
                "  ignored 1 row of type \"Umbuchung (Ausgang)\": \(a):12 (between two accounts of one currency, within the portfolio)",
                "\(d): read 4, inserted 0, skipped 0 as duplicates, ignored 4",
                "  ignored 2 rows of type \"Kauf\": \(d):2, \(d):3 (a securities account's copy of a trade; Folio reads it from its cash account's file)",
                "  ignored 1 row of type \"Einlieferung\": \(d):4 (units moved without money; record them as trades)",
                "  ignored 1 row of type \"Verkauf\": \(d):5 (a securities account's copy of a trade; Folio reads it from its cash account's file)",
            ]
        )
        let trades = try LedgerRows.trades(t.store, "PP")
        #expect(
            trades == [
                "2024-01-03 15:31:00 buy 10 VWCE.DE at 106.9 EUR fee 1 EUR",
                "2024-01-05 15:45:00 buy 905.9 USD at 0.9132464952 EUR",
                "2024-01-05 15:45:00 buy 5 AAPL at 181.18 USD fee 4.07 EUR",
                "2024-05-15 10:03:27 sell 3 AAPL at 189.5 USD fee 3.31 EUR",
                "2024-05-15 10:03:27 buy 525.42 EUR at 1.0819915496 USD",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "PP")
        #expect(
            cash == [
                "2024-01-02 09:00:00 deposit 5000 EUR",
                "2024-02-16 07:40:00 dividend 1.09 EUR of AAPL tax 0.16",
                "2024-03-28 06:32:00 dividend 2.46 EUR of VWCE.DE",
                "2024-04-01 08:00:00 fee 2.5 EUR",
                "2024-04-30 23:59:00 interest 0.42 EUR",
                "2024-06-03 14:00:00 withdrawal 1000 EUR",
            ]
        )
    }

    static let header =
        "Date,Type,Value,Transaction Currency,Gross Amount,Currency Gross Amount,Exchange Rate,Fees,Taxes,Shares,ISIN,WKN,Ticker Symbol,Security Name,Note"

    /// A note that is an id (one word with a digit) is the row's external id, numbered where the file
    /// repeats it; a note of words is not.
    @Test func aNoteThatIsAnIdIsTheBrokersId() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "PP", baseCurrency: "EUR")
        let rows = [
            "2024-01-02T09:00,Deposit,100,EUR,,,,,,,,,,,Überweisung",
            "2024-01-03T09:00,Deposit,200,EUR,,,,,,,,,,,7f3a1c52-9d0e-4e6b-8a41-c2f5d7e9b001",
            "2024-01-04T09:00,Fees,-1,EUR,,,,,,,,,,,A17", "2024-01-05T09:00,Fees,-2,EUR,,,,,,,,,,,A17",
            "2024-01-06T09:00,Deposit,300,EUR,,,,,,,,,,,\"Sparplan 2024\"",
        ]
        let file = try TestPaths.write(([Self.header] + rows).joined(separator: "\n") + "\n", "a.csv", in: t.directory)
        _ = try t.store.importFiles([file], kind: .ppCSV, options: ImportOptions(portfolio: "PP"))
        #expect(
            try LedgerRows.cash(t.store, "PP") == [
                "2024-01-02 09:00:00 deposit 100 EUR",
                "2024-01-03 09:00:00 deposit 200 EUR #7f3a1c52-9d0e-4e6b-8a41-c2f5d7e9b001",
                "2024-01-04 09:00:00 fee 1 EUR #A17", "2024-01-05 09:00:00 fee 2 EUR #A17/2",
                "2024-01-06 09:00:00 deposit 300 EUR",
            ]
        )
    }

    @Test(arguments: [
        (
            "2024-01-03T15:31,Buy,\"-1,070.00\",EUR,,,,1.00,,,IE00BK5BQT80,,VWCE.DE,Vanguard,",
            "in.csv:2: Shares: found nothing, expected the units traded"
        ),
        (
            "2024-01-03T15:31,Purchase,-1070,EUR,,,,,,10,,,VWCE.DE,Vanguard,",
            "in.csv:2: Type: found \"Purchase\", expected a type such as Deposit, Buy or Dividend"
        ),
        (
            "2024-01-03T15:31,Deposit,\"1.070,00\",EUR,,,,,,,,,,,",
            "in.csv:2: Value: found \"1.070,00\", expected a number such as -1,234.56"
        ),
        (
            "03.01.2024,Deposit,100,EUR,,,,,,,,,,,",
            "in.csv:2: Date: found \"03.01.2024\", expected an ISO 8601 date or time such as 2024-03-01 or 2024-03-01T09:30:00Z"
        ),
    ])
    func badRowsAreNamedAndWriteNothing(_ row: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "PP", baseCurrency: "EUR")
        #expect(
            t.refusal([Self.header, row].joined(separator: "\n"), as: .ppCSV, ImportOptions(portfolio: "PP"))
                == expected
        )
        #expect(try t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }
}
