import FolioTestSupport
import Foundation
import GRDB
import Testing

/// `folio fetch` against servers that answer what they should not: numbers out of range, times in the
/// future, booleans for rates, one quote twice with two prices, error pages that repeat the key,
/// redirects elsewhere. Each is refused with one line naming the source, field and value, stores
/// nothing, and is written to the fetch log.
@Suite struct HostileSourceTests: FetchSuite {
    let server: FakeSources
    let database: String

    init() throws {
        server = try FakeSources()
        database = try Self.newDatabase()
    }

    /// One line on stderr, exit 1, no quote or asset stored, one failed attempt in the log.
    private func expectRefused(_ result: FolioProcess.Result, _ source: String, saying reason: String) throws {
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(source): "), "\(result.stderr)")
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 0)
        #expect(try scalar("SELECT COUNT(*) FROM asset") == 0)
        #expect(try scalar("SELECT COUNT(*) FROM fetch_log WHERE outcome = 'failed' AND source = '\(source)'") == 1)
    }

    @Test(arguments: [
        (
            "hugedate", ["monobank"], "monobank",
            "[0].date: found 1e+17, expected seconds since 1970 up to a day from now"
        ),
        (
            "hugecode", ["monobank"], "monobank",
            "[0].currencyCodeA: found 1e+30, expected an ISO 4217 numeric currency code (1 to 999)"
        ),
        (
            "hugems", ["coingecko", "--coins", "bitcoin", "--days", "2"], "coingecko",
            "prices[0][0]: found 1e+22, expected milliseconds since 1970 up to a day from now"
        ),
    ])
    func aNumberOutOfRangeIsAnErrorNotACrash(
        _ fault: String,
        _ arguments: [String],
        _ source: String,
        _ reason: String
    ) throws {
        try expectRefused(try fetch(arguments + ["--retries", "0"], fault: fault), source, saying: reason)
    }

    @Test(arguments: [
        (
            "futuredate", ["monobank"], "monobank",
            "[0].date: found 16725225600 (2500-01-01T00:00:00Z), expected seconds since 1970 up to a day from now"
        ),
        (
            "boolrate", ["nbu", "--currencies", "USD", "--date", "2022-02-24"], "nbu",
            "].rate: found true, expected a number of hryvnias above zero"
        ),
        (
            "conflict", ["monobank"], "monobank",
            "USD/UAH card at 2024-01-09T22:01:13Z is given twice with different prices: 38.3748 (bid 38.15, ask 38.5996) and 38.3498 (bid 38.1, ask 38.5996)"
        ),
    ])
    func aFutureTimeABooleanOrTwoPricesForOneQuoteAreRefused(
        _ fault: String,
        _ arguments: [String],
        _ source: String,
        _ reason: String
    ) throws {
        try expectRefused(try fetch(arguments + ["--retries", "0"], fault: fault), source, saying: reason)
    }

    @Test func aQuoteGivenTwiceAlikeIsStoredOnce() throws {
        let result = try fetch(["monobank"], fault: "duplicate")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "monobank: 5 quotes in 1 request: inserted 5, already stored 0\n")
    }

    // MARK: The CoinGecko key

    private let key = "CG-" + String(repeating: "k3y", count: 50)  // long enough to run past the quoted 120 bytes

    @Test func theKeyGoesOnlyToTheOriginItWasConfiguredFor() throws {
        let other = try FakeSources()
        let environment = ["FOLIO_COINGECKO_KEY": key]
        // Another port, and the same server under another host name: both are other origins.
        for target in ["127.0.0.1:\(other.port)", "localhost:\(server.port)"] {
            let result = try fetch(
                ["coingecko", "--coins", "bitcoin", "--days", "0", "--force"],
                fault: "redirect=\(target)",
                extra: environment
            )
            #expect(result.status == 0, "\(result.stderr)")
        }
        let here = try server.requests()
        #expect(here.filter { $0.path.hasPrefix("/fault/") }.allSatisfy { $0.key == key })
        let redirected = here.filter { !$0.path.hasPrefix("/fault/") } + (try other.requests())
        #expect(redirected.count == 2)
        #expect(redirected.allSatisfy { $0.key == nil }, "\(redirected)")

        // A redirect within the origin keeps it.
        let same = try fetch(
            ["coingecko", "--coins", "bitcoin", "--days", "0", "--force"],
            fault: "redirectsame",
            extra: environment
        )
        #expect(same.status == 0, "\(same.stderr)")
        #expect(try server.requests().suffix(2).allSatisfy { $0.key == key })
    }

    @Test func theKeyGoesOverPlainHTTPOnlyToThisMachine() throws {
        // TEST-NET-1, never this machine.
        let environment = ["FOLIO_COINGECKO_KEY": key, "FOLIO_COINGECKO_URL": "http://192.0.2.1:9"]
        let refused = try fetch(["coingecko", "--days", "0", "--timeout", "1", "--retries", "0"], extra: environment)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "will not send x-cg-demo-api-key over plain http to 192.0.2.1, which is not this machine: use https, or --insecure to allow it"
            ),
            "\(refused.stderr)"
        )
        #expect(refused.seconds < 1, "refused before connecting")

        let insecure = try fetch(
            ["coingecko", "--days", "0", "--timeout", "1", "--retries", "0", "--insecure", "--force"],
            extra: environment
        )
        #expect(insecure.status == 1)
        #expect(!insecure.stderr.contains("will not send"), "\(insecure.stderr)")

        let localhost = try fetch(
            ["coingecko", "--days", "0", "--force"],
            extra: ["FOLIO_COINGECKO_KEY": key, "FOLIO_COINGECKO_URL": "http://localhost:\(server.port)"]
        )
        #expect(localhost.status == 0, "\(localhost.stderr)")
        #expect(try server.requests().last?.key == key)
    }

    @Test func aServerRepeatingTheKeyAndEscapesIsQuotedWithoutThem() throws {
        let result = try fetch(
            ["coingecko", "--days", "0", "--retries", "0"],
            fault: "echo",
            extra: ["FOLIO_COINGECKO_KEY": key]
        )
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("HTTP 401: \\x1B[2J\\x1B[31minvalid request\\x07, you sent: x-cg-demo-api-key: ***"),
            "\(result.stderr)"
        )
        let logged = try text("SELECT message FROM fetch_log")
        #expect(logged.contains("x-cg-demo-api-key: ***"), "\(logged)")
        for shown in [result.stderr, logged] {
            #expect(!shown.contains("k3yk3y"), "no part of the key: \(shown)")
            #expect(!shown.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        }
    }

    @Test func aURLPasswordIsNotQuotedEvenAsTheAuthorizationHeader() throws {
        let url = "http://folio:hunter2-secret@127.0.0.1:\(server.port)/fault/echo"
        let result = try fetch(["nbu", "--currencies", "USD", "--retries", "0"], extra: ["FOLIO_NBU_URL": url])
        #expect(result.status == 1)
        let basic = Data("folio:hunter2-secret".utf8).base64EncodedString()
        #expect(result.stderr.contains("Authorization: Basic ***"), "\(result.stderr)")
        #expect(result.stderr.contains("http://folio:***@127.0.0.1"), "\(result.stderr)")
        for shown in [result.stderr, try text("SELECT message || request FROM fetch_log")] {
            #expect(!shown.contains("hunter2") && !shown.contains(basic), "\(shown)")
        }
    }

    // MARK: Retries

    @Test(arguments: [
        ("redirectfile", "redirected to file:///etc/passwd, which is not an http or https URL"),
        ("redirectftp", "redirected to ftp://127.0.0.1:21/rates.json, which is not an http or https URL"),
        ("redirectloop", "more than 5 redirects (a redirect loop?)"),
    ])
    func whatCannotSucceedIsNotRetried(_ fault: String, _ reason: String) throws {
        // 3 retries by default.
        let result = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-24"], fault: fault)
        try expectRefused(result, "nbu", saying: reason)
        #expect(!result.stderr.contains("attempts"), "\(result.stderr)")
        #expect(result.seconds < 2, "no backoff: \(result.seconds) s")
        let asked = try server.requests().filter { $0.path.hasPrefix("/fault/") }
        #expect(asked.count == (fault == "redirectloop" ? 6 : 1))
    }
}
