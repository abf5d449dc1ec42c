import Foundation
import Testing

/// Issue 42, point 2: a Degiro trade and its AutoFX exchange share a minute, and their ids follow the
/// order the two files were given in. Whatever that order, the consistent account never goes below
/// zero; a real overspend is named at import, with its day and amount, and on page 1 of the report.
@Suite struct OwnBrokerOrderTests {
    @Test(arguments: [true, false])
    func aConsistentAccountNeverGoesBelowZeroInEitherOrder(transactionsFirst: Bool) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let files = try OwnBrokerFiles.write(in: s)
        let given = transactionsFirst ? [files.transactions, files.account] : [files.account, files.transactions]
        let imported = try s.importing("degiro", given, portfolio: "D")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(!imported.stderr.contains("below zero"), "\(imported.stderr)")
        let diagnostics = try s.folio(["table", "diagnostics", "--portfolio", "D", "--format", "csv"])
        #expect(diagnostics.status == 0, "\(diagnostics.stderr)")
        #expect(diagnostics.stdout == "asset,time,event,id,balance\r\n", "\(diagnostics.stdout)")
        // What Account.csv's balance column says at the end: 445.18 EUR and 0.00 USD.
        let cash = try s.folio(["table", "holdings", "--portfolio", "D", "--format", "csv"])
        let rows = cash.stdout.split(separator: "\r\n").map {
            $0.split(separator: ",").prefix(2).joined(separator: " ")
        }
        #expect(rows.contains("EUR 445.18"), "\(cash.stdout)")
        #expect(!rows.contains { $0.hasPrefix("USD ") && $0 != "USD 0" }, "\(cash.stdout)")
    }

    /// 1,000 EUR deposited where 2,000 were: the exchange that pays for the JNJ buy spends 173.74 EUR more
    /// than the account holds. Said at import with the day, the amount and the order's id, and on page 1.
    @Test func aRealOverspendIsNamedAtImportAndOnPageOne() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        var rows = OwnBrokerFiles.degiroAccountRows
        rows[rows.count - 1] = "01-03-2017,10:12,01-03-2017,,,iDEAL Deposit,,EUR,\"1000,00\",EUR,\"1000,00\","
        let transactions = try OwnBrokerFiles.write(in: s).transactions
        let account = try s.file("Account.csv", OwnBrokerFiles.degiro(OwnBrokerFiles.degiroAccountHeader, rows))
        let imported = try s.importing("degiro", [account, transactions], portfolio: "D")
        #expect(imported.status == 0, "\(imported.stderr)")
        let said = imported.stderr.split(separator: "\n").filter { $0.contains("below zero") }
        #expect(
            said == [
                "warning: D: EUR went below zero on 2 Mar 2017: −173.74\u{00A0}EUR after Exchange 1,173.74\u{00A0}EUR for 1,236.30\u{00A0}USD (e3a8b6c1-7f2d-4c9a-b5e0-1d4f8a2c6b01/fx)"
            ],
            "\(imported.stderr)"
        )
        let pdf = s.directory.appendingPathComponent("d.pdf").path
        let report = try s.folio(["report", "portfolio", "--portfolio", "D", "--out", pdf])
        #expect(report.status == 0, "\(report.stderr)")
        let page1 = try FolioProcess.tool("pdftotext", ["-f", "1", "-l", "1", "-layout", pdf, "-"]).stdout
        #expect(page1.contains("EUR went below zero on 2 Mar 2017 (−173.74): the list is on page"), "\(page1)")
    }
}
