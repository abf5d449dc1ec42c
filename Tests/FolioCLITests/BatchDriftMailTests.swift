import Foundation
import Testing

/// `mail: when: out-of-band` against a real SMTP server on 127.0.0.1: of three portfolios only the one
/// outside its bands is mailed, and its message names the lines outside and by how much.
@Suite struct BatchDriftMailTests {
    /// Quotes of 3 Jun 2024: AAPL 100, MSFT 220 (USD). Worked by hand, at the end of that day:
    /// - Drifted: 4,000 paid in, 27 AAPL (2,700) and 5 MSFT (1,100) bought, 200 USD left; weights
    ///   AAPL 2,700/4,000 = 67.5 %, MSFT 27.5 %, USD 5 %. Targets AAPL=60 MSFT=30 USD=10, band 5,
    ///   relative band 25: tolerances min(5, 25 % of the target) = 5, 5 and 2.5 points. Drifts:
    ///   AAPL +7.5 (> 5: out), MSFT −2.5 (in), USD −5 (> 2.5: out).
    /// - Steady: 2,200 paid in, 11 AAPL (1,100) and 5 MSFT (1,100): 50/50 against AAPL=52 MSFT=48,
    ///   band 5: drifts −2 and +2, in band.
    /// - Untargeted: 1,000 paid in, 10 AAPL; no targets, so never out of band.
    static func scratch() throws -> ImportScratch {
        let s = try ImportScratch()
        let quotes = try s.file(
            "quotes.csv",
            "date,asset,currency,price,market,source\n2024-06-03,AAPL,USD,100,exchange,test\n"
                + "2024-06-03,MSFT,USD,220,exchange,test\n"
        )
        #expect(try s.folio(["import", "quotes", quotes]).status == 0)
        let portfolios: [(String, String, [(String, Int)], [String])] = [
            (
                "Drifted", "4000", [("AAPL", 27), ("MSFT", 5)],
                ["AAPL=60", "MSFT=30", "USD=10", "--relative-band", "25"]
            ),
            ("Steady", "2200", [("AAPL", 11), ("MSFT", 5)], ["AAPL=52", "MSFT=48"]),
            ("Untargeted", "1000", [("AAPL", 10)], []),
        ]
        for (name, deposit, buys, targets) in portfolios {
            let trades = try s.file(
                "trades-\(name).csv",
                "time,side,asset,quantity,price,price_currency,fee,fee_currency,id\n"
                    + buys.enumerated().map { i, buy in
                        "2024-06-03T15:0\(i):00Z,buy,\(buy.0),\(buy.1),\(buy.0 == "AAPL" ? 100 : 220),USD,0,USD,\(name)-T\(i)\n"
                    }.joined()
            )
            let cash = try s.file(
                "cash-\(name).csv",
                "time,type,currency,amount,fee,status,id\n2024-06-03T09:00:00Z,deposit,USD,\(deposit),0,completed,\(name)-C\n"
            )
            var commands = [
                ["portfolio", "add", name, "--base", "USD"],
                ["import", "trades", "--portfolio", name, trades],
                ["import", "transactions", "--portfolio", name, cash],
            ]
            if !targets.isEmpty {
                commands.append(["target", "set", "--portfolio", name] + targets + ["--band", "5"])
            }
            for arguments in commands {
                let result = try s.folio(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
        }
        return s
    }

    /// One run mailing through `url` (`sink.url`, or a port nothing listens on).
    static func run(
        _ s: ImportScratch,
        _ url: String,
        locale: String = "en",
        force: Bool = false,
        environment: [String: String] = [:]
    ) throws -> FolioProcess.Result {
        let jobs = try s.file(
            "jobs.yaml",
            """
            portfolios: all
            render:
              - chart: pie
            mail:
              to: [ops@example.com]
              smtp-url: \(url)
              locale: \(locale)
              when: out-of-band

            """
        )
        return try BatchTests.batch(
            s.directory,
            [jobs, "--db", s.db] + (force ? ["--force"] : []),
            environment: BatchMailTests.environment.merging(["XDG_CONFIG_HOME": s.directory.path]) { $1 }
                .merging(environment) { $1 }
        )
    }

    func record(_ s: ImportScratch, _ name: String) -> Bool {
        FileManager.default.fileExists(atPath: s.directory.appendingPathComponent("out/\(name)/.folio-mail").path)
    }

    @Test func onlyTheDriftedPortfolioIsMailedWithItsLinesOutsideTheBands() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let sink = try SMTPSink()
        let first = try Self.run(s, sink.url)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("3 portfolios: 3 rendered, 0 up to date, 0 failed"), "\(first.stderr)")
        #expect(sink.received == 1)
        #expect(first.stderr.contains("mailed Drifted: sent to 1 recipient"))
        #expect(!first.stderr.contains("mailed Steady") && !first.stderr.contains("mailed Untargeted"))
        // In band or without targets: owed nothing, so no record is left for a later run to send.
        for name in ["Drifted", "Steady", "Untargeted"] { #expect(!record(s, name), "\(name)") }
        let message = try sink.read(1)
        let aapl = "AAPL 67.5 % (target 60 %, band ±5 pp): +7.5 pp"
        let usd = "USD 5 % (target 10 %, band ±2.5 pp): \u{2212}5 pp"
        // The text part's lines end in CRLF as sent.
        let text = (message["text"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("Drifted, "))
        #expect(text.contains("Outside the target bands on 2024-06-03:\n- \(aapl)\n- \(usd)\n"), "\(text)")
        #expect(!text.contains("MSFT"))
        let html = message["html"] as? String ?? ""
        #expect(html.contains("<li>\(aapl)</li><li>\(usd)</li>"), "\(html)")
        #expect((message["structure"] as? [String])?.contains("image/png") == true)

        // Nothing new: nothing owed, nothing sent.
        let second = try Self.run(s, sink.url)
        #expect(second.status == 0 && sink.received == 1, "\(second.stderr)")

        // Everything drawn again, the message in Ukrainian: the drifted portfolio alone, in its words.
        let again = try Self.run(s, sink.url, locale: "uk", force: true)
        #expect(again.status == 0 && sink.received == 2, "\(again.stderr)")
        let uk = (try sink.read(2)["text"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            uk.contains(
                "Поза цільовими межами на 2024-06-03:\n- AAPL 67,5 % (ціль 60 %, межа ±5 в. п.): +7,5 в. п.\n"
                    + "- USD 5 % (ціль 10 %, межа ±2,5 в. п.): \u{2212}5 в. п.\n"
            ),
            "\(uk)"
        )
    }

    /// A mail that was not delivered stays owed while the portfolio is out of band, and is sent by a run
    /// that has nothing new to draw; a portfolio in band is owed nothing even when the server was down.
    /// Targets set alone make the portfolio new: Untargeted, given AAPL=50 USD=50 (it holds AAPL only:
    /// 100 %, drift +50 and −50 against a band of 5), is mailed by the next run.
    @Test func mailOwedToADriftedPortfolioIsSentLaterAndTargetsSetAloneCount() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let down = try { try SMTPSink().port }()  // nothing listens there any more
        let first = try Self.run(s, "smtp://127.0.0.1:\(down)")
        #expect(first.status == 2, "\(first.stderr)")
        #expect(first.stderr.contains("failed: Drifted: mail: smtp://127.0.0.1:\(down): cannot connect"))
        #expect(record(s, "Drifted") && !record(s, "Steady") && !record(s, "Untargeted"))

        let sink = try SMTPSink()
        let second = try Self.run(s, sink.url)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("3 portfolios: 0 rendered, 3 up to date, 0 failed"), "\(second.stderr)")
        #expect(sink.received == 1 && second.stderr.contains("mailed Drifted"))
        #expect(!record(s, "Drifted"))
        let text = (try sink.read(1)["text"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.contains("- AAPL 67.5 % (target 60 %, band ±5 pp): +7.5 pp\n"), "\(text)")

        let set = try s.folio(["target", "set", "--portfolio", "Untargeted", "AAPL=50", "USD=50", "--band", "5"])
        #expect(set.status == 0, "\(set.stderr)")
        let third = try Self.run(s, sink.url)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(sink.received == 2 && third.stderr.contains("mailed Untargeted"), "\(third.stderr)")
        let untargeted = (try sink.read(2)["text"] as? String ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        #expect(
            untargeted.contains(
                "- AAPL 100 % (target 50 %, band ±5 pp): +50 pp\n- USD 0 % (target 50 %, band ±5 pp): \u{2212}50 pp\n"
            ),
            "\(untargeted)"
        )
    }

    /// A worker killed on one portfolio fails that portfolio alone: the drifted one is still mailed.
    @Test func aCrashedWorkerStopsOnlyItsPortfolio() throws {
        let s = try Self.scratch()
        defer { s.remove() }
        let sink = try SMTPSink()
        let run = try Self.run(s, sink.url, environment: ["FOLIO_BATCH_FAULT": "Steady:SIGSEGV"])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("failed: Steady: its worker process was killed by SIGSEGV while rendering it"))
        #expect(sink.received == 1 && run.stderr.contains("mailed Drifted"))
    }
}
