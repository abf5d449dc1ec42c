import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
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

    /// An activity's `id` is the broker's id; a DIVIDEND's fee is the tax withheld from it, as Ghostfolio's
    /// users keep it; a FEE without an id of its own whose comment is the id of a trade of its instant is
    /// that trade's fee in another currency (as `folio export ghostfolio` writes Degiro's euros on a trade
    /// in dollars); a FEE whose comment names no trade of its instant is a fee of the account.
    @Test func idsTaxWithheldAndATradesFeeInAnotherCurrency() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "G", baseCurrency: "EUR")
        let activity = { (type: String, id: String, comment: String, fields: String, date: String) in
            """
            {"accountId":null,"comment":\(comment),"id":\(id),"type":"\(type)",\(fields),"dataSource":"YAHOO",\
            "date":"\(date)","tags":[]}
            """
        }
        let json = """
            {"meta":{"date":"2024-07-01T00:00:00.000Z","version":"folio"},"accounts":[],"assetProfiles":[],"activities":[
            \(activity("FEE", "null", "\"ORD-1\"", #""fee":0.54,"quantity":0,"unitPrice":0,"currency":"EUR","symbol":"FOLIO-FEE-EUR""#, "2017-03-02T15:31:00.000Z")),
            \(activity("BUY", "\"ORD-1\"", "\"ORD-1\"", #""fee":0,"quantity":10,"unitPrice":123.63,"currency":"USD","symbol":"JNJ""#, "2017-03-02T15:31:00.000Z")),
            \(activity("FEE", "null", "\"ORD-1\"", #""fee":2.5,"quantity":0,"unitPrice":0,"currency":"EUR","symbol":"FOLIO-FEE-EUR""#, "2018-01-02T10:00:00.000Z")),
            \(activity("DIVIDEND", "\"6f1c\"", "null", #""fee":1.26,"quantity":1,"unitPrice":8.4,"currency":"USD","symbol":"JNJ""#, "2017-06-13T07:40:00.000Z"))
            ],"user":{"settings":{"currency":"EUR"}}}
            """
        let file = try TestPaths.write(json, "g.json", in: t.directory)
        _ = try t.store.importFiles([file], kind: .ghostfolio, options: ImportOptions(portfolio: "G"))
        #expect(
            try LedgerRows.trades(t.store, "G") == ["2017-03-02 15:31:00 buy 10 JNJ at 123.63 USD fee 0.54 EUR #ORD-1"]
        )
        #expect(
            try LedgerRows.cash(t.store, "G") == [
                "2017-06-13 07:40:00 dividend 8.4 USD of JNJ tax 1.26 #6f1c", "2018-01-02 10:00:00 fee 2.5 EUR",
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
