import Foundation
import FolioCore

/// A value that could not be computed because a quote is missing: never replaced by an older price or 0.
/// Names the pair, the markets looked in, the instant, and the last quote found if it was too old.
public struct MissingQuote: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
    public enum Reason: Hashable, Sendable {
        /// No chain of quoted pairs links the two assets at all.
        case noRoute
        /// The pair is quoted, but not at or before the instant.
        case noQuoteBefore
        /// The last quote is older than the staleness limit.
        case stale(lastQuote: Date)
    }

    public var pair: CurrencyPair
    public var markets: [Market]
    public var at: Date
    public var reason: Reason

    public init(pair: CurrencyPair, markets: [Market], at: Date, reason: Reason) {
        self.pair = pair
        self.markets = markets
        self.at = at
        self.reason = reason
    }

    public var description: String {
        let whereText = markets.isEmpty ? "" : " (\(markets.map(\.rawValue).joined(separator: ", ")))"
        switch reason {
        case .noRoute:
            return "no quote links \(pair.asset) to \(pair.currency)"
        case .noQuoteBefore:
            return "no \(pair) quote\(whereText) at or before \(ISOTime.format(at))"
        case let .stale(last):
            return "\(pair) quote\(whereText) missing at \(ISOTime.format(at)): the last one, \(ISOTime.format(last)), is too old"
        }
    }

    public var errorDescription: String? { description }
}

/// Missing quotes over a series of days, one line per pair and reason instead of one per day.
public struct MissingQuoteSpan: Hashable, Sendable, CustomStringConvertible {
    public var pair: CurrencyPair
    public var first: Day
    public var last: Day
    public var days: Int
    public var example: MissingQuote

    public var description: String {
        "\(pair) missing on \(days) day(s) between \(first.iso) and \(last.iso); e.g. \(example)"
    }
}

/// Collects missing quotes by pair, keeping the first and last day and the count.
struct MissingQuoteLog {
    private var spans: [CurrencyPair: MissingQuoteSpan] = [:]

    mutating func record(_ missing: MissingQuote, on day: Day) {
        if var span = spans[missing.pair] {
            if span.last != day {
                span.days += 1
                span.last = day
            }
            spans[missing.pair] = span
        } else {
            spans[missing.pair] = MissingQuoteSpan(pair: missing.pair, first: day, last: day, days: 1, example: missing)
        }
    }

    var all: [MissingQuoteSpan] { spans.values.sorted { ($0.first, $0.pair) < ($1.first, $1.pair) } }
}
