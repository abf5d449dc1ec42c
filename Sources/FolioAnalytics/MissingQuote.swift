import FolioCore
import Foundation

/// A value that could not be computed because a quote is missing: never replaced by an older price or 0.
/// Names the pair, the markets looked in, the instant, and the last quote found if it was too old.
public struct MissingQuoteError: Error, Hashable, Sendable, CustomStringConvertible, LocalizedError {
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
            return
                "\(pair) quote\(whereText) missing at \(ISOTime.format(at)): the last one, \(ISOTime.format(last)), is too old"
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
    public var example: MissingQuoteError

    public var description: String {
        "\(pair) missing on \(days) day(s) between \(first.iso) and \(last.iso); e.g. \(example)"
    }
}

/// Collects missing quotes by pair: the days each pair was missing on, counted once each whatever the
/// order they come in. A value series records its days in order and then the transfers' days, which lie
/// before them; counting each change of day then counted a day again and again and set `last` to an
/// earlier day than `first` ("5 day(s) between 2019-06-02 and 2019-06-02").
struct MissingQuoteLog {
    /// The example shown is the one of the pair's first day.
    private var examples: [CurrencyPair: (day: Day, missing: MissingQuoteError)] = [:]
    private var days: [CurrencyPair: Set<Day>] = [:]

    mutating func record(_ missing: MissingQuoteError, on day: Day) {
        if let known = examples[missing.pair], known.day <= day {} else { examples[missing.pair] = (day, missing) }
        days[missing.pair, default: []].insert(day)
    }

    var all: [MissingQuoteSpan] {
        examples.compactMap { pair, example -> MissingQuoteSpan? in
            guard let set = days[pair], let first = set.min(), let last = set.max() else { return nil }
            return MissingQuoteSpan(pair: pair, first: first, last: last, days: set.count, example: example.missing)
        }.sorted { ($0.first, $0.pair) < ($1.first, $1.pair) }
    }
}
