import FolioCharts
import FolioRender
import Foundation
import Testing

/// `folio mail` against a real SMTP server on 127.0.0.1; what arrives is read with Python's email package.
@Suite struct MailTests {
    let directory: URL
    let pngs: [URL]
    let pdf: URL

    init() throws {
        directory = try Paths.temporaryDirectory()
        let baselines = Paths.projectRoot.appendingPathComponent("Tests/FolioRenderTests/Baselines")
        pngs = [
            baselines.appendingPathComponent("pie-light-uk.png"), baselines.appendingPathComponent("line-dark-en.png"),
        ]
        pdf = directory.appendingPathComponent("Звіт.pdf")
        let chart = PieChart(
            frame: ChartFrame(width: 600, height: 340, title: "Розподіл"),
            slices: [PieSlice(label: "AAPL", value: 2), PieSlice(label: "KO", value: 1)]
        )
        try Renderer().write(chart, to: pdf, metadata: PDFMetadata(title: "Звіт", creationDate: "2026-11-21T00:00:00Z"))
    }

    private func mail(_ arguments: [String], environment: [String: String] = [:]) throws -> FolioProcess.Result {
        try FolioProcess.run(
            ["mail"] + arguments,
            environment: ["FOLIO_SMTP_RETRY_DELAY": "0.1", "XDG_CONFIG_HOME": directory.path].merging(environment) {
                $1
            }
        )
    }

