import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The jobs file's mail step against a real SMTP server on 127.0.0.1: what is sent, and that mail which
/// was not delivered — the server down, the run killed before sending — is sent by the next run.
@Suite struct BatchMailTests {
    static let environment = ["FOLIO_SMTP_RETRY_DELAY": "0.1"]

    /// A jobs file rendering one pie chart per portfolio and mailing it through `url`.
    static func writeJobs(
        _ directory: URL,
        url: String,
        portfolios: String = "all",
        output: String = "out/{portfolio}/{date}/{report}.{ext}",
        mail: String = "to: [ops@example.com]"
    ) throws -> URL {
        let jobs = directory.appendingPathComponent("jobs.yaml")
        let text =
            "portfolios: \(portfolios)\noutput: \"\(output)\"\nrender:\n  - chart: pie\nmail:\n  smtp-url: \(url)\n"
            + mail.split(separator: "\n").map { "  \($0)\n" }.joined()
        try text.write(to: jobs, atomically: true, encoding: .utf8)
        return jobs
    }

    static func run(_ directory: URL, _ jobs: URL) throws -> FolioProcess.Result {
        try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path(), "--json"],
            environment: environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        )
    }

    @Test func theMailStepSendsEachPortfolioWithNewOutputsOnce() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try SMTPSink()
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try """
        portfolios: all
        render:
          - chart: pie
          - chart: table
            format: pdf
        mail:
          to: [ops@example.com]
          cc: "Олена <olena@example.com>"
          smtp-url: \(sink.url)
        """.write(to: jobs, atomically: true, encoding: .utf8)
        let environment = Self.environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        let first = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path(), "--json"],
            environment: environment
        )
        #expect(first.status == 0, "\(first.stderr)")
        #expect(sink.received == 2)
        #expect(first.stderr.contains("mailed Demo UAH: sent to 2 recipients"))
        let message = try sink.read(1)
        #expect((message["structure"] as? [String])?.contains("image/png") == true)
        #expect((message["structure"] as? [String])?.contains("application/pdf") == true)
        #expect(try sink.envelope(1).recipients == ["ops@example.com", "olena@example.com"])
        // Nothing new, nothing sent.
        let second = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path()],
            environment: environment
        )
        #expect(second.status == 0 && sink.received == 2)
    }

    @Test func aRefusedMailIsThatPortfoliosFailureAndKeepsTheFiles() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try SMTPSink(mode: "permfail")
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try
            "portfolios: [\"Demo UAH\"]\nrender:\n  - chart: pie\nmail:\n  to: ops@example.com\n  smtp-url: \(sink.url)\n"
            .write(to: jobs, atomically: true, encoding: .utf8)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path(), "--json"],
            environment: Self.environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        )
        // The only portfolio failed: nothing was delivered, a fatal run (not partial, which systemd counts as success).
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("failed: Demo UAH: mail: ")
                && result.stderr.contains("the files were not sent and are kept")
        )
        #expect(
            BatchTests.files(under: directory.appendingPathComponent("out")).contains {
                $0.lastPathComponent == "pie.png"
            }
        )
    }

    /// A pending-mail record is a few lines: one of 100 MB (4 GB cost 8.4 GB of memory and 203 s, deaf to
    /// SIGTERM) is refused unread, naming it; that portfolio fails and the others are rendered and mailed.
    @Test func anOversizedMailRecordFailsItsPortfolioAlone() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try SMTPSink()
        let jobs = try Self.writeJobs(directory, url: sink.url)
        #expect(try Self.run(directory, jobs).status == 0 && sink.received == 2)
        // Nothing new to render: the record is what the run reads.
        let record = directory.appendingPathComponent("out/Demo_UAH/.folio-mail")
        #expect(FileManager.default.createFile(atPath: record.path, contents: nil))
        let handle = try FileHandle(forWritingTo: record)
        try handle.truncate(atOffset: 100 << 20)  // sparse: no disk, no time
        try handle.close()
        let result = try Self.run(directory, jobs)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "failed: Demo UAH: \(record.path): 104857600 bytes, more than 64 KiB, the limit for a pending-mail record"
            ),
            "\(result.stderr)"
        )
        #expect(sink.received == 2)
        #expect(result.seconds < 30)
    }

    @Test func helpSaysWhatIsRetriedAndWhatARerunSends() throws {
        let batch = try FolioProcess.run(["batch", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        #expect(
            batch.contains(".folio-mail record: the next run sends the mail it")
                && batch.contains("without rendering again"),
            "\(batch)"
        )
        let mail = try FolioProcess.run(["mail", "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        for text in [
            "--timeout <seconds>", "127.0.0.0/8 or ::1", "Transient refusals (4xx), dropped connections and timeouts",
            "permanent refusals (5xx) fail at once",
        ] {
            #expect(mail.contains(text), "\(text)")
        }
    }

    /// The server is down for the first run: its one portfolio fails (exit 1) and keeps the files. The
    /// next run, with the server up, sends the mail it owes (and only that: nothing is rendered again),
    /// and exits 0; the run after it sends nothing.
    @Test func aMailNotDeliveredIsSentByTheNextRun() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let down = try {
            let s = try SMTPSink()
            return s.port
        }()  // nothing listens there any more
        var jobs = try Self.writeJobs(directory, url: "smtp://127.0.0.1:\(down)")
        let first = try Self.run(directory, jobs)
        #expect(first.status == 1)
        #expect(
            first.stderr.contains("failed: Demo UAH: mail: smtp://127.0.0.1:\(down): cannot connect"),
            "\(first.stderr)"
        )
        let record = directory.appendingPathComponent("out/Demo_UAH/.folio-mail")
        let text = (try? String(contentsOf: record, encoding: .utf8)) ?? ""
        #expect(text.contains("\nfailed ") && text.contains("cannot connect"), "\(text)")

        let sink = try SMTPSink()
        jobs = try Self.writeJobs(directory, url: sink.url)
        let second = try Self.run(directory, jobs)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(sink.received == 2)
        let summary = try BatchTests.summary(second)
        #expect(summary.filesRendered == 0 && summary.skipped == 2 && summary.failed == 0)
        #expect(!FileManager.default.fileExists(atPath: record.path))
        let message = try sink.read(1)
        #expect((message["structure"] as? [String])?.contains("image/png") == true)

        let third = try Self.run(directory, jobs)
        #expect(third.status == 0 && sink.received == 2)
    }

    /// A run killed while it sends (here: waiting for a server that never greets) has rendered and not
    /// delivered: the next run sends the mail without rendering again.
    @Test func aRunKilledBeforeItsMailWentOutLeavesItPending() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let silent = try SMTPSink(mode: "silent")
        var jobs = try Self.writeJobs(
            directory,
            url: silent.url,
            portfolios: "[\"Demo UAH\"]",
            mail: "to: ops@example.com\ntimeout: 60"
        )
        let (process, _, _) = try FolioProcess.start(
            ["batch", jobs.path, "--db", try DemoDatabase.path()],
            environment: Self.environment,
            currentDirectory: directory
        )
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !silent.events.contains("connect") { usleep(20_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(silent.events.contains("connect"))
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("out/Demo_UAH/.folio-mail").path)
        )

        let sink = try SMTPSink()
        jobs = try Self.writeJobs(directory, url: sink.url, portfolios: "[\"Demo UAH\"]", mail: "to: ops@example.com")
        let again = try Self.run(directory, jobs)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(sink.received == 1)
        #expect(try BatchTests.summary(again).filesRendered == 0)
    }

    /// A server that takes two recipients a message and then refuses the second message: two of five
    /// got it. The record (in the output root: the date is above the portfolio's folder) owes it to
    /// the other three, and the next run sends it to them alone.
    @Test func onlyTheRecipientsStillOwedGetItAgain() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let refusing = try SMTPSink(mode: "limit=2,refuse-after=1")
        let recipients = (1...5).map { "r\($0)@example.com" }
        let mail = "to: [" + recipients.joined(separator: ", ") + "]"
        var jobs = try Self.writeJobs(
            directory,
            url: refusing.url,
            portfolios: "[\"Demo UAH\"]",
            output: "out/{date}/{portfolio}/{report}.{ext}",
            mail: mail
        )
        let first = try Self.run(directory, jobs)
        #expect(first.status == 1)
        #expect(
            first.stderr.contains(
                "the server refused the message: 554 5.3.0 Transaction failed; delivered to 2 of 5 recipients"
            ),
            "\(first.stderr)"
        )
        #expect(try refusing.envelope(1).recipients == Array(recipients.prefix(2)))
        let record = directory.appendingPathComponent("out/.Demo_UAH.folio-mail")
        let owed = ((try? String(contentsOf: record, encoding: .utf8)) ?? "").split(separator: "\n").filter {
            $0.hasPrefix("owed ")
        }.map(String.init)
        #expect(owed == recipients.dropFirst(2).map { "owed \($0)" })

        let sink = try SMTPSink()
        jobs = try Self.writeJobs(
            directory,
            url: sink.url,
            portfolios: "[\"Demo UAH\"]",
            output: "out/{date}/{portfolio}/{report}.{ext}",
            mail: mail
        )
        let second = try Self.run(directory, jobs)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(sink.received == 1)
        #expect(try sink.envelope(1).recipients == Array(recipients.dropFirst(2)))
        #expect(try sink.read(1)["to"] as? String == recipients.joined(separator: ", "))
        #expect(!FileManager.default.fileExists(atPath: record.path))
    }
}
