import Foundation
import Testing

/// `folio convert` on a database holding only the quotes a test imports.
@Suite struct ConvertTests {
    /// A fresh database with `quotes` (CSV rows after the header) imported through `folio import quotes`.
    private func database(_ quotes: [String]) throws -> (URL, String) {
        let directory = try Paths.temporaryDirectory()
        let csv = directory.appendingPathComponent("quotes.csv")
        try (["date,asset,currency,price,bid,ask,market,source"] + quotes).joined(separator: "\n").write(
            to: csv,
            atomically: true,
            encoding: .utf8
        )
        let db = directory.appendingPathComponent("f.sqlite").path
        #expect(try FolioProcess.run(["init", "--db", db]).status == 0)
        let imported = try FolioProcess.run(["import", "quotes", csv.path, "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (directory, db)
    }

    private let workedExample = [
        "2025-06-20,BTC,USD,108953,,,exchange,test", "2025-06-20,ETH,USD,2547.43,,,exchange,test",
    ]

    @Test func theWorkedExample() throws {
        let (directory, db) = try database(workedExample)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (asset, expected) in [("BTC", 0.3442), ("ETH", 14.7207)] {
            let result = try FolioProcess.run(["convert", "37500", "USD", asset, "--db", db, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.isEmpty)
            let table = try JSONTable(result.stdout)
            #expect(table.columns.map(\.name) == ["pair", "amount", "result", "rate", "market", "time"])
            let conversion = try #require(table.rows.first)
            #expect(conversion["pair"] as? String == "USD → \(asset)")
            #expect(conversion["market"] is NSNull)
            let value = try #require(table.number(conversion, "result"))
            #expect((value * 10_000).rounded() / 10_000 == expected, "\(value)")
            // The default instant is the quote's, and the quote used is listed.
            #expect(conversion["time"] as? String == "2025-06-20T00:00:00Z")
            #expect(table.rows.count == 2)
            #expect(table.rows[1]["pair"] as? String == "1 / \(asset)/USD")
            #expect(table.rows[1]["market"] as? String == "exchange")
        }
        let text = try FolioProcess.run(["convert", "37500", "USD", "BTC", "--db", db])
        #expect(text.stdout.split(separator: "\n")[2].contains("0.34418511"))
    }

    @Test func sideChoosesBidOrAskAndDateChoosesTheQuote() throws {
        let (directory, db) = try database([
            "2024-03-01,USD,UAH,38.0,37.8,38.4,cash,test", "2024-03-02,USD,UAH,39.0,38.8,39.4,cash,test",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        func result(_ extra: [String]) throws -> Double? {
            let run = try FolioProcess.run(["convert", "100", "USD", "UAH", "--db", db, "--format", "csv"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try RFC4180.parse(run.stdout).dropFirst().first.flatMap { Double($0[2]) }
        }
        func close(_ value: Double?, _ expected: Double) -> Bool { value.map { abs($0 - expected) < 1e-9 } ?? false }
        #expect(close(try result([]), 3900))
        #expect(close(try result(["--side", "buy"]), 3880))
        #expect(close(try result(["--side", "sell"]), 3940))
        #expect(close(try result(["--date", "2024-03-01"]), 3800))
        #expect(close(try result(["--date", "2024-03-01T12:00:00Z", "--side", "sell", "--market", "cash"]), 3840))
        // UAH → USD goes through the inverse of the same quote.
        let back = try FolioProcess.run(["convert", "3900", "UAH", "USD", "--db", db, "--format", "json"])
        let table = try JSONTable(back.stdout)
        #expect(close(table.number(table.rows.first, "result"), 100))
    }

    @Test(arguments: [
        (["convert", "abc", "USD", "BTC"], "Error: AMOUNT: \"abc\" is not a number"),
        (["convert", "1", "USD", "XYZ"], "Error: TO: unknown asset XYZ"),
        (["convert", "1", "NOPE", "BTC"], "Error: FROM: unknown asset NOPE"),
        (["convert", "1", "USD", "BTC", "--market", "moon"], "Error: --market: unknown market moon"),
        (["convert", "1", "USD", "BTC", "--side", "middle"], "Error: --side: \"middle\" is not one of mid, buy, sell"),
        (["convert", "1", "USD", "BTC", "--date", "June"], "Error: --date: \"June\" is not a date"),
        (
            ["convert", "1", "USD", "BTC", "--date", "2025-07-20"],
            "Error: BTC/USD quote (exchange) missing at 2025-07-20T23:59:59.999Z: the last one, 2025-06-20T00:00:00Z, is too old"
        ),
        (["convert", "1", "USD", "BTC", "--date", "2025-01-01"], "Error: no BTC/USD quote (exchange"),
    ])
    func badInputIsOneLine(_ arguments: [String], _ expected: String) throws {
        let (directory, db) = try database(workedExample)
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FolioProcess.run(arguments + ["--db", db])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(lines.first?.hasPrefix(expected) == true, "\(result.stderr)")
    }

    @Test func helpHasExamples() throws {
        let help = try FolioProcess.run(["convert", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        #expect(help.stdout.contains("folio convert 37500 USD BTC"))
        #expect(help.stdout.contains("--db"))
        // The discussion fits 80 columns (the generated usage line below it lists every option).
        #expect(help.stdout.components(separatedBy: "USAGE:")[0].split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
