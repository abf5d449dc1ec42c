import FolioCore
import FolioNet
import FolioSources
import FolioStore
import Foundation

/// Runs source plans against the store: throttle, fetch, then store all rows or none, logging each attempt.
struct FetchRunner {
    let store: Store
    let client: HTTPClient
    /// At most one fetch per source per this many seconds, unless forced.
    let throttle: Double
    let force: Bool
    let now: Date

    /// Returns false when the source failed (the reason is on stderr).
    func run(_ plan: SourcePlan) throws -> Bool {
        let requestText = plan.requests.map { Redaction.url($0.url) }.joined(separator: " ")
        if !force, let last = try store.lastFetchAttempt(source: plan.source), now.timeIntervalSince(last) < throttle {
            let ago = Int(now.timeIntervalSince(last))
            print("\(plan.source): skipped, last asked \(ago / 60) min \(ago % 60) s ago (at most once per \(Int(throttle / 60)) min; --force to ask now)")
            return true
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
