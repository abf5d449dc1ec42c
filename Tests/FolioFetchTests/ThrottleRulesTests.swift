import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioFetch

/// The throttle and backoff rules as literal tables: a success holds a source off for the interval, n
/// failures in a row for min(interval, 1 min × 2^(n−1)) after the last of them.
@Suite struct ThrottleRulesTests {
    let now = t("2024-03-01T12:00:00Z")
    let throttle = FetchThrottle(interval: 300)

    private func history(success: Double? = nil, failures: Int = 0, failed: Double? = nil) -> FetchHistory {
        var history = FetchHistory()
        history.lastSuccess = success.map { now.addingTimeInterval(-$0) }
        history.failuresInARow = failures
        history.lastFailure = failed.map { now.addingTimeInterval(-$0) }
        history.lastFailureMessage = failures > 0 ? "HTTP 503: Service Unavailable" : ""
        return history
    }

    @Test func aSourceNeverAskedIsAsked() {
        #expect(throttle.decide(FetchHistory(), now: now) == .ask)
    }

    @Test(arguments: [(0.0, true), (299.0, true), (300.0, false), (86_400.0, false)])
    func aSuccessHoldsTheSourceOffForTheInterval(_ ago: Double, _ held: Bool) {
        #expect(throttle.decide(history(success: ago), now: now) == (held ? .recentlyAsked(ago: ago) : .ask))
    }

    @Test(arguments: [(1, 60.0), (2, 120.0), (3, 240.0), (4, 300.0), (40, 300.0), (Int.max, 300.0)])
    func theBackoffDoublesUpToTheInterval(_ failures: Int, _ wait: Double) {
        #expect(throttle.backoff(failures: failures) == wait)
        #expect(
            throttle.decide(history(success: 10, failures: failures, failed: wait - 1), now: now)
                == .backingOff(ago: wait - 1, failures: failures, wait: wait, message: "HTTP 503: Service Unavailable")
        )
        #expect(
            throttle.decide(history(success: 10, failures: failures, failed: wait), now: now) == .ask,
            "a failure does not start the interval: once the backoff is over, the source is asked"
        )
    }

    @Test func aZeroIntervalNeverWaits() {
        let none = FetchThrottle(interval: 0)
        #expect(none.decide(history(success: 0), now: now) == .ask)
        #expect(none.decide(history(failures: 5, failed: 0), now: now) == .ask)
    }

    @Test(arguments: [
        (0.0, "0 min 0 s"), (59.9, "0 min 59 s"), (185, "3 min 5 s"), (-30, "0 min 0 s"),
        (.infinity, "16666666 min 40 s"),
    ])
    func spans(_ seconds: Double, _ text: String) {
        #expect(FetchThrottle.span(seconds) == text)
    }

    @Test func theLinesPrinted() {
        #expect(
            FetchOutcome.stored(source: "nbu", quotes: 1, requests: 1, inserted: 1, duplicates: 0, figures: 0).line
                == "nbu: 1 quote in 1 request: inserted 1, already stored 0"
        )
        #expect(
            FetchOutcome.stored(
                source: "coingecko",
                quotes: 338,
                requests: 4,
                inserted: 300,
                duplicates: 38,
                figures: 12
            ).line
                == "coingecko: 338 quotes in 4 requests: inserted 300, already stored 38, 12 market figures"
        )
        #expect(
            FetchOutcome.throttled(source: "nbu", ago: 65, interval: 30).line
                == "nbu: skipped, last asked 1 min 5 s ago (at most once per 0.5 min; --force to ask now)"
        )
        #expect(
            FetchOutcome.backingOff(
                source: "stooq",
                ago: 5,
                failures: 1,
                wait: 60,
                message: "HTTP 503: Service Unavailable"
            ).line
                == "stooq: skipped, the last attempt 0 min 5 s ago failed: HTTP 503: Service Unavailable; next attempt 1 min after it (--force to ask now)"
        )
        #expect(
            FetchOutcome.backingOff(source: "stooq", ago: 5, failures: 3, wait: 240, message: "cut").line
                == "stooq: skipped, the last attempt 0 min 5 s ago failed (3 failures in a row): cut; next attempt 4 min after it (--force to ask now)"
        )
        #expect(!FetchOutcome.throttled(source: "nbu", ago: 1, interval: 300).isFailure)
        #expect(FetchOutcome.backingOff(source: "nbu", ago: 1, failures: 1, wait: 60, message: "").isFailure)
    }
}
