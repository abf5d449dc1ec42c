import Foundation

/// What asking one source came to, and the line `folio fetch` prints for it: on stdout when nothing
/// went wrong, on stderr after `Error: ` when `isFailure` (so that cron's mail shows a source that
/// keeps failing, and the run exits 1).
public enum FetchOutcome: Equatable, Sendable {
    /// Fetched and stored, all rows or none: `quotes` in the answer to `requests` requests, of which
    /// `inserted` were new, and `figures` market figures.
    case stored(source: String, quotes: Int, requests: Int, inserted: Int, duplicates: Int, figures: Int)
    /// Not asked: it was asked successfully `ago` seconds ago, less than `interval` seconds.
    case throttled(source: String, ago: Double, interval: Double)
    /// Not asked: the last attempt, `ago` seconds ago, failed with `message` (secrets removed), the
    /// `failures`-th failure in a row; the next may come `wait` seconds after it.
    case backingOff(source: String, ago: Double, failures: Int, wait: Double, message: String)
    /// Asked, and it failed; logged, nothing stored. `message` names the source and the URL.
    case failed(source: String, message: String)

    public var source: String {
        switch self {
        case let .stored(source, _, _, _, _, _), let .throttled(source, _, _), let .backingOff(source, _, _, _, _),
            let .failed(source, _):
            source
        }
    }

    public var isFailure: Bool {
        switch self {
        case .stored, .throttled: false
        case .backingOff, .failed: true
        }
    }

    public var line: String {
        switch self {
        case let .stored(source, quotes, requests, inserted, duplicates, figures):
            "\(source): \(quotes) quote\(quotes == 1 ? "" : "s") in \(requests) request\(requests == 1 ? "" : "s"): "
                + "inserted \(inserted), already stored \(duplicates)"
                + (figures == 0 ? "" : ", \(figures) market figures")
        case let .throttled(source, ago, interval):
            "\(source): skipped, last asked \(FetchThrottle.span(ago)) ago (at most once per \(Self.minutes(interval)) min; --force to ask now)"
        case let .backingOff(source, ago, failures, wait, message):
            "\(source): skipped, the last attempt \(FetchThrottle.span(ago)) ago failed"
                + (failures == 1 ? "" : " (\(failures) failures in a row)")
                + ": \(message); next attempt \(Self.minutes(wait)) min after it (--force to ask now)"
        case let .failed(_, message):
            message
        }
    }

    /// Minutes as options and messages write them: `5`, `0.5`.
    static func minutes(_ seconds: Double) -> String { String(format: "%g", seconds / 60) }
}
