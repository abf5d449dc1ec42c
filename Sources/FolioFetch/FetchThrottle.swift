import FolioStore
import Foundation

/// When a source may be asked again, from its fetch log.
///
/// Only successful asks throttle: after one, the source is left alone for `interval`. A failure does
/// not start that wait, since nothing was stored; it starts a shorter backoff instead, so that a cron
/// entry every minute neither hammers a failing server nor waits a whole interval to try again:
/// after n failures in a row the next attempt may come min(interval, 1 min × 2^(n−1)) after the last
/// one (1, 2, 4, 8 … minutes).
struct FetchThrottle: Sendable {
    /// Seconds between successful asks.
    let interval: Double

    init(interval: Double) { self.interval = interval }

    enum Decision: Equatable, Sendable {
        case ask
        /// Asked successfully `ago` seconds ago: nothing to do, and nothing wrong.
        case recentlyAsked(ago: Double)
        /// The last attempt failed `ago` seconds ago, the `failures`-th in a row; the next may come `wait` seconds after it.
        case backingOff(ago: Double, failures: Int, wait: Double, message: String)
    }

    func decide(_ history: FetchHistory, now: Date) -> Decision {
        if history.failuresInARow > 0, let failed = history.lastFailure {
            let wait = backoff(failures: history.failuresInARow)
            let ago = now.timeIntervalSince(failed)
            return ago < wait
                ? .backingOff(
                    ago: ago,
                    failures: history.failuresInARow,
                    wait: wait,
                    message: history.lastFailureMessage
                ) : .ask
        }
        if let asked = history.lastSuccess, now.timeIntervalSince(asked) < interval {
            return .recentlyAsked(ago: now.timeIntervalSince(asked))
        }
        return .ask
    }

    /// The exponent is capped well before 2^n leaves Double's exact range; the interval caps the wait anyway.
    func backoff(failures: Int) -> Double {
        min(interval, 60 * pow(2, Double(min(max(failures, 1), 30) - 1)))
    }

    /// "3 min 5 s" for a span of seconds (negative spans, from a clock set back, count as 0).
    static func span(_ seconds: Double) -> String {
        let whole = seconds > 0 ? Int(exactly: min(seconds, 1e9).rounded(.down)) ?? 0 : 0
        return "\(whole / 60) min \(whole % 60) s"
    }
}
