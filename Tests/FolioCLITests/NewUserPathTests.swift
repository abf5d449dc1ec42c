import FolioCore
import Foundation
import Testing

/// The first hour of a new user, end to end through the binary: an empty database; the NBU's wide CSV
/// and Brent's `Date,Price` file from `samples/` imported through column mappings (one saved);
/// real AAPL closes; a USD portfolio written by hand with trades, a dividend, a split, interest and an
/// account fee; a wrong quote corrected with `--replace` and a mistaken trade removed. ACME's quotes are
/// written by this test (unadjusted, so its 2-for-1 split halves the price on the split day).
@Suite(.serialized) struct NewUserPathTests {
    let directory: URL
    let db: String

    init() throws {
        directory = try Paths.temporaryDirectory()
        db = try FolioProcess.initialisedDatabase(in: directory)
    }

    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @discardableResult
    func folio(_ arguments: [String], stderr expected: String? = "") throws -> FolioProcess.Result {
        let result = try FolioProcess.run(arguments + ["--db", db])
        #expect(result.status == 0, "folio \(arguments.joined(separator: " ")): \(result.stderr)")
        if let expected { #expect(result.stderr == expected, "folio \(arguments.joined(separator: " "))") }
        return result
    }

    func json(_ arguments: [String]) throws -> JSONTable {
        try JSONTable(try folio(arguments + ["--format", "json"]).stdout)
    }

    @Test func fromAnEmptyDatabaseToAReportThatAddsUp() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = Paths.samples
        // Rates and oil in the shapes they come in.
        let wide = try folio([
            "import", "csv", data.appendingPathComponent("nbu/nbu_rates_wide.csv").path,
            "--wide", "--date-column", "date", "--currency", "UAH", "--market", "nbu",
        ])
        #expect(wide.stdout.contains("inserted 62326"), "\(wide.stdout)")
        let mapping = try file("brent.yaml", "columns: { date: Date, price: Price }\nasset: BRENT\ncurrency: USD\n")
        let brent = try folio([
            "import", "csv", "--mapping", mapping, data.appendingPathComponent("oil/brent-daily.csv").path,
        ])
        #expect(brent.stdout.contains("inserted 1272"), "\(brent.stdout)")
        try folio(["import", "stock-csv", data.appendingPathComponent("stocks/AAPL_data.csv").path])
        // ACME: 200 a share, 100 from the 2-for-1 split on 15 February; 1 March typed as 1000 by mistake.
        var acme = "date,asset,currency,price,market,source\n"
        var day = Calendar(identifier: .gregorian).date(
            from: DateComponents(timeZone: TimeZone(identifier: "UTC"), year: 2017, month: 1, day: 2)
        )!
        while ISOTime.format(day) < "2017-04-01" {
            let iso = String(ISOTime.format(day).prefix(10))
            acme += "\(iso),ACME,USD,\(iso == "2017-03-01" ? 1000 : iso < "2017-02-15" ? 200 : 100),exchange,test\n"
            day = day.addingTimeInterval(86_400)
        }
        let quotes = try file("acme.csv", acme)
        try folio(["import", "quotes", quotes])

        try folio(["portfolio", "add", "Mine", "--base", "USD"])
        let trades = try file(
            "trades.csv",
            """
            time,side,asset,quantity,price,price_currency,fee,fee_currency,id
            2017-01-03T15:00:00Z,buy,AAPL,10,116.15,USD,1,USD,t1
            2017-01-04T15:00:00Z,buy,ACME,20,200,USD,0,USD,t2
            2017-01-05T15:00:00Z,buy,AAPL,100,117,USD,0,USD,t3
            2017-03-01T15:00:00Z,sell,AAPL,5,139,USD,0,USD,t4

            """
        )
        try folio(["import", "trades", "--portfolio", "Mine", trades])
        let transactions = try file(
            "cash.csv",
            """
            time,type,currency,amount,fee,status,id,asset,tax,ratio
            2017-01-02T09:00:00Z,deposit,USD,10000,,,c1,,,
            2017-02-15T00:00:00Z,split,,,,,c2,ACME,,2
            2017-02-16T12:00:00Z,dividend,USD,5.70,,,c3,AAPL,0.86,
            2017-03-31T12:00:00Z,fee,USD,5,,,c4,,,
            2017-03-31T12:00:00Z,interest,USD,1.20,,,c5,,,

            """
        )
        // The deposit pays for t1 and t2 but not for t3's 100 AAPL: said at import, before any report.
        try folio(
            ["import", "transactions", "--portfolio", "Mine", transactions],
            stderr: "warning: Mine: USD went below zero on 5 Jan 2017: −6,862.50\u{00A0}USD after Buy AAPL (t3)\n"
        )

        // The 100 AAPL of t3 were a typing mistake: found by its id and removed.
        let listed = try json(["trades", "list", "--portfolio", "Mine", "--asset", "AAPL"])
        let mistaken = try #require(listed.number(listed.row("external_id", "t3"), "id"))
        try folio(["trades", "remove", "--id", String(Int(mistaken))], stderr: nil)
        // The wrong quote: the corrected file says which row differs, and --replace corrects it.
        let corrected = try file(
            "acme-corrected.csv",
            acme.replacingOccurrences(of: "2017-03-01,ACME,USD,1000", with: "2017-03-01,ACME,USD,100")
        )
        let kept = try folio(["import", "quotes", corrected], stderr: nil)
        #expect(kept.stderr.contains(":60: price 100 differs from the stored 1000"), "\(kept.stderr)")
        let replaced = try folio(["import", "quotes", "--replace", corrected], stderr: nil)
        #expect(replaced.stdout.contains("updated 1"), "\(replaced.stdout)")
        let march = try json(["quotes", "list", "--asset", "ACME", "--from", "2017-03-01", "--to", "2017-03-01"])
        #expect(march.number(march.rows.first, "price") == 100)

        let asOf = "2017-03-31"
        let holdings = try json(["table", "holdings", "--portfolio", "Mine", "--as-of", asOf])
        #expect(holdings.number(holdings.row("asset", "AAPL"), "quantity") == 5)
        #expect(holdings.number(holdings.row("asset", "ACME"), "quantity") == 40)
        // 10,000 − 1,162.50 − 4,000 + 695 + (5.70 − 0.86) − 5 + 1.20
        let usd = try #require(holdings.number(holdings.row("asset", "USD"), "quantity"))
        #expect(abs(usd - 5_533.54) < 1e-9)
        // The split leaves ACME's value where it was: 20 × 200 the day before, 40 × 100 on the day.
        for (day, value) in [("2017-02-14", 4_000.0), ("2017-02-15", 4_000.0)] {
            let h = try json(["table", "holdings", "--portfolio", "Mine", "--as-of", day])
            #expect(h.number(h.row("asset", "ACME"), "value_usd") == value, "\(day)")
        }

        let income = try json(["table", "income", "--portfolio", "Mine", "--as-of", asOf])
        let total = income.row("asset", "Total")
        #expect(income.number(income.row("asset", "AAPL"), "dividends_usd").map { abs($0 - 4.84) < 1e-9 } == true)
        #expect(income.number(income.row("asset", "ACME"), "cost_basis_usd") == 4_000)
        #expect(income.number(income.row("asset", "USD"), "interest_usd") == 1.2)
        #expect(income.number(income.row("asset", "USD"), "account_fees_usd") == 5)
        let value = try json(["table", "value", "--portfolio", "Mine", "--from", asOf, "--to", asOf])
        let last = try #require(value.rows.last)
        let gain = try #require(value.number(last, "income"))
        // value − net deposits, and net deposits are the deposit alone: a dividend is not one.
        #expect(value.number(last, "net_deposits") == 10_000)
        let sum = try #require(income.number(total, "total_usd"))
        #expect(abs(sum - gain) < 1e-9, "\(sum) vs \(gain)")
        let parts = try ["realised_usd", "unrealised_usd", "dividends_usd", "interest_usd"].map {
            try #require(income.number(total, $0))
        }
        #expect(abs(parts.reduce(0, +) - (income.number(total, "account_fees_usd") ?? .nan) - gain) < 1e-9)

        // The report shows the dividends beside realised and unrealised income.
        let pdf = directory.appendingPathComponent("mine.pdf").path
        try folio(
            ["report", "portfolio", "--portfolio", "Mine", "--as-of", asOf, "--locale", "en", "--out", pdf],
            stderr: nil
        )
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout
        #expect(text.contains("Dividends & interest") && text.contains("Account fees"), "\(text)")
        #expect(text.contains("4.84"), "\(text)")
    }
}
