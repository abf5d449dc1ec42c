import FolioTestSupport
import Foundation
import GRDB
import Testing

/// `folio fetch` against a real HTTP server on 127.0.0.1: recorded NBU bodies, documented shapes of the
/// other sources, and faults. Every case checks what is in the database afterwards.
@Suite struct FetchTests: FetchSuite {
    let server: FakeSources
    let database: String

    init() throws {
        server = try FakeSources()
        database = try Self.newDatabase()
    }

    private func prices(_ asset: String, market: String) throws -> [Double] {
        try DatabaseQueue(path: database).read { db in
            try Double.fetchAll(
                db,
                sql: """
                    SELECT q.price FROM quote q JOIN asset a ON a.id = q.asset_id WHERE a.code = ? AND q.market = ? ORDER BY q.time_ms
                    """,
                arguments: [asset, market]
            )
        }
    }

    @Test func nbuDayFromTheRecordedBodyAndIdempotence() throws {
        let first = try fetch(["nbu", "--currencies", "USD,EUR,PLN", "--date", "2022-02-24"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "nbu: 3 quotes in 1 request: inserted 3, already stored 0\n")
        #expect(try prices("USD", market: "nbu") == [29.2549])
        #expect(try prices("EUR", market: "nbu") == [33.1707])
        let again = try fetch(["nbu", "--currencies", "USD,EUR,PLN", "--date", "2022-02-24", "--force"])
        #expect(again.stdout.contains("inserted 0, already stored 3"))
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 3)
        #expect(try scalar("SELECT COUNT(*) FROM fetch_log WHERE source = 'nbu' AND outcome = 'ok'") == 2)
    }

