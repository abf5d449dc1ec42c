import FolioTestSupport
import Foundation
import GRDB
import Testing

/// A password written into a URL with a raw `/` (RFC 3986 wants `%2F`) makes a URL that URL parsers
/// give up on. It is refused as invalid, and neither printed nor stored: the userinfo is found without
/// a URL parser, everything from `user:` to the last `@`.
@Suite struct URLPasswordTests {
    let directory: URL
    let file: URL

    init() throws {
        directory = try Paths.temporaryDirectory()
        file = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: file)
    }

    private func mail(_ arguments: [String], environment: [String: String] = [:]) throws -> FolioProcess.Result {
        try FolioProcess.run(
            ["mail", "--attach", file.path, "--to", "a@example.com"] + arguments,
            environment: ["FOLIO_SMTP_RETRY_DELAY": "0.1", "XDG_CONFIG_HOME": directory.path].merging(environment) {
                $1
            }
        )
    }

    @Test func anSMTPURLWithARawSlashInItsPasswordIsRefusedAndNotShown() throws {
        let sink = try SMTPSink(credentials: "bob:pa/ss")
        let url = "smtp://bob:pa/ss@127.0.0.1:\(sink.port)"
        let fromEnvironment = try mail([], environment: ["FOLIO_SMTP_URL": url])
        #expect(fromEnvironment.status == 1)
        #expect(
            fromEnvironment.stderr.contains(
                "Error: smtp://127.0.0.1:\(sink.port): the user or password in the URL holds a character that must be %-encoded (/ as %2F"
            ),
            "\(fromEnvironment.stderr)"
        )
        #expect(!(fromEnvironment.stdout + fromEnvironment.stderr).contains("pa/ss"))
        #expect(sink.events.isEmpty)

        let fromArgument = try mail(["--smtp-url", url])
        #expect(fromArgument.status != 0)
        #expect(
            fromArgument.stderr.contains("--smtp-url: a user or password in the URL would be visible to other users"),
            "\(fromArgument.stderr)"
        )
        #expect(!fromArgument.stderr.contains("pa/ss"))

        // Written as RFC 3986 asks, the same password is sent, and still not shown.
        let encoded = try mail([], environment: ["FOLIO_SMTP_URL": "smtp://bob:pa%2Fss@127.0.0.1:\(sink.port)"])
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(try sink.envelope(1).authenticated)
        #expect(
            !(encoded.stdout + encoded.stderr).contains("pa%2Fss") && !encoded.stdout.contains("bob"),
            "\(encoded.stdout)"
        )
    }

    @Test func aBatchDoesNotStoreTheURLPasswordInItsPendingMail() throws {
        let sink = try SMTPSink(credentials: "bob:pa/ss")
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Demo UAH\"]\nrender:\n  - chart: pie\nmail:\n  to: [ops@example.com]\n".write(
            to: jobs,
            atomically: true,
            encoding: .utf8
        )
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path()],
            environment: [
                "FOLIO_SMTP_URL": "smtp://bob:pa/ss@127.0.0.1:\(sink.port)", "FOLIO_SMTP_RETRY_DELAY": "0.1",
                "XDG_CONFIG_HOME": directory.path,
            ]
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("must be %-encoded"), "\(result.stderr)")
        #expect(!result.stderr.contains("pa/ss"))
        let records = BatchTests.files(under: directory.appendingPathComponent("out")).filter {
            $0.lastPathComponent.hasSuffix(".folio-mail")
        }
        #expect(records.count == 1)
        for record in records {
            let text = try String(contentsOf: record, encoding: .utf8)
            #expect(text.contains("must be %-encoded") && !text.contains("pa/ss"), "\(text)")
        }
    }

    @Test func aSourceURLWithARawSlashInItsPasswordIsRefusedAndNotLogged() throws {
        let server = try FakeSources()
        let database = try FolioProcess.initialisedDatabase(in: directory)
        let url = "http://alice:Pa55/word99@127.0.0.1:\(server.port)"
        let result = try FolioProcess.run(
            ["fetch", "nbu", "--currencies", "USD", "--date", "2022-02-24"],
            environment: ["FOLIO_NBU_URL": url, "FOLIO_DB": database]
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("nbu: http://alice:***@127.0.0.1:\(server.port)/"), "\(result.stderr)")
        #expect(result.stderr.contains("must be %-encoded"))
        #expect(!(result.stdout + result.stderr).contains("word99"))
        let logged = try DatabaseQueue(path: database).read {
            try String.fetchAll($0, sql: "SELECT request || ' ' || message FROM fetch_log")
        }
        #expect(logged.count == 1)
        #expect(logged.allSatisfy { !$0.contains("word99") && $0.contains("alice:***@") }, "\(logged)")
        #expect(try server.requests().isEmpty)
    }
}
