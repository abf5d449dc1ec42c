import FolioCore
import FolioNet
import FolioStore
import Foundation

/// One run of `folio fetch`, typed: the sources to ask with their parameters, and how to ask them.
public struct FetchRequest: Sendable {
    public var queries: [QuoteQuery] = []
    /// Base URLs the configuration file gives, by source (the environment's `FOLIO_<SOURCE>_URL` wins).
    public var configuredURLs: [String: String] = [:]
    /// Ask each source at most once per this many minutes after a successful fetch (nil: 5).
    public var throttleMinutes: Double?
    /// Ask even within the throttle interval or a failure's backoff.
    public var force = false
    /// Seconds for one request, and retries after a timeout, a dropped connection, 429 or 5xx.
    public var timeout: Double = 30
    public var retries = 3
    /// Let an API key go over plain http to a host other than this machine.
    public var insecure = false
    /// Where base URLs and the CoinGecko key come from.
    public var environment = ProcessInfo.processInfo.environment
    /// The time of the run: what the throttle measures from, what the log records, and today's day.
    public var now = Date()

    /// The option's limits, and the configuration file's `throttle_minutes`.
    public static let throttleMinutes: ClosedRange<Double> = 0...1440

    public init() {}

    public func validate() throws {
        if let throttleMinutes, !Self.throttleMinutes.contains(throttleMinutes) {
            throw ArgumentError("--throttle-minutes", "expected 0 to 1440, found \(throttleMinutes)")
        }
        guard timeout > 0, timeout <= 600 else {
            throw ArgumentError("--timeout", "expected 1 to 600 seconds, found \(timeout)")
        }
        guard (0...10).contains(retries) else { throw ArgumentError("--retries", "expected 0 to 10, found \(retries)") }
    }

    /// The pipeline of `folio fetch`, written down once: each query becomes its source's plan
    /// (FolioSources; the base URL from the environment, the configuration file or the public API) →
    /// `FetchRunner` asks the fetch log whether the source may be asked (`FetchThrottle`) → the plan's
    /// requests go through FolioNet's `HTTPClient` (timeouts, retries, size limits, redirects checked) →
    /// the store records all of the answer's rows or none, and the attempt. Sources are asked in order,
    /// one failing does not stop the next; each outcome goes to `report` as it comes, so a long run shows
    /// its progress, and all are returned. Only a failure of the store itself is thrown.
    @discardableResult
    public func run(store: Store, report: (FetchOutcome) -> Void = { _ in }) throws -> [FetchOutcome] {
        let runner = FetchRunner(
            store: store,
            client: try HTTPClient(policy: policy),
            throttle: (throttleMinutes ?? 5) * 60,
            force: force,
            now: now
        )
        let urls = SourceURLs(configured: configuredURLs, environment: environment)
        var outcomes: [FetchOutcome] = []
        for query in queries {
            let outcome = try runner.run(query.plan(urls: urls, now: now))
            report(outcome)
            outcomes.append(outcome)
        }
        return outcomes
    }

    var policy: HTTPPolicy {
        var policy = HTTPPolicy()
        policy.totalTimeout = timeout
        policy.connectTimeout = min(policy.connectTimeout, timeout)
        policy.maxAttempts = retries + 1
        policy.allowPlainCredentials = insecure
        return policy
    }
}
