import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioStore

/// `folio import ghostfolio` of a file as Ghostfolio writes one (`samples/brokers/ghostfolio-export.json`,
/// made up in the shape of its 2.x exports and its own test files): a manual fee, trades, a dividend,
/// interest, wealth outside markets under a UUID, an activity of no units, and an account whose balance
/// history says when money came in.
@Suite struct GhostfolioImportTests {
    static let fixture = TestPaths.projectRoot.appendingPathComponent("samples/brokers/ghostfolio-export.json")

    @Test func activitiesAndTheDepositsTheBalancesHold() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "G", baseCurrency: "USD")
        let summary = try t.store.importFiles(
            [Self.fixture],
            kind: .ghostfolio,
            options: ImportOptions(portfolio: "G")
        )[0]
        let f = Self.fixture.path
        #expect(
            summary.lines == [
                "\(f): 8 rows: 2 trades, 1 dividend, 1 interest payment, 2 deposits, 1 account fee; inserted 7, skipped 0 as duplicates, ignored 3",
                "  created MSFT",
                "  created VT (US9220427424, \"Vanguard Total World Stock ETF\")",
                "  ignored 1 row of type \"BUY\": \(f): activities[5] (of a manual security whose symbol is no asset code)",
                "  ignored 1 row of type \"LIABILITY\": \(f): activities[6] (wealth outside markets, or a type Folio does not read)",
                "  ignored 1 row of type \"BUY\": \(f): activities[7] (of no units or at no price)",
            ]
        )
        let trades = try LedgerRows.trades(t.store, "G")
        #expect(
            trades == [
                "2024-01-16 00:00:00 buy 5 MSFT at 298.58 USD fee 1 USD",
                "2024-02-01 14:30:00 buy 10 VT at 105.12 USD fee 0.5 USD",
            ]
        )
        // 3,000 in by 2 January; by 1 June the balance, 1,421.87, is 1,009.31 more than the activities leave.
        let cash = try LedgerRows.cash(t.store, "G")
        #expect(
            cash == [
                "2024-01-02 00:00:00 deposit 3000 USD",
                "2024-01-03 00:00:00 fee 49 USD",
                "2024-03-14 00:00:00 dividend 3.75 USD of MSFT",
                "2024-04-01 00:00:00 interest 3.41 USD",
                "2024-06-01 00:00:00 deposit 1009.31 USD",
            ]
        )
    }

    @Test(arguments: [
        (
            #"{"activities":[{"type":"BUY","date":"2024-01-16","currency":"USD","quantity":5,"unitPrice":"x","fee":0,"symbol":"MSFT"}]}"#,
            "in.csv: activities[0].unitPrice: found \"x\", expected a number"
        ),
        (
            #"{"activities":[{"type":"BUY","date":"16/01/2024","currency":"USD","quantity":5,"unitPrice":1,"fee":0,"symbol":"MSFT"}]}"#,
            "in.csv: activities[0].date: found \"16/01/2024\", expected a time such as 2024-03-01T09:30:00.000Z"
        ),
        (
            #"{"activities":[{"type":"SELL","date":"2024-01-16","currency":"USD","quantity":-5,"unitPrice":1,"fee":0,"symbol":"MSFT"}]}"#,
            "in.csv: activities[0].quantity: found quantity -5.0, unit price 1.0 and fee 0.0, expected none below zero"
        ),
        (
            #"{"accounts":[],"meta":{}}"#,
            "in.csv: activities: found nothing, expected Ghostfolio's export with meta, accounts and activities"
        ),
    ])
    func badFilesAreNamedAndWriteNothing(_ json: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "G", baseCurrency: "USD")
        #expect(t.refusal(json, as: .ghostfolio, ImportOptions(portfolio: "G")) == expected)
        #expect(try t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }
}
