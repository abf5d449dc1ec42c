import Foundation
import Testing

/// `folio report`, `folio chart` and `folio table` take a portfolio's default day by the one rule, from
/// every last quote. The report loads only the quotes of what the portfolio touched, and its day was
/// taken from that cut book: a coin quoted only in BTC, which the portfolio never traded, lost its way
/// to the dollar there, and the report ended at the last trade while the chart went on to the last price.
@Suite struct AsOfAgreementTests {
    @Test func reportChartAndTableEndOnTheSameDay() throws {
        let dir = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let db = try FolioProcess.initialisedDatabase(in: dir)
        var quotes = "date,asset,currency,price,market,source\n"
        for day in 1...20 {
            quotes += String(format: "2024-01-%02d,BTC,USD,%d,exchange,test\n", day, 40_000 + 100 * day)
        }
        for day in 1...10 {
            quotes += String(format: "2024-01-%02d,XYZ,BTC,%.5f,exchange,test\n", day, 0.001 + Double(day) / 100_000)
        }
        let files = [
            ("q.csv", quotes), ("t.csv", "time,type,currency,amount\n2024-01-01T09:00:00Z,deposit,USD,1000\n"),
            ("r.csv", "time,side,asset,quantity,price,price_currency\n2024-01-02T10:00:00Z,buy,XYZ,10,40,USD\n"),
        ]
        for (name, text) in files {
            try text.write(to: dir.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for arguments in [
            ["import", "quotes", dir.appendingPathComponent("q.csv").path], ["portfolio", "add", "P", "--base", "USD"],
            ["import", "transactions", "--portfolio", "P", dir.appendingPathComponent("t.csv").path],
            ["import", "trades", "--portfolio", "P", dir.appendingPathComponent("r.csv").path],
        ] {
            let r = try FolioProcess.run(arguments + ["--db", db])
            #expect(r.status == 0, "\(arguments): \(r.stderr)")
        }
        // XYZ → BTC → USD can be valued until the 10th, XYZ's last quote.
        let report = try FolioProcess.run([
            "report", "portfolio", "--portfolio", "P", "--db", db, "--out", dir.appendingPathComponent("p.pdf").path,
        ])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.contains("portfolio as of 2024-01-10"), "\(report.stderr)")
        let value = try FolioProcess.run(["table", "value", "--portfolio", "P", "--db", db, "--format", "csv"])
        #expect(value.stdout.split(separator: "\r\n").last?.hasPrefix("2024-01-10,") == true, "\(value.stdout)")
    }
}
