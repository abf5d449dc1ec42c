import Foundation
import Testing

/// A new user's first session with a broker's file, as README's "Your broker's file" shows it: from an
/// empty directory, three commands take Trading 212's export to a PDF report. With no quotes yet, the
/// report has every trade, deposit and holding, and says what it cannot value.
@Suite struct NewUserTrading212Tests {
    @Test func threeCommandsFromATrading212FileToAPDFReport() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("folio.sqlite").path
        let file = DemoDatabase.samples.appendingPathComponent("brokers/trading212-history.csv").path
        let pdf = directory.appendingPathComponent("t212.pdf").path
        let environment = ["FOLIO_DB": db]

        let initialised = try FolioProcess.run(["init"], environment: environment)
        #expect(initialised.status == 0 && initialised.stdout == "database ready: \(db)\n", "\(initialised.stderr)")
        let imported = try FolioProcess.run(
            ["import", "trading212", "--portfolio", "T212", "--base", "EUR", file],
            environment: environment
        )
        #expect(imported.status == 0, "\(imported.stderr)")
        let lines = imported.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "\(file): 21 rows: 7 trades, 2 dividends, 3 interest payments, 1 deposit, 2 withdrawals, 1 split; 5 currency exchanges; inserted 21, skipped 0 as duplicates, ignored 3"
        )
        #expect(lines.dropFirst().first == "  created portfolio \"T212\" with base currency EUR")
        #expect(lines.contains("  created AAPL (US0378331005, \"Apple\")"))
        // No quotes yet: said once per asset, with the line that first traded it.
        #expect(imported.stderr.contains("\(file):3: AAPL has no quotes yet"), "\(imported.stderr)")
        let report = try FolioProcess.run(
            ["report", "portfolio", "--portfolio", "T212", "--out", pdf],
            environment: environment
        )
        #expect(report.status == 0, "\(report.stderr)")
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout
        #expect(text.contains("Portfolio report: T212"), "\(text)")
        // 3,000 deposited, 250 withdrawn and 4.30 paid by card.
        #expect(text.contains("€2,745.70"), "\(text)")
        #expect(text.contains("184.25") && text.contains("NVDA"), "\(text)")
    }

    @Test func baseIsOnlyForImportsIntoAPortfolio() throws {
        let result = try FolioProcess.run([
            "import", "quotes", "--base", "EUR", "q.csv", "--db", "/nonexistent/f.sqlite",
        ])
        #expect(
            result.status != 0
                && result.stderr == "Error: --base: import quotes goes into no portfolio; --base is not taken\n",
            "\(result.stderr)"
        )
    }
}
