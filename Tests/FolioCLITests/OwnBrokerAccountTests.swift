import Foundation
import Testing

/// Issue 42, as it is done: a new user's Degiro and Trading 212 files in one portfolio of a copy of the
/// demo database. No balance goes below zero, every stock is valued under its ticker, the Trading 212
/// dividends are what the rows say was received, and the value bridge is defined on every line, with no
/// currency effect on the base currency; the report has no Diagnostics page.
@Suite struct OwnBrokerAccountTests {
    @Test func aNewUsersTwoBrokersInTheDemoDatabase() throws {
        let s = try ImportScratch(demoCopy: ())
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        let degiro = try s.importing("degiro", [files.account, files.transactions], portfolio: "Mine")
        #expect(degiro.status == 0 && !degiro.stderr.contains("below zero"), "\(degiro.stderr)")
        let t212 = try s.importing("trading212", [files.t212], portfolio: "Mine")
        #expect(t212.status == 0 && !t212.stderr.contains("below zero"), "\(t212.stderr)")

        #expect(try s.json(["table", "diagnostics", "--portfolio", "Mine"]).rows.isEmpty)
        let holdings = try s.json(["table", "holdings", "--portfolio", "Mine"])
        #expect(
            holdings.rows.compactMap { $0["asset"] as? String } == ["AAPL", "EUR", "JNJ", "KO", "MSFT", "Total"],
            "\(holdings.rows)"
        )
        #expect(holdings.rows.allSatisfy { $0["value_eur"] is NSNumber }, "\(holdings.rows)")
        let bridge = try s.json(["table", "attribution", "--portfolio", "Mine"])
        #expect(bridge.rows.count == 10 && bridge.rows.allSatisfy { $0["amount_eur"] is NSNumber }, "\(bridge.rows)")
        // 2,000 + 1,500 EUR deposited, nothing withdrawn.
        #expect(bridge.number(bridge.row("line", "deposits"), "amount_eur") == 3500)
        let byHolding = try s.json(["table", "attribution", "--by", "holding", "--portfolio", "Mine"])
        #expect(byHolding.number(byHolding.row("asset", "EUR"), "currency_effect") == 0)
        #expect(byHolding.number(byHolding.row("asset", "KO"), "income") == 2.75)
        #expect(byHolding.number(byHolding.row("asset", "MSFT"), "income") == 1.67)
        // The report has no Diagnostics page.
        let pdf = s.directory.appendingPathComponent("mine.pdf").path
        let report = try s.folio(["report", "portfolio", "--portfolio", "Mine", "--out", pdf])
        #expect(report.status == 0, "\(report.stderr)")
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout
        #expect(!text.contains("Diagnostics") && !text.contains("below zero"), "\(text)")
    }
}
