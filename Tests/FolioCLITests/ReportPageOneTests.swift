import Foundation
import Testing

/// Page 1 of the portfolio report as a reader meets it: nothing left out in silence, the as-of day says
/// what set it, and a change tile is the figure the performance table gives the same days.
@Suite struct ReportPageOneTests {
    /// A USD portfolio of AAPL and a little EUR cash, whose EUR/USD rates stop on 1 Dec 2017 while AAPL
    /// is quoted to 7 Feb 2018, as a new user's own data often is.
    static func database(in directory: URL) throws -> String {
        let db = try FolioProcess.initialisedDatabase(in: directory)
        var quotes = "date,asset,currency,price,market,source\n"
        let start = Calendar(identifier: .gregorian).date(
            from: DateComponents(timeZone: .gmt, year: 2017, month: 11, day: 1)
        )!
        for n in 0..<99 {
            let day = ISO8601DateFormatter.string(
                from: start.addingTimeInterval(Double(n) * 86_400),
                timeZone: .gmt,
                formatOptions: .withFullDate
            )
            quotes += "\(day),AAPL,USD,\(150 + Double(n % 7)),exchange,test\n"
            if n <= 30 { quotes += "\(day),EUR,USD,\(1.17 + Double(n % 3) / 100),exchange,test\n" }
        }
        let files = [
            ("q.csv", quotes),
            ("t.csv", "time,side,asset,quantity,price,price_currency\n2017-11-02,buy,AAPL,50,151,USD\n"),
            ("c.csv", "time,type,currency,amount\n2017-11-01,deposit,USD,10000\n2017-11-03,deposit,EUR,100\n"),
        ]
        for (name, text) in files {
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        for arguments in [
            ["portfolio", "add", "New user", "--base", "USD"],
            ["import", "quotes", directory.appendingPathComponent("q.csv").path],
            ["import", "trades", "--portfolio", "New user", directory.appendingPathComponent("t.csv").path],
            ["import", "transactions", "--portfolio", "New user", directory.appendingPathComponent("c.csv").path],
        ] {
            let result = try FolioProcess.run(arguments + ["--db", db])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return db
    }

    static func page(_ n: Int, of pdf: String) throws -> String {
        try FolioProcess.tool("pdftotext", ["-layout", "-f", "\(n)", "-l", "\(n)", pdf, "-"]).stdout
    }

    @Test func aHoldingWithoutARateIsNamedOnThePageAndOnStderr() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(in: directory)
        let pdf = directory.appendingPathComponent("r.pdf").path
        let late = try FolioProcess.run([
            "report", "portfolio", "--portfolio", "New user", "--as-of", "2018-02-07", "--out", pdf, "--db", db,
        ])
        #expect(late.status == 0, "\(late.stderr)")
        #expect(
            late.stderr.contains(
                "warning: allocation: not shown: EUR: EUR/USD quote (exchange) missing at 2018-02-07T23:59:59.999Z"
            ),
            "\(late.stderr)"
        )
        let one = try Self.page(1, of: pdf) + Self.page(2, of: pdf)
        #expect(one.contains("Not shown: EUR — no rate after 1 Dec 2017"), "\(one)")

        // Without --as-of, the EUR position sets the day: page 1 and stderr say so.
        let early = try FolioProcess.run(["report", "portfolio", "--portfolio", "New user", "--out", pdf, "--db", db])
        #expect(early.status == 0, "\(early.stderr)")
        #expect(
            early.stderr.hasPrefix(
                "warning: as of 2017-12-01: the last day EUR can be valued in USD; the other holdings are quoted to "
                    + "2018-02-07 (--as-of names another day)\n"
            ),
            "\(early.stderr)"
        )
        let note = try Self.page(1, of: pdf).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            note.contains(
                "The figures end on 1 Dec 2017, the last day EUR can be valued in USD; the other holdings are quoted to 7 Feb 2018."
            ),
            "\(note)"
        )
        let chart = try FolioProcess.run([
            "chart", "pie", "--by", "kind", "--portfolio", "New user", "--as-of", "2018-02-07", "--db", db,
            "--out", directory.appendingPathComponent("k.png").path,
        ])
        #expect(chart.stderr.contains("warning: allocation: not shown: EUR"), "\(chart.stderr)")
    }

    /// DSX crypto's "1 month" tile and its performance row, one figure over one window.
    @Test func theMonthTileIsThePerformanceTablesMonth() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appendingPathComponent("r.pdf").path
        let result = try FolioProcess.run([
            "report", "portfolio", "--portfolio", "DSX crypto", "--out", pdf, "--db", try DemoDatabase.path(),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf, "-"]).stdout
        let lines = text.split(separator: "\n").map(String.init)
        // The tile: its label line "1 month", the figure, then "+37.28% · 30 May – 30 Jun", from the close
        // it is measured from (the row's first counted day is 31 May).
        let tile = try #require(
            lines.first { $0.contains("· 30 May – 30 Jun") || $0.contains("· 30\u{00A0}May – 30\u{00A0}Jun") }
        )
        let row = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("1 month ") })
        let percent = try #require(row.split(separator: " ").dropFirst(2).first)
        #expect(tile.contains("+" + percent + " ·"), "tile \(tile) row \(row)")
    }
}
