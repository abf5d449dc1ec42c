import FolioTestSupport
import Foundation
import GRDB
import Testing

/// Text from answers and imported files is stored with a bound: an asset's name is cut at 200
/// characters (ending in "…"), from every source and from the NBU JSON importer; a short SMTP user
/// echoed by a server is hidden like a long one.
@Suite struct AnswerSizeTests {
    let directory: URL
    let database: String

    init() throws {
        directory = try Paths.temporaryDirectory()
        database = try FolioProcess.initialisedDatabase(in: directory)
    }

    private func names() throws -> [String: String] {
        try DatabaseQueue(path: database).read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT code, name FROM asset").map {
                    ($0["code"] as String, $0["name"] as String)
                }
            )
        }
    }

    @Test func aCoinGeckoNameOf10MiBIsCut() throws {
        let server = try FakeSources()
        let result = try FolioProcess.run(
            ["fetch", "coingecko", "--coins", "bitcoin", "--days", "1", "--retries", "0"],
            environment: server.environment(fault: "hugename", database: database)
        )
        #expect(result.status == 0, "\(result.stderr)")
        let name = try #require(try names()["BTC"])
        #expect(name.count == 200 && name.hasPrefix("Bitcoin BBB") && name.hasSuffix("B…"), "\(name.count) characters")
    }

    @Test func anNBUJSONNameOf5MiBIsCut() throws {
        let file = directory.appendingPathComponent("rates.json")
        let rows: [[String: Any]] = [
            [
                "r030": 840, "txt": String(repeating: "Долар ", count: 5 << 20 / 12), "rate": 41.5, "cc": "USD",
                "exchangedate": "24.02.2022",
            ],
            ["r030": 978, "txt": "Євро\u{1B}[2J", "rate": 45.1, "cc": "EUR", "exchangedate": "24.02.2022"],
        ]
        try JSONSerialization.data(withJSONObject: rows).write(to: file)
        let result = try FolioProcess.run(["import", "nbu-json", file.path, "--db", database])
        #expect(result.status == 0, "\(result.stderr)")
        let stored = try names()
        let usd = try #require(stored["USD"])
        #expect(usd.count == 200 && usd.hasPrefix("Долар Долар") && usd.hasSuffix("…"))
        // Kept as given, and escaped where it is written (issue 41).
        #expect(stored["EUR"] == "Євро\u{1B}[2J")
    }

    /// README says the user is never printed; three characters were below the length Redaction searched for.
    @Test func aThreeCharacterSMTPUserEchoedByTheServerIsHidden() throws {
        let sink = try SMTPSink(mode: "echo-secrets", credentials: "bob:pw-9x8y7z")
        let file = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: file)
        let result = try FolioProcess.run(
            [
                "mail", "--attach", file.path, "--to", "a@example.com", "--from", "reports@example.com", "--smtp-url",
                sink.url,
            ],
            environment: [
                "FOLIO_SMTP_USER": "bob", "FOLIO_SMTP_PASSWORD": "pw-9x8y7z",
                "FOLIO_SMTP_RETRY_DELAY": "0.1", "XDG_CONFIG_HOME": directory.path,
            ]
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("550 5.7.1 no mail for *** with ***"), "\(result.stderr)")
        #expect(!result.stderr.contains("bob"), "\(result.stderr)")
    }
}
