import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `folio import freedom24`: a Freedom24 broker report as JSON, made up in the shape of real ones
/// (`samples/brokers/freedom24-report.json`): numbers as JSON numbers and as text, `-` for none, currency
/// exchanges, a bond, a dividend reverted and paid again, and sections Folio does not take.
@Suite struct Freedom24ImportTests {
    static let fixture = TestPaths.projectRoot.appendingPathComponent("samples/brokers/freedom24-report.json")

    @Test func everyRecordIsTakenOrNamed() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "F", baseCurrency: "EUR")
        let summary = try t.store.importFiles([Self.fixture], kind: .freedom24, options: ImportOptions(portfolio: "F"))[
            0
        ]
        let f = Self.fixture.path
        #expect(
            summary.lines == [
                "\(f): 22 rows: 4 trades, 2 dividends, 1 deposit, 1 withdrawal, 1 account fee; 2 currency exchanges; inserted 11, skipped 0 as duplicates, ignored 11",
                "  created AAPL (US0378331005)",
                "  created BRK.B (US0846707026)",
                "  created TLT (US4642874329)",
                "  ignored 1 row of type \"instr_type 2\": \(f): trades.detailed[4] (a bond, future or option: Folio imports securities and currencies)",
                "  ignored 1 row of type \"dividend\": \(f): cash_in_outs[1] (the dividends and their tax are read from corporate_actions)",
                "  ignored 1 row of type \"tax\": \(f): cash_in_outs[2] (the dividends and their tax are read from corporate_actions)",
                "  ignored 1 row of type \"dividend\": \(f): corporate_actions.detailed[0] (reverted below)",
                "  ignored 1 row of type \"dividend_reverted\": \(f): corporate_actions.detailed[1] (cancels the dividend above)",
                "  ignored 1 row of type \"split\": \(f): corporate_actions.detailed[4] (a corporate action other than a dividend; record a split with folio import transactions)",
                "  ignored 4 rows of type \"For trade\": \(f): commissions.detailed[0], \(f): commissions.detailed[1], \(f): commissions.detailed[2], \(f): commissions.detailed[4] (in the trade's commission)",
                "  ignored 1 row of type \"securities_in_outs\": \(f): securities_in_outs[0] (units moved in or out without money; record them as trades)",
            ]
        )
        let trades = try LedgerRows.trades(t.store, "F")
        #expect(
            trades == [
                "2024-02-05 10:17:43 buy 3000 USD at 0.9105 EUR #700111222",
                "2024-02-05 15:31:07 buy 5 AAPL at 187.68 USD fee 2.08 EUR #700111300",
                "2024-02-06 16:02:55 buy 2 BRK.B at 398.2 USD fee 1.77 EUR #700111415",
                "2024-02-07 15:45:12 buy 10 TLT at 94.1 USD fee 2.09 EUR #700111520",
                "2024-05-20 15:10:11 sell 2 AAPL at 191.04 USD fee 1.76 EUR #700113377",
                "2024-05-21 09:00:02 buy 461.25 EUR at 1.0840108401 USD #700113500",
            ]
        )
        let cash = try LedgerRows.cash(t.store, "F")
        #expect(
            cash == [
                "2024-02-01 09:15:00 deposit 5000 EUR #cash-51001",
                "2024-03-11 00:00:00 dividend 3.13 USD of TLT #ca-2024-03-07_US4642874329_TLT.US",
                "2024-03-31 03:00:00 fee 0.03 EUR",
                "2024-05-16 00:00:00 dividend 1.2 USD of AAPL tax 0.18 #ca-2024-05-16_US0378331005_AAPL.US",
                "2024-06-10 11:00:00 withdrawal 1000 EUR #cash-51100",
            ]
        )
    }

    @Test(arguments: [
        (
            #"{"trades":{"detailed":[{"trade_id":1,"date":"2024-02-05 15:31:07","instr_nm":"AAPL.US","instr_type":1,"operation":"buy","issue_nb":"US0378331005","curr_c":"USD","p":"abc","q":5}]}}"#,
            "in.csv: trades.detailed[0].p: found \"abc\", expected a number"
        ),
        (
            #"{"trades":{"detailed":[{"trade_id":1,"date":"2024-02-05 15:31:07","instr_nm":"AAPL.US","instr_type":1,"operation":"short","issue_nb":"US0378331005","curr_c":"USD","p":1,"q":5}]}}"#,
            "in.csv: trades.detailed[0].operation: found \"short\", expected buy or sell"
        ),
        (
            #"{"trades":{"detailed":[{"trade_id":1,"date":"05.02.2024","instr_nm":"AAPL.US","instr_type":1,"operation":"buy","issue_nb":"US0378331005","curr_c":"USD","p":1,"q":5}]}}"#,
            "in.csv: trades.detailed[0].date: found \"05.02.2024\", expected a time such as 2024-03-01 09:30:00"
        ),
        (
            #"{"corporate_actions":{"detailed":[{"date":"2024-03-11","type_id":"dividend_reverted","corporate_action_id":"X","amount":3.13,"currency":"USD"}]}}"#,
            "in.csv: corporate_actions.detailed[0].corporate_action_id: found a reversal of 3.13 for \"X\" with no dividend of that amount before it"
        ),
        (#"{"trades":[1,2]}"#, "in.csv: trades: found an array, expected an object holding \"detailed\""),
        ("[1,2]", "in.csv: found an array, expected a JSON object"),
    ])
    func badReportsAreNamedAndWriteNothing(_ json: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "F", baseCurrency: "EUR")
        #expect(t.refusal(json, as: .freedom24, ImportOptions(portfolio: "F")) == expected)
        #expect(try t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }
}