    @Test func chartsInlineAndAPDFAttachedReachEveryRecipient() throws {
        let sink = try SMTPSink()
        let result = try mail(
            ["--files"] + pngs.map(\.path) + [
                pdf.path,
                "--to", "Олена Коваль <olena@example.com>", "--to", "ivan@example.com", "--cc", "team@example.com",
                "--bcc", "archive@example.com", "--from", "Folio <reports@example.com>",
                "--subject", "Звіт портфеля «Demo UAH» за 21.11.2026", "--smtp-url", sink.url,
            ]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let envelope = try sink.envelope(1)
        #expect(envelope.from == "reports@example.com")
        #expect(
            envelope.recipients == ["olena@example.com", "ivan@example.com", "team@example.com", "archive@example.com"]
        )

        let message = try sink.read(1)
        #expect(message["subject"] as? String == "Звіт портфеля «Demo UAH» за 21.11.2026")
        #expect(message["to"] as? String == "Олена Коваль <olena@example.com>, ivan@example.com")
        #expect(message["cc"] as? String == "team@example.com")
        #expect(message["has_bcc_header"] as? Bool == false)
        #expect((message["message_id"] as? String)?.hasSuffix("@folio>") == true)
        #expect(message["bare_lf"] as? Bool == false)
        #expect((message["longest_line"] as? Int ?? 999) <= 78)
        #expect(
            message["structure"] as? [String] == [
                "multipart/mixed", "multipart/alternative", "text/plain", "multipart/related", "text/html", "image/png",
                "image/png", "application/pdf",
            ]
        )
        let cids = try #require(message["html_cids"] as? [String])
        let images = try #require(message["images"] as? [String: [String: Any]])
        #expect(cids.count == 2)
        for cid in cids {
            let image = try #require(images[cid], "no image part for cid:\(cid)")
            #expect(image["png"] as? Bool == true)
            #expect(image["width"] as? Int == 640 && image["height"] as? Int == 360)
            #expect(image["disposition"] as? String == "inline")
        }
        let attachment = try #require((message["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["filename"] as? String == "Звіт.pdf")
        let info = try FolioProcess.tool("pdfinfo", [attachment["path"] as? String ?? ""])
        #expect(info.status == 0 && info.stdout.contains("Title:           Звіт"))
        #expect((message["text"] as? String)?.contains("pie-light-uk.png") == true)
    }

    @Test func authenticatesWithCredentialsFromTheEnvironmentAndNeverShowsThePassword() throws {
        let sink = try SMTPSink(credentials: "folio:s3cret-pw")
        let ok = try mail(
            ["--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", sink.url],
            environment: ["FOLIO_SMTP_USER": "folio", "FOLIO_SMTP_PASSWORD": "s3cret-pw"]
        )
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try sink.envelope(1).authenticated)

        let refused = try mail(
            ["--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", sink.url],
            environment: ["FOLIO_SMTP_USER": "folio", "FOLIO_SMTP_PASSWORD": "wrong-pw"]
        )
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("authentication refused"))
        #expect(!refused.stderr.contains("attempts"))  // a 5xx refusal is not retried
        #expect(refused.stderr.contains("kept: \(pngs[0].path)"))
        #expect(!(refused.stderr + refused.stdout).contains("wrong-pw"))
        #expect(sink.received == 1)
    }

    @Test func aTransientRefusalIsRetried() throws {
        let sink = try SMTPSink(mode: "tempfail-once")
        let result = try mail(["--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", sink.url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sink.received == 1)
    }

    /// A permanent refusal (5xx) fails at once, whichever command it answers, and names the command and
    /// the reply; a dropped connection is tried three times.
    @Test(arguments: [
        ("permfail", "the server refused the message: 550 5.7.1 Message refused", false),
        (
            "reject-mail",
            "the server refused MAIL FROM:<reports@example.com>: 552 5.3.4 Message size exceeds fixed limit", false
        ),
        (
            "reject-rcpt",
            "the server refused RCPT TO:<a@example.com>: 550 5.1.1 <a@example.com>: Recipient address rejected", false
        ),
        ("drop", "the connection was dropped before the server confirmed the message (after 3 attempts)", true),
    ])
    func failuresKeepTheFilesAndExitNonZero(_ mode: String, _ reason: String, _ retried: Bool) throws {
        let sink = try SMTPSink(mode: mode)
        let result = try mail([
            "--files", pngs[0].path, pdf.path, "--to", "a@example.com", "--from", "reports@example.com", "--smtp-url",
            sink.url,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.stderr.contains("attempts") == retried)
        #expect(sink.events.filter { $0 == "EHLO" }.count == (retried ? 3 : 1), "\(sink.events)")
        #expect(result.stderr.contains("kept: \(pngs[0].path) \(pdf.path)"))
        #expect(FileManager.default.fileExists(atPath: pdf.path))
        #expect(sink.received == 0)
    }

    /// A server that hangs is given up after --timeout, and the message says where it hung.
    @Test(arguments: [
        ("silent", "connected, but the server sent no greeting within 1 s (after 3 attempts)"),
        ("stall-data", "no answer to the end of the message within 1 s (after 3 attempts)"),
    ])
    func aServerThatHangsTimesOutAtTheStepItHungAt(_ mode: String, _ reason: String) throws {
        let sink = try SMTPSink(mode: mode)
        let result = try mail([
            "--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", sink.url, "--timeout", "1",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        // Three waits of a second and two short pauses; no second wait for the goodbye of a server that hung.
        #expect(result.seconds < 6)
    }

    /// A server that takes at most 100 recipients a message (452 after the 100th) gets them in three
    /// transactions of the same message; Bcc is in none of its headers.
    @Test func recipientsBeyondTheServersLimitGoInFurtherTransactions() throws {
        let sink = try SMTPSink(mode: "limit=100")
        let to = ["a@example.com", "b@example.com"]
        let bcc = (1...248).map { "hidden\($0)@example.com" }
        let recipients = to.flatMap { ["--to", $0] } + bcc.flatMap { ["--bcc", $0] }
        let result = try mail(["--files", pngs[0].path, "--smtp-url", sink.url] + recipients)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("sent to 250 recipients through \(sink.url) in 3 transactions"),
            "\(result.stdout)"
        )
        #expect(sink.received == 3)
        let envelopes = try (1...3).map { try sink.envelope($0).recipients }
        #expect(envelopes.map(\.count) == [100, 100, 50])
        #expect(envelopes.flatMap { $0 } == to + bcc)
        for n in 1...3 {
            let message = try sink.read(n)
            #expect(message["has_bcc_header"] as? Bool == false)
            let raw = try String(contentsOf: sink.directory.appendingPathComponent("\(n).eml"), encoding: .utf8)
            #expect(!raw.contains("hidden"))
        }
    }

    @Test func aHostileAttachmentNameStaysOneParameter() throws {
        let sink = try SMTPSink()
        let name = "q\"; x-evil=\"1.txt"
        let file = directory.appendingPathComponent(name)
        try Data("text".utf8).write(to: file)
        let result = try mail([
            "--files", pngs[0].path, "--attach", file.path, "--to", "a@example.com", "--smtp-url", sink.url,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let attachment = try #require((try sink.read(1)["attachments"] as? [[String: Any]])?.first)
        #expect(attachment["filename"] as? String == name)
        #expect(attachment["parameters"] as? [String] == ["filename", "name"])
    }

    /// Credentials never come from the command line: `ps` shows it to every user of the machine. The
    /// environment is the owner's own, and may carry them in the URL; they are not printed.
    @Test func aUserOrPasswordInSmtpUrlIsRefusedAndFromTheEnvironmentNotShown() throws {
        let sink = try SMTPSink(credentials: "mailer-7f3a:pw-9x8y7z")
        let withPassword = "smtp://mailer-7f3a:pw-9x8y7z@127.0.0.1:\(sink.port)"
        let refused = try mail(["--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", withPassword])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.contains("--smtp-url: a user or password in the URL would be visible to other users"),
            "\(refused.stderr)"
        )
        #expect(refused.stderr.contains("FOLIO_SMTP_USER and FOLIO_SMTP_PASSWORD"))
        #expect(!refused.stderr.contains("pw-9x8y7z"))
        #expect(sink.events.isEmpty)

        let sent = try mail(
            ["--files", pngs[0].path, "--to", "a@example.com"],
            environment: ["FOLIO_SMTP_URL": withPassword]
        )
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try sink.envelope(1).authenticated)
        #expect(sent.stdout.contains("through smtp://127.0.0.1:\(sink.port)"), "\(sent.stdout)")
        #expect(!(sent.stdout + sent.stderr).contains("mailer-7f3a"))
    }

    /// A server's reply is shown, but not the user and password it echoes, nor its escape sequences.
    @Test func aServerReplyIsShownWithoutSecretsOrControlCharacters() throws {
        let sink = try SMTPSink(mode: "echo-secrets", credentials: "mailer-7f3a:pw-9x8y7z")
        let result = try mail(
            ["--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", sink.url],
            environment: ["FOLIO_SMTP_USER": "mailer-7f3a", "FOLIO_SMTP_PASSWORD": "pw-9x8y7z"]
        )
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("550 5.7.1 no mail for *** with *** \\x1B]0;owned\\x07\\x1B[2J"),
            "\(result.stderr)"
        )
        #expect(!result.stderr.contains("mailer-7f3a") && !result.stderr.contains("pw-9x8y7z"))
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    /// `localhost` is loopback by name; libcurl is pinned to the loopback addresses that were checked.
    @Test func plainSMTPToLocalhost() throws {
        let sink = try SMTPSink()
        let result = try mail([
            "--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", "smtp://localhost:\(sink.port)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(sink.received == 1)
    }

    @Test func aServerThatIsDownIsReported() throws {
        let port = try {
            let s = try SMTPSink()
            return s.port
        }()  // the sink is gone again: nothing listens there
        let result = try mail([
            "--files", pngs[0].path, "--to", "a@example.com", "--smtp-url", "smtp://127.0.0.1:\(port)",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot connect"))
    }

    @Test func aConfigurationFileOthersCanReadIsRefused() throws {
        let sink = try SMTPSink(credentials: "folio:pw-from-file")
        let config = directory.appendingPathComponent("folio/smtp.yaml")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(),
            withIntermediateDirectories: true
        )
        try "url: \(sink.url)\nuser: folio\npassword: pw-from-file\nfrom: reports@example.com\n".write(
            to: config,
            atomically: true,
            encoding: .utf8
        )
        chmod(config.path, 0o644)
        let refused = try mail(["--files", pngs[0].path, "--to", "a@example.com"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("\(config.path): readable by others"))
        chmod(config.path, 0o600)
        let sent = try mail(["--files", pngs[0].path, "--to", "a@example.com"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try sink.envelope(1).from == "reports@example.com")
    }

    @Test func aDryRunWritesTheMessage() throws {
        let out = directory.appendingPathComponent("message.eml")
        let result = try mail([
            "--files", pngs[1].path, "--to", "a@example.com", "--bcc", "b@example.com", "--dry-run", "--out", out.path,
            "--portfolio", "Demo UAH",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: out, encoding: .utf8)
        let headers = text.components(separatedBy: "\r\n\r\n")[0]
        #expect(text.contains("Content-ID: <chart-1@folio>"))
        #expect(headers.contains("To: a@example.com"))
        // No Bcc header and the hidden address nowhere (a random Message-ID may well contain "bcc").
        #expect(!headers.split(separator: "\r\n").contains { $0.lowercased().hasPrefix("bcc:") })
        #expect(!text.contains("b@example.com"))
        #expect(text.contains("Subject: Folio · Demo UAH") || text.contains("Subject: =?UTF-8?B?"))
    }

    @Test(arguments: [
        (
            ["--files", "/nonexistent.png", "--to", "a@example.com", "--dry-run", "--out", "/tmp/x.eml"],
            "--files: cannot read /nonexistent.png"
        ),
        (["--files", "a.png", "--to", "not-an-address"], "--to: \"not-an-address\" is not an e-mail address"),
        (["--files", "a.png"], "--to: give at least one recipient"),
        (["--files", "a.png", "--to", "a@example.com", "--dry-run"], "--out: --dry-run writes the message"),
        (
            ["--files", "a.png", "--to", "a@example.com", "--timeout", "0"],
            "--timeout: expected 1 to 3600 seconds, got 0"
        ),
        (
            ["--files", "a.png", "--to", "a@example.com", "--smtp-url", "smtp://bob@127.0.0.1:25"],
            "--smtp-url: a user or password in the URL"
        ),
    ])
    func badArgumentsAreNamed(_ arguments: [String], _ message: String) throws {
        let result = try mail(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

/// `folio mail --report daily --attach-report portfolio`: render from the demo database, then send.
@Suite struct MailReportTests {
    @Test func theDailySetAndThePortfolioReportAreRenderedAndSent() throws {
        let sink = try SMTPSink()
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try FolioProcess.run([
            "mail", "--db", try DemoDatabase.path(), "--report", "daily", "--attach-report", "portfolio", "--portfolio",
            "Demo UAH",
            "--locale", "uk", "--to", "olena@example.com", "--render-dir", directory.path, "--smtp-url", sink.url,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let message = try sink.read(1)
        #expect(message["subject"] as? String == "Folio · Demo UAH · 2018-02-07")
        let images = try #require(message["images"] as? [String: [String: Any]])
        #expect(images.count == 7)
        // A phone's 390 × 300 points at 3 pixels a point, shown at most 600 CSS pixels wide (a phone: its width).
        #expect(
            images.values.allSatisfy {
                $0["png"] as? Bool == true && $0["width"] as? Int == 1170 && $0["height"] as? Int == 900
            }
        )
        #expect(Set(message["html_cids"] as? [String] ?? []) == Set(images.keys))
        #expect(message["html_widths"] as? [String] == Array(repeating: "600", count: 7))
        let text = try #require(message["text"] as? String)
        // The value and the day's change as the tiles give them (compact once the portfolio reaches a million), and the day.
        let plain = text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(plain.contains("Вартість: 6,19 млн грн (−96,06 тис. грн, −1,53 % · 7 лют.)"), "\(text)")
        // Its one balance below zero (USD, 1 Jul 2016) is said where the mail is read, as on page 1.
        #expect(plain.contains("USD став від’ємним 01.07.2016 (−696,31). Звіт про портфель"), "\(text)")
        #expect(
            text.contains("- allocation.png\r\n- value-30d.png") || text.contains("- allocation.png\n- value-30d.png")
        )
        let pdf = try #require((message["attachments"] as? [[String: Any]])?.first?["path"] as? String)
        let info = try FolioProcess.tool("pdfinfo", [pdf])
        #expect(info.status == 0 && info.stdout.contains("Pages:"))
        // What was rendered stays in the render directory.
        #expect(
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("portfolio-2018-02-07.pdf").path)
        )
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("allocation.png").path))
    }
}