    @Test func aSecondFetchWithinTheIntervalIsThrottled() throws {
        _ = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-24"])
        let second = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-25"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("nbu: skipped, last asked"))
        #expect(try scalar("SELECT COUNT(*) FROM fetch_log") == 1)
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 1)
        let unthrottled = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-25", "--throttle-minutes", "0"])
        #expect(unthrottled.stdout.contains("inserted 1"))
    }

    @Test func nbuPeriodOfFiveYearsForThreeCurrencies() throws {
        let result = try fetch(["nbu", "--currencies", "USD,EUR,PLN", "--from", "2017-01-01", "--to", "2021-12-31"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try scalar("SELECT COUNT(*) FROM quote WHERE market = 'nbu'") == 1826 * 3)
        #expect(try prices("USD", market: "nbu").first == 27.190858)  // 2017-01-01, six decimals before 2020
    }

    @Test func anEmptyNBUAnswerFailsAndWritesNoQuotes() throws {
        let result = try fetch(["nbu", "--currencies", "USD", "--date", "2022-03-02"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: nbu: \(server.baseURL)/NBUStatService/v1/statdirectory/exchange?date=20220302&json: no USD rate for 2022-03-02 (NBU answers [] for an unknown currency code or a date not yet published)\n"
        )
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 0)
        #expect(try scalar("SELECT COUNT(*) FROM fetch_log WHERE outcome = 'failed'") == 1)
    }

    @Test(arguments: [
        ("slow", ["--timeout", "1", "--retries", "0"], "no complete answer within 1 s"),
        ("cut", ["--retries", "0"], "the response was cut off before its end"),
        ("big", ["--retries", "0"], "the response is larger than the 16777216-byte limit"),
        ("badjson", ["--retries", "0"], "expected an NBU rates array, found \"[{\"r030\":840"),
        ("html", ["--retries", "0"], "expected an NBU rates array, found an HTML page"),
        ("redirectloop", ["--retries", "0"], "more than 5 redirects (a redirect loop?)"),
        ("500always", ["--retries", "1"], "HTTP 503: Service Unavailable (after 2 attempts)"),
    ])
    func faultsFailWithSourceURLAndReasonAndStoreNothing(_ fault: String, _ options: [String], _ reason: String) throws
    {
        let result = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-24"] + options, fault: fault)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            result.stderr.hasPrefix(
                "Error: nbu: \(server.baseURL)/fault/\(fault)/NBUStatService/v1/statdirectory/exchange?date=20220224&json: "
            )
        )
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 0)
        #expect(try scalar("SELECT COUNT(*) FROM asset") == 0)
        #expect(try scalar("SELECT COUNT(*) FROM fetch_log WHERE outcome = 'failed'") == 1)
    }

    @Test func a429WithRetryAfterIsWaitedForThenRetried() throws {
        let result = try fetch(["nbu", "--currencies", "USD", "--date", "2022-02-24"], fault: "429")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds >= 1.0)
        #expect(try prices("USD", market: "nbu") == [29.2549])
    }

    @Test func a500IsRetriedWithBackoff() throws {
        let result = try fetch(
            ["nbu", "--currencies", "USD", "--date", "2022-02-24", "--retries", "1"],
            fault: "500once"
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.seconds >= 0.5)
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 1)
    }

    @Test func coinGeckoHistoryMarketsAndGlobalFigures() throws {
        let result = try fetch(
            ["coingecko", "--coins", "bitcoin,ethereum", "--vs", "usd", "--days", "7"],
            extra: ["FOLIO_COINGECKO_KEY": "demo-secret"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try prices("BTC", market: "exchange").count == 168 + 1)  // hourly history plus the current price
        #expect(try prices("ETH", market: "exchange").contains(2547.43))
        let dominance = try DatabaseQueue(path: database).read {
            try Double.fetchOne(
                $0,
                sql: "SELECT value FROM market_statistic WHERE subject = 'crypto-market' AND name = 'dominance-percent'"
            )
        }
        #expect(dominance == 60.12)
        #expect(
            try scalar("SELECT COUNT(*) FROM asset WHERE code = 'BTC' AND name = 'Bitcoin' AND kind = 'crypto'") == 1
        )
        let logged = try DatabaseQueue(path: database).read {
            try String.fetchOne($0, sql: "SELECT request FROM fetch_log") ?? ""
        }
        #expect(!logged.contains("demo-secret") && !result.stdout.contains("demo-secret"))
    }

    @Test func oneBadRequestFailsTheWholeFetch() throws {
        let coins = try fetch(["coingecko", "--coins", "bitcoin,notacoin", "--days", "7"])
        #expect(coins.status == 1)
        #expect(coins.stderr.contains("unknown coin notacoin"))
        let stocks = try fetch(["stooq", "--symbols", "aapl.us,limit.us"])
        #expect(stocks.status == 1)
        #expect(stocks.stderr.contains("found \"Exceeded the daily hits limit\""))
        #expect(try scalar("SELECT COUNT(*) FROM quote") == 0)
    }

    @Test func bankRates() throws {
        #expect(try fetch(["monobank"]).status == 0)
        #expect(try fetch(["privatbank"]).status == 0)
        let rows = try DatabaseQueue(path: database).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT a.code AS asset, c.code AS currency, q.market, q.price, q.bid, q.ask, q.source FROM quote q
                    JOIN asset a ON a.id = q.asset_id JOIN asset c ON c.id = q.currency_id ORDER BY q.source, q.market, a.code, c.code
                    """
            ).map {
                "\($0["source"] as String) \($0["market"] as String) \($0["asset"] as String)/\($0["currency"] as String) \(String(format: "%.10g", $0["price"] as Double)) \(($0["bid"] as Double?).map { "\($0)" } ?? "-") \(($0["ask"] as Double?).map { "\($0)" } ?? "-")"
            }
        }
        #expect(
            rows == [
                "monobank card EUR/UAH 41.95 41.6 42.3",
                "monobank card EUR/USD 1.0915 1.085 1.098",
                "monobank card GBP/UAH 46.63 - -",
                "monobank card PLN/UAH 9.71 - -",
                "monobank card USD/UAH 38.3748 38.15 38.5996",
                "privatbank card EUR/UAH 41.4 40.9 41.9",
                "privatbank card USD/UAH 37.9 37.6 38.2",
                "privatbank cash EUR/UAH 41.133335 40.6 41.66667",
                "privatbank cash USD/UAH 37.75 37.45 38.05",
            ]
        )
    }

    @Test func stooqDailyCloses() throws {
        let result = try fetch(["stooq", "--symbols", "aapl.us"])
        #expect(result.status == 0, "\(result.stderr)")
        let closes = try prices("AAPL", market: "exchange")
        #expect(closes.count == 1259 && closes.first == 67.8542)
        let none = try fetch(["stooq", "--symbols", "nodata.us", "--force"])
        #expect(none.status == 1 && none.stderr.contains("found \"No data\""))
    }

    @Test func aConfigFileForCron() throws {
        let config = URL(fileURLWithPath: database).deletingLastPathComponent().appendingPathComponent("fetch.yaml")
        try """
        throttle_minutes: 5
        coingecko: { coins: [bitcoin], vs: usd, days: 2 }
        monobank: {}
        stooq:
          symbols: [msft.us]
        """.write(to: config, atomically: true, encoding: .utf8)
        let result = try fetch(["--config", config.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) } == [
                "coingecko", "monobank", "stooq",
            ]
        )
        #expect(try prices("MSFT", market: "exchange").count == 1259)
        let again = try fetch(["--config", config.path])
        #expect(again.stdout.split(separator: "\n").allSatisfy { $0.contains("skipped") })

        try "nbu:\n  currency: [USD]\n".write(to: config, atomically: true, encoding: .utf8)
        let bad = try fetch(["--config", config.path])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("\(config.path): nbu.currency: unknown key, expected one of currencies, days, url"))

        try "nbu:\n  days: 1.5\n".write(to: config, atomically: true, encoding: .utf8)
        let fraction = try fetch(["--config", config.path])
        #expect(fraction.status != 0)
        #expect(
            fraction.stderr.contains("\(config.path): nbu.days: found 1.5, expected a whole number from 1 to 3660"),
            "\(fraction.stderr)"
        )
    }
}
