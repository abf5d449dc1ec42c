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

    /// A source that fails is logged and reported as an outcome, so that the next one is still asked;
    /// only a failure of the store itself is thrown.
    func run(_ plan: SourcePlan) throws -> FetchOutcome {
        let redaction = plan.redaction
        let requestText = redaction.apply(plan.requests.map { Redaction.url($0.url) }.joined(separator: " "))
        if !force {
            switch FetchThrottle(interval: throttle).decide(try store.fetchHistory(source: plan.source), now: now) {
            case .ask:
                break
            case let .recentlyAsked(ago):
                return .throttled(source: plan.source, ago: ago, interval: throttle)
            case let .backingOff(ago, failures, wait, message):
                return .backingOff(
                    source: plan.source,
                    ago: ago,
                    failures: failures,
                    wait: wait,
                    message: redaction.apply(message)
                )
            }
        }
        do {
            let data = try plan.run(with: client)
            let stored = try store.recordFetch(source: plan.source, request: requestText, at: now, data: data)
            return .stored(
                source: plan.source,
                quotes: data.quotes.count,
                requests: plan.requests.count,
                inserted: stored.inserted,
                duplicates: stored.duplicates,
                figures: data.statistics.count
            )
        } catch let error as SourceError {
            try store.recordFailedFetch(source: plan.source, request: requestText, at: now, message: error.reason)
            return .failed(source: plan.source, message: "\(error)")
        }
    }
}
