import Foundation
import GRDB
import Testing

/// Portfolios whose names look like the output template's placeholders, paths or terminal escapes: each
/// one's outputs — and its mail — are its own. Placeholders were substituted one after another from a
/// dictionary, so a portfolio named `{report}` wrote (and mailed) `donut`'s chart in 7 runs of 10.
@Suite(.serialized) struct HostileNamesBatchTests {
    static let hostile = [
        "donut", "{report}", "{portfolio}", "{date}", "{ext}", "{locale}", "{theme}", "2018-02-07", "_report_",
        "{report}.{ext}",
        "holdings", "..", ".", "../escape", "a/b", "a b", "a_b", "a/../../b", ".hidden", "~", "$(touch pwned)", "%s%n",
        "a\\b",
        "{", "}", "}{", "{{report}}", "out", "Портфель {date}", "\u{1B}]0;owned\u{07}", "tab\there", "CON", "nul", "*",
        "?",
        "name with trailing dot.", String(repeating: "{report}", count: 12),
        String(repeating: "я", count: 45) + "{date}",
    ]

    /// `count` portfolios (the hostile names first), portfolio `i` holding 1,001 + i shares of AAPL bought
    /// on 2017-01-03: its holdings table says how many, and no other portfolio's says the same.
    static func database(_ count: Int, in directory: URL) throws -> (path: String, shares: [String: Int]) {
        let path = directory.appendingPathComponent("hostile.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: path)
        let names = (0..<count).map { $0 < hostile.count ? hostile[$0] : "Client \($0)" }
        var shares: [String: Int] = [:]
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM portfolio")
            let usd = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = 'USD'")!
            let aapl = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = 'AAPL'")!
            for (i, name) in names.enumerated() {
                try db.execute(
                    sql: "INSERT INTO portfolio (name, base_currency_id) VALUES (?, ?)",
                    arguments: [name, usd]
                )
                shares[name] = 1_001 + i
                try db.execute(
                    sql: """
                        INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id)
                        VALUES (?, 1483401600000, 'buy', ?, ?, 100, ?, 0, ?)
                        """,
                    arguments: [db.lastInsertedRowID, aapl, 1_001 + i, usd, usd]
                )
            }
        }
        return (path, shares)
    }

    /// The number of AAPL shares a holdings table PDF shows (`1,023`).
    static func shares(inPDF path: String) throws -> Int? {
        let text = try FolioProcess.tool("pdftotext", ["-layout", path, "-"]).stdout
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap {
            Int($0.replacingOccurrences(of: ",", with: ""))
        }
        return numbers.first { (1_001...1_100).contains($0) }
    }

    @Test func fiftyHostileNamesEachGetTheirOwnOutputsAndMail() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, shares) = try Self.database(50, in: directory)
        let sink = try SMTPSink()
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try """
        portfolios: all
        output: "out/{portfolio}/{date}/{report}.{ext}"
        render:
          - chart: table
            format: pdf
            name: holdings
          - chart: donut
            name: donut
        mail:
          to: [client@example.com]
          smtp-url: \(sink.url)
        """.write(to: jobs, atomically: true, encoding: .utf8)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", db, "--json"],
            environment: BatchMailTests.environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && result.stderr.contains("\\x1B]0;owned\\x07"), "\(result.stderr)")

        // On disk: every portfolio's table, in a folder of its own under out/, saying its own shares.
        let summary = try BatchTests.summary(result)
        #expect(summary.portfolios.count == 50 && summary.filesRendered == 100)
        var folders: Set<String> = []
        let out = directory.appendingPathComponent("out").standardizedFileURL.path + "/"
        for portfolio in summary.portfolios {
            let table = try #require(portfolio.rendered.first { $0.hasSuffix("/holdings.pdf") }, "\(portfolio.name)")
            let file = URL(fileURLWithPath: table, relativeTo: directory).standardizedFileURL
            #expect(file.path.hasPrefix(out), "\(portfolio.name): \(file.path)")
            #expect(try Self.shares(inPDF: file.path) == shares[portfolio.name], "\(portfolio.name): \(file.path)")
            folders.insert(file.deletingLastPathComponent().deletingLastPathComponent().path)
        }
        #expect(folders.count == 50)
        #expect(
            BatchTests.files(under: directory).allSatisfy {
                $0.standardizedFileURL.path.hasPrefix(out) || !$0.path.contains("/out")
            }
        )

        // In the mail: one message per portfolio, whose subject names it and whose table is its own.
        #expect(sink.received == 50)
        var mailed: Set<String> = []
        for n in 1...sink.received {
            let message = try sink.read(n)
            let subject = message["subject"] as? String ?? ""
            let attachments = message["attachments"] as? [[String: Any]] ?? []
            let table = try #require(
                attachments.first { $0["filename"] as? String == "holdings.pdf" }?["path"] as? String,
                "\(subject)"
            )
            let count = try Self.shares(inPDF: table)
            let owner = try #require(shares.first { $0.value == count }?.key, "\(subject)")
            #expect(
                subject.contains(owner.trimmingCharacters(in: .whitespaces)) || owner.contains("\u{1B}")
                    || owner.contains("\t"),
                "message \(n): \(subject) carries \(owner)'s table"
            )
            mailed.insert(owner)
        }
        #expect(mailed.count == 50)
    }

    /// Jobs files that list one client each, writing into one output tree: names that would share a
    /// folder (`a b`, `a/b`, `a_b`) get folders of their own even when no file lists two of them.
    @Test func oneClientPerJobsFileStillGetsAFolderOfItsOwn() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, shares) = try Self.database(20, in: directory)
        var tables: [String: String] = [:]
        for (n, name) in ["a b", "a/b", "a_b"].enumerated() {
            let jobs = directory.appendingPathComponent("client-\(n).yaml")
            try """
            portfolios: ["\(name)"]
            output: "out/{portfolio}/{report}.{ext}"
            render:
              - chart: table
                format: pdf
                name: holdings
            """.write(to: jobs, atomically: true, encoding: .utf8)
            let result = try BatchTests.batch(directory, [jobs.path, "--db", db, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let rendered = try #require(try BatchTests.summary(result).portfolios.first?.rendered.first)
            tables[name] = URL(fileURLWithPath: rendered, relativeTo: directory).standardizedFileURL.path
        }
        #expect(Set(tables.values).count == 3, "\(tables)")
        for (name, table) in tables {
            #expect(try Self.shares(inPDF: table) == shares[name], "\(name): \(table)")
        }
    }
}
