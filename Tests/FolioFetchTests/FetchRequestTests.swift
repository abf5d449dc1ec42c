import FolioCore
import FolioStore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioFetch

/// Fetches run in-process against the fake sources (a real HTTP server on 127.0.0.1) into a temporary
/// store: what each source's outcome says, what the store holds, and what the fetch log decides next.
@Suite struct FetchRequestTests {
    let server: FakeSources
    let store: TemporaryStore
    let nbu = QuoteQuery.nbu(currencies: ["USD", "EUR", "PLN"], from: d("2022-02-24"), to: d("2022-02-24"))

    init() throws {
        server = try FakeSources()
        store = try TemporaryStore()
    }

    private func request(_ queries: [QuoteQuery], fault: String? = nil, at now: Date = Date()) -> FetchRequest {
        var request = FetchRequest()
        (request.queries, request.environment, request.now, request.retries) = (
            queries, server.environment(fault: fault), now, 0
        )
        return request
    }

    @Test func aFetchIsStoredThenThrottled() throws {
        let first = try request([nbu]).run(store: store.store)
        #expect(first == [.stored(source: "nbu", quotes: 3, requests: 1, inserted: 3, duplicates: 0, figures: 0)])
        #expect(try store.count("quote", where: "market = 'nbu'") == 3)

        let later = Date().addingTimeInterval(90)
        let second = try request([nbu], at: later).run(store: store.store)
        guard case let .throttled("nbu", ago, 300) = second.first else {
            Issue.record("\(second)")
            return
        }
        #expect(ago >= 90 && ago < 120)

        var forced = request([nbu], at: later)
        forced.force = true
        #expect(
            try forced.run(store: store.store) == [
                .stored(source: "nbu", quotes: 3, requests: 1, inserted: 0, duplicates: 3, figures: 0)
            ]
        )
        #expect(try store.count("fetch_log", where: "outcome = 'ok'") == 2)
    }

    @Test func aFailureIsLoggedThenBackedOffWhileTheNextSourceIsStillAsked() throws {
        var reported: [FetchOutcome] = []
        let outcomes = try request([nbu, .monobank], fault: "500always").run(store: store.store) { reported.append($0) }
        #expect(reported == outcomes)
        #expect(outcomes.map(\.source) == ["nbu", "monobank"])
        #expect(outcomes.allSatisfy { $0.isFailure })
        #expect(
            outcomes[0].line
                == "nbu: \(server.baseURL)/fault/500always/NBUStatService/v1/statdirectory/exchange?date=20220224&json: HTTP 503: Service Unavailable"
        )
        #expect(try store.count("fetch_log", where: "outcome = 'failed'") == 2)
        #expect(try store.count("quote") == 0)

        let next = try request([nbu], at: Date().addingTimeInterval(30)).run(store: store.store)
        guard case let .backingOff("nbu", _, 1, 60, message) = next.first else {
            Issue.record("\(next)")
            return
        }
        #expect(message == "HTTP 503: Service Unavailable")
        #expect(
            try request([nbu], at: Date().addingTimeInterval(61)).run(store: store.store).first?.isFailure == false,
            "a minute after one failure the source is asked again"
        )
    }

    @Test func theEnvironmentsURLWinsOverTheFilesAndTheKeyGoesOnlyThere() throws {
        var request = request([.coinGecko(coins: ["bitcoin"], vs: "usd", days: 0)])
        request.configuredURLs = ["coingecko": "http://127.0.0.1:1"]
        request.environment["FOLIO_COINGECKO_KEY"] = "demo-key"
        let outcomes = try request.run(store: store.store)
        #expect(outcomes.first?.isFailure == false, "\(outcomes)")
        #expect(try server.requests().map(\.key) == ["demo-key"])

        request.environment["FOLIO_COINGECKO_URL"] = nil
        request.force = true
        let elsewhere = try request.run(store: store.store)
        #expect(elsewhere.first?.line.hasPrefix("coingecko: http://127.0.0.1:1/") == true, "\(elsewhere)")
    }

    @Test(
        arguments: [
            (1441.0, 30.0, 3, "--throttle-minutes: expected 0 to 1440, found 1441.0"),
            (5, 0, 3, "--timeout: expected 1 to 600 seconds, found 0.0"),
            (5, 601, 3, "--timeout: expected 1 to 600 seconds, found 601.0"),
            (5, 30, 11, "--retries: expected 0 to 10, found 11"),
        ] as [(Double, Double, Int, String)]
    )
    func limits(_ throttleMinutes: Double, _ timeout: Double, _ retries: Int, _ message: String) throws {
        var request = FetchRequest()
        try request.validate()
        (request.throttleMinutes, request.timeout, request.retries) = (throttleMinutes, timeout, retries)
        #expect { try request.validate() } throws: { "\($0)" == message }
    }
}
