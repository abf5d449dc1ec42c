import Foundation
import GRDB
import Testing

/// One client's data can stop only its own report: `folio batch` renders in worker processes, and a
/// portfolio whose rendering kills its worker fails alone, named with the signal, while every other
/// portfolio of the run is rendered and mailed.
@Suite struct BatchIsolationTests {
    /// `count` portfolios "Client 0"… each holding AAPL bought on 2017-01-03, in a copy of the demo
    /// database; "Poisoned", when asked for, also has a stored deposit of 1e308 USD and a withdrawal after
    /// it, as no import lets in any more but an older database or a hand edit may hold.
    static func database(clients: Int, poisoned: Bool, in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("clients.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: "DELETE FROM portfolio")
            let usd = try #require(try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = 'USD'"))
            let aapl = try #require(try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = 'AAPL'"))
            let names = (0..<clients).map { "Client \($0)" } + (poisoned ? ["Poisoned"] : [])
            for name in names {
                try db.execute(
                    sql: "INSERT INTO portfolio (name, base_currency_id) VALUES (?, ?)",
                    arguments: [name, usd]
                )
                let portfolio = db.lastInsertedRowID
                try db.execute(
                    sql: """
                        INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id)
                        VALUES (?, 1483401600000, 'buy', ?, 10, 100, ?, 0, ?)
                        """,
                    arguments: [portfolio, aapl, usd, usd]
                )
                guard name == "Poisoned" else { continue }
                for (time, kind, amount) in [
                    (1_483_315_200_000, "deposit", 1e308), (1_490_000_000_000, "withdrawal", 5),
                ] {
                    try db.execute(
                        sql: """
                            INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, fee, status)
                            VALUES (?, ?, ?, ?, ?, 0, 'completed')
                            """,
                        arguments: [portfolio, time, kind, usd, amount]
                    )
                }
            }
        }
        return path
    }

    static func jobs(_ directory: URL, render: String, smtp: String) throws -> URL {
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try """
        portfolios: all
        output: "out/{portfolio}/{date}/{report}.{ext}"
        render:
        \(render)
        mail:
          to: [client@example.com]
          smtp-url: \(smtp)
        """.write(to: jobs, atomically: true, encoding: .utf8)
        return jobs
    }

    /// The case: a stored deposit of 1e308 among five clean portfolios. It ended the whole run by
    /// SIGSEGV (Cairo wrote into a sink already freed), and no client got mail.
    @Test func aPoisonedPortfolioFailsAloneAndTheOthersAreMailed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(clients: 5, poisoned: true, in: directory)
        let sink = try SMTPSink()
        let jobs = try Self.jobs(directory, render: "  - report: portfolio", smtp: sink.url)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", db, "--json", "--jobs", "2"],
            environment: BatchMailTests.environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        )
        #expect(result.status == 2, "\(result.stderr)")
        #expect(sink.received == 5)
        let summary = try BatchTests.summary(result)
        #expect(summary.failed == 1 && summary.rendered == 5)
        let poisoned = try #require(summary.portfolios.first { $0.name == "Poisoned" })
        // Cairo refuses a page drawn at 1e308: an error in its own worker, which goes on with the next.
        #expect(poisoned.failures == ["portfolio.pdf: cairo: invalid matrix (not invertible)"], "\(poisoned.failures)")
        #expect(poisoned.rendered.isEmpty)
        #expect(result.stderr.contains("failed: Poisoned: "))
        for i in 0..<5 {
            #expect(result.stderr.contains("mailed Client \(i): "), "\(result.stderr)")
        }
    }

    /// The same portfolio alone: `folio report` says why in one line and exits 1 (it ended by SIGSEGV).
    @Test func thePoisonedPortfoliosReportIsAnErrorNotACrash() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(clients: 0, poisoned: true, in: directory)
        let out = directory.appendingPathComponent("poisoned.pdf").path
        let result = try FolioProcess.run(["report", "portfolio", "--db", db, "--portfolio", "Poisoned", "--out", out])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: ") && result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// A worker killed while rendering — a segfault in a C library, a Swift trap (SIGILL), an abort, the
    /// OOM killer — fails that portfolio with the signal's name; a new worker renders the rest, which are
    /// all mailed, and the run exits 2 as for any failed portfolio.
    @Test(arguments: ["SIGSEGV", "SIGILL", "SIGABRT", "SIGKILL"])
    func aWorkerKilledWhileRenderingFailsOnlyItsPortfolio(_ signal: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(clients: 6, poisoned: false, in: directory)
        let sink = try SMTPSink()
        let jobs = try Self.jobs(directory, render: "  - chart: pie", smtp: sink.url)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", db, "--json", "--jobs", "2"],
            environment: BatchMailTests.environment.merging([
                "XDG_CONFIG_HOME": directory.path, "FOLIO_BATCH_FAULT": "Client 1:\(signal)",
            ]) { $1 }
        )
        #expect(result.status == 2, "\(result.stderr)")
        #expect(sink.received == 5)
        #expect(
            result.stderr.contains("failed: Client 1: its worker process was killed by \(signal) while rendering it"),
            "\(result.stderr)"
        )
        let summary = try BatchTests.summary(result)
        #expect(summary.rendered == 5 && summary.failed == 1)
        for i in [0, 2, 3, 4, 5] {
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/Client_\(i)").path))
        }
    }

    /// The pids of the worker processes of a run of `jobs` (their command lines name it).
    static func workers(of jobs: URL) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return words.contains("--worker") && words.contains(jobs.path) ? pid : nil
        }
    }

    /// A supervisor killed outright (SIGKILL: no handler runs, nothing is passed on) leaves no worker
    /// rendering on behind the next run's back: each stops after the file it is writing.
    @Test func workersStopWhenTheirSupervisorIsKilled() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(clients: 40, poisoned: false, in: directory)
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: all\nrender:\n  - report: portfolio\n".write(to: jobs, atomically: true, encoding: .utf8)
        let (process, _, _) = try FolioProcess.start(
            ["batch", jobs.path, "--db", db, "--jobs", "2"],
            currentDirectory: directory
        )
        var deadline = Date().addingTimeInterval(30)
        while Date() < deadline, Self.workers(of: jobs).count < 2 { usleep(20_000) }
        #expect(Self.workers(of: jobs).count == 2)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !Self.workers(of: jobs).isEmpty { usleep(50_000) }
        #expect(Self.workers(of: jobs).isEmpty)
    }

    /// The worker that died is replaced for every portfolio after it, with one worker as with several.
    @Test func withOneWorkerEveryPortfolioAfterACrashIsStillRendered() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(clients: 4, poisoned: false, in: directory)
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: all\nrender:\n  - chart: pie\n".write(to: jobs, atomically: true, encoding: .utf8)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", db, "--json", "--jobs", "1"],
            environment: ["FOLIO_BATCH_FAULT": "Client 0:SIGSEGV"]
        )
        #expect(result.status == 2, "\(result.stderr)")
        let summary = try BatchTests.summary(result)
        #expect(summary.rendered == 3 && summary.failed == 1)
    }
}
