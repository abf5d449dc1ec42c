import FolioCore
import FolioNet
import FolioSources
import FolioStore
import Foundation

/// Runs source plans against the store: throttle, fetch, then store all rows or none, logging each attempt.
struct FetchRunner {
    let store: Store
    let client: HTTPClient
    /// At most one successful fetch per source per this many seconds, unless forced (see `FetchThrottle`).
    let throttle: Double
    let force: Bool
    let now: Date

    /// Returns false when the source failed, or was skipped because its last attempt failed (the
    /// reason is on stderr), so that cron's mail shows a source that keeps failing.
    func run(_ plan: SourcePlan) throws -> Bool {
        let redaction = plan.redaction
        let requestText = redaction.apply(plan.requests.map { Redaction.url($0.url) }.joined(separator: " "))
        if !force {
            switch FetchThrottle(interval: throttle).decide(try store.fetchHistory(source: plan.source), now: now) {
            case .ask:
                break
            case let .recentlyAsked(ago):
                print("\(plan.source): skipped, last asked \(FetchThrottle.span(ago)) ago (at most once per \(Self.minutes(throttle)) min; --force to ask now)")
                return true
            case let .backingOff(ago, failures, wait, message):
                let streak = failures == 1 ? "" : " (\(failures) failures in a row)"
                FileHandle.standardError.write(Data("""
                    Error: \(plan.source): skipped, the last attempt \(FetchThrottle.span(ago)) ago failed\(streak): \(redaction.apply(message)); \
                    next attempt \(Self.minutes(wait)) min after it (--force to ask now)\n
                    """.utf8))
                return false
            }
        }
        do {
            let data = try plan.run(with: client)
            let stored = try store.recordFetch(source: plan.source, request: requestText, at: now, data: data)
            print("\(plan.source): \(data.quotes.count) quote\(data.quotes.count == 1 ? "" : "s") in \(plan.requests.count) request\(plan.requests.count == 1 ? "" : "s"): inserted \(stored.inserted), already stored \(stored.duplicates)"
                  + (data.statistics.isEmpty ? "" : ", \(data.statistics.count) market figures"))
            return true
        } catch let error as SourceError {
            try store.recordFailedFetch(source: plan.source, request: requestText, at: now, message: error.reason)
            FileHandle.standardError.write(Data("Error: \(error)\n".utf8))
            return false
        }
    }

    /// Minutes as options and messages write them: `5`, `0.5`.
    static func minutes(_ seconds: Double) -> String { String(format: "%g", seconds / 60) }
}

/// Base URLs: `FOLIO_<SOURCE>_URL` from the environment, else the configuration file, else the public API.
struct SourceURLs {
    var configured: [String: String] = [:]
    var environment = ProcessInfo.processInfo.environment

    func base(_ source: String, default fallback: String) -> String {
        if let url = environment["FOLIO_\(source.uppercased())_URL"], !url.isEmpty { return url }
        return configured[source] ?? fallback
    }
}
