import FolioTestSupport
import Foundation
import GRDB
import Testing

/// Throttling by the fetch log: a success holds a source off for the interval (exit 0), a failure only
/// for a backoff of 1, 2, 4 … minutes, and a run skipped for that backoff exits 1 so that cron's mail
/// shows it. The log's times are moved back by the test instead of waiting.
@Suite struct FetchThrottleTests: FetchSuite {
    let server: FakeSources
    let database: String
    let nbu = ["nbu", "--currencies", "USD", "--date", "2022-02-24"]

    init() throws {
        server = try FakeSources()
        database = try Self.newDatabase()
    }

    private func execute(_ sql: String) throws {
        try DatabaseQueue(path: database).write { try $0.execute(sql: sql) }
    }

    private func attempts() throws -> [String] {
        try DatabaseQueue(path: database).read {
            try String.fetchAll($0, sql: "SELECT outcome FROM fetch_log ORDER BY id")
        }
    }

    @Test func aFailureIsRetriedAfterAMinuteNotAfterTheInterval() throws {
        #expect(try fetch(nbu + ["--retries", "0"], fault: "500always").status == 1)

        let skipped = try fetch(nbu)
        #expect(skipped.status == 1)
        #expect(skipped.stdout.isEmpty)
        #expect(skipped.stderr.hasPrefix("Error: nbu: skipped, the last attempt 0 min "), "\(skipped.stderr)")
        #expect(
            skipped.stderr.hasSuffix(
                " ago failed: HTTP 503: Service Unavailable; next attempt 1 min after it (--force to ask now)\n"
            ),
            "\(skipped.stderr)"
        )
        #expect(try attempts() == ["failed"], "a skip is not an attempt")

        try execute("UPDATE fetch_log SET time_ms = time_ms - 61000")
        let retried = try fetch(nbu)
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(retried.stdout == "nbu: 1 quote in 1 request: inserted 1, already stored 0\n")

        // After a success, the interval: a skip that is not an error.
        let throttled = try fetch(nbu)
        #expect(throttled.status == 0)
        #expect(throttled.stdout.hasPrefix("nbu: skipped, last asked 0 min "))
        #expect(try attempts() == ["failed", "ok"])
    }

    @Test func theBackoffDoublesWithEachFailureUpToTheInterval() throws {
        for _ in 0..<3 {
            #expect(try fetch(nbu + ["--retries", "0", "--force"], fault: "500always").status == 1)
        }
        // Three failures in a row: 4 minutes after the last.
        try execute("UPDATE fetch_log SET time_ms = time_ms - 230000")
        let skipped = try fetch(nbu)
        #expect(skipped.status == 1)
        #expect(
            skipped.stderr.contains(
                "failed (3 failures in a row): HTTP 503: Service Unavailable; next attempt 4 min after it"
            ),
            "\(skipped.stderr)"
        )

        // Never longer than the interval.
        let shortInterval = try fetch(nbu + ["--throttle-minutes", "3"])
        #expect(shortInterval.status == 0, "\(shortInterval.stderr)")
        #expect(try attempts() == ["failed", "failed", "failed", "ok"])
    }
}
