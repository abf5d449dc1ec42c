import FolioCore
import Foundation

/// Which of a quote's prices to use: the plain price, the bid ("buy", what the market pays for the
/// asset) or the ask ("sell", what the market asks for it).
public enum QuoteSide: String, Hashable, Sendable, CaseIterable {
    case mid, buy, sell
}

/// The pair a quote prices: one unit of `asset` in `currency`.
public struct CurrencyPair: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var asset: AssetCode
    public var currency: AssetCode
    public init(_ asset: AssetCode, _ currency: AssetCode) {
        self.asset = asset
        self.currency = currency
    }
    public var description: String { "\(asset)/\(currency)" }
    public static func < (a: CurrencyPair, b: CurrencyPair) -> Bool { (a.asset, a.currency) < (b.asset, b.currency) }
}

/// One price found in the book.
public struct PricePoint: Hashable, Sendable {
    public var time: Date
    public var price: Double
    public var bid: Double?
    public var ask: Double?

    /// The price for `side`; falls back to the plain price when the quote has no bid or ask, as exchange
    /// closes and NBU rates do not.
    public func price(_ side: QuoteSide) -> Double {
        switch side {
        case .mid: price
        case .buy: bid ?? price
        case .sell: ask ?? price
        }
    }
}

/// Quotes indexed for "the last quote at or before t": one time-sorted series per asset, currency and
/// market, searched by bisection, so that valuing years of days costs a few comparisons per value.
public struct PriceBook: Sendable {
    struct Series: Sendable {
        var pair: CurrencyPair
        var market: Market
        var times: [Double]
        var prices: [Double]
        var bids: [Double?]
        var asks: [Double?]
        /// Where the quotes came from, run-length coded: a source and the index of its first quote (a
        /// series usually has one source; a re-fetch from another one starts a run).
        var sourceRuns: [SourceRun] = []

        struct SourceRun: Sendable {
            var start: Int
            var source: String
        }

        /// The quotes from index `lo` to `hi` (exclusive), with their sources.
        func slice(_ lo: Int, _ hi: Int) -> Series {
            var runs: [SourceRun] = []
            for (k, run) in sourceRuns.enumerated() {
                let end = k + 1 < sourceRuns.count ? sourceRuns[k + 1].start : times.count
                guard run.start < hi, end > lo else { continue }
                runs.append(SourceRun(start: max(run.start, lo) - lo, source: run.source))
            }
            return Series(
                pair: pair,
                market: market,
                times: Array(times[lo..<hi]),
                prices: Array(prices[lo..<hi]),
                bids: Array(bids[lo..<hi]),
                asks: Array(asks[lo..<hi]),
                sourceRuns: runs
            )
        }

        /// The quotes at `indices` (ascending), with their sources.
        func selecting(_ indices: [Int]) -> Series {
            var out = Series(pair: pair, market: market, times: [], prices: [], bids: [], asks: [])
            var run = 0
            for i in indices {
                while run + 1 < sourceRuns.count && sourceRuns[run + 1].start <= i { run += 1 }
                if !sourceRuns.isEmpty, out.sourceRuns.last?.source != sourceRuns[run].source {
                    out.sourceRuns.append(SourceRun(start: out.times.count, source: sourceRuns[run].source))
                }
                out.times.append(times[i])
                out.prices.append(prices[i])
                out.bids.append(bids[i])
                out.asks.append(asks[i])
            }
            return out
        }

        /// Index of the first time ≥ t (`times.count` when every quote is earlier).
        func firstIndex(atOrAfter t: Double) -> Int {
            var lo = 0
            var hi = times.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if times[mid] < t { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }

        /// Indices of the quotes from `a` through `b` (both included), found by bisection.
        func indices(from a: Double, through b: Double) -> Range<Int> {
            let lo = firstIndex(atOrAfter: a)
            return lo..<max(lo, lastIndex(atOrBefore: b).map { $0 + 1 } ?? 0)
        }

        /// Index of the last time ≤ t, or nil when every quote is later.
        func lastIndex(atOrBefore t: Double) -> Int? {
            var lo = 0
            var hi = times.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if times[mid] <= t { lo = mid + 1 } else { hi = mid }
            }
            return lo == 0 ? nil : lo - 1
        }

        func point(_ i: Int) -> PricePoint {
            PricePoint(time: Date(timeIntervalSince1970: times[i]), price: prices[i], bid: bids[i], ask: asks[i])
        }
    }

    var series: [Series]
    /// Series indices by pair, in market order.
    var byPair: [CurrencyPair: [Int]]

    /// Builds the book. When two quotes share asset, currency, market and time (the store forbids it,
    /// but lists can be concatenated), the one given later wins, as a re-fetch would overwrite.
    public init(_ quotes: [Quote]) {
        struct Key: Hashable {
            var pair: CurrencyPair
            var market: Market
        }
        var grouped: [Key: [Int]] = [:]
        // Quotes come series by series (the store reads them so): a run of one series is hashed into the
        // groups once, not quote by quote (hashing the codes of every quote was a third of this init).
        var run: (key: Key, indices: [Int])?
        for (i, quote) in quotes.enumerated() where quote.price.isFinite && quote.price > 0 {
            let key = Key(pair: CurrencyPair(quote.asset, quote.currency), market: quote.market)
            if run?.key == key {
                run?.indices.append(i)
                continue
            }
            if let run { grouped[run.key, default: []] += run.indices }
            run = (key, [i])
        }
        if let run { grouped[run.key, default: []] += run.indices }
        var series: [Series] = []
        for (key, indices) in grouped.sorted(by: { ($0.key.pair, $0.key.market) < ($1.key.pair, $1.key.market) }) {
            let ordered = indices.sorted {
                let (a, b) = (quotes[$0].time, quotes[$1].time)
                return a != b ? a < b : $0 < $1
            }
            var s = Series(pair: key.pair, market: key.market, times: [], prices: [], bids: [], asks: [])
            for i in ordered {
                let quote = quotes[i]
                let time = quote.time.timeIntervalSince1970
                if s.times.last == time {
                    s.times.removeLast()
                    s.prices.removeLast()
                    s.bids.removeLast()
                    s.asks.removeLast()
                    if s.sourceRuns.last?.start == s.times.count { s.sourceRuns.removeLast() }
                }
                if s.sourceRuns.last?.source != quote.source {
                    s.sourceRuns.append(Series.SourceRun(start: s.times.count, source: quote.source))
                }
                s.times.append(time)
                s.prices.append(quote.price)
                s.bids.append(quote.bid)
                s.asks.append(quote.ask)
            }
            series.append(s)
        }
        self.init(series: series)
    }

    /// A book of `series`, already in (pair, market) order.
    private init(series: [Series]) {
        var byPair: [CurrencyPair: [Int]] = [:]
        for (i, s) in series.enumerated() { byPair[s.pair, default: []].append(i) }
        self.series = series
        self.byPair = byPair
    }

    /// The book of the quotes of `assets` alone: the same book as one built from only their quotes,
    /// without reading or sorting them again.
    public func restricted(to assets: Set<AssetCode>) -> PriceBook {
        PriceBook(series: series.filter { assets.contains($0.pair.asset) })
    }

    /// The book of the quotes from `from` through `through` (both included) and each series' last quote
    /// before `from`: the same book as the store's `quotes(from:to:)` gives. The quote before says where
    /// a series stopped, so that a value it cannot give is reported with that quote ("the last one, 7 Feb
    /// 2018, is too old") rather than as no quote at all; it is too old for any time in the window when
    /// `from` leaves the staleness limit before the window's first day. Series without either are left out.
    public func window(from: Date, through: Date) -> PriceBook {
        let (a, b) = (from.timeIntervalSince1970, through.timeIntervalSince1970)
        return PriceBook(
            series: series.compactMap { s in
                let span = s.indices(from: a, through: b)
                let start = span.lowerBound > 0 ? span.lowerBound - 1 : span.lowerBound
                return start < span.upperBound ? s.slice(start, span.upperBound) : nil
            }
        )
    }

    /// The book a valuation over time asks for, as `Store.valuationQuotes` reads it and with the same
    /// answers: each UTC day's last quote of every series, on days with several quotes the one at or
    /// before each of `times`, and with a `window` every quote of it as `window(from:through:)` gives.
    /// From `start` on only, as the store reads it: day ends from its day, each series' last quote
    /// before that day, and the quote at or before each of `times` that comes earlier.
    public func valuation(
        at times: [Date],
        from start: Date? = nil,
        window: (from: Date, through: Date)? = nil
    ) -> PriceBook {
        let events = times.map(\.timeIntervalSince1970).sorted()
        let firstDay = start.map { Day($0).start.timeIntervalSince1970 } ?? -.infinity
        return PriceBook(
            series: series.compactMap { s in
                var keep = Set<Int>()
                var busy = Set<Int>()
                var day: Int?
                let first = s.firstIndex(atOrAfter: firstDay)
                if first > 0 { keep.insert(first - 1) }
                for i in s.times.indices[first...] {
                    let d = Day(Date(timeIntervalSince1970: s.times[i])).daysSinceEpoch
                    if d == day {
                        keep.remove(i - 1)
                        busy.insert(d)
                    }
                    keep.insert(i)
                    day = d
                }
                for t in events where t < firstDay || busy.contains(Day(Date(timeIntervalSince1970: t)).daysSinceEpoch)
                {
                    if let i = s.lastIndex(atOrBefore: t) { keep.insert(i) }
                }
                if let window {
                    let span = s.indices(
                        from: window.from.timeIntervalSince1970,
                        through: window.through.timeIntervalSince1970
                    )
                    keep.formUnion((span.lowerBound > 0 ? span.lowerBound - 1 : span.lowerBound)..<span.upperBound)
                }
                return keep.isEmpty ? nil : s.selecting(keep.sorted())
            }
        )
    }

    /// The book of each series' last quote at or before `time`: all a value at that instant looks up, as
    /// the store's `lastQuotes(atOrBefore:)` reads it. Series without one are left out.
    public func lastQuotes(atOrBefore time: Date) -> PriceBook {
        let t = time.timeIntervalSince1970
        return PriceBook(series: series.compactMap { s in s.lastIndex(atOrBefore: t).map { s.slice($0, $0 + 1) } })
    }

    /// The book of each series' last quote: enough to find where the data of every route ends (see
    /// FolioInputs' `AsOf`) without holding the history.
    public var lastQuotes: PriceBook {
        PriceBook(series: series.compactMap { s in s.times.isEmpty ? nil : s.slice(s.times.count - 1, s.times.count) })
    }

    /// The sources of the quotes of `asset` (as `Quote.source` names them), in any currency and market.
    public func sources(of asset: AssetCode) -> Set<String> {
        Set(series.lazy.filter { $0.pair.asset == asset }.flatMap { $0.sourceRuns.map(\.source) })
    }

    /// Every pair with at least one quote.
    public var pairs: [CurrencyPair] { byPair.keys.sorted() }

    /// Every market with at least one quote.
    public var markets: [Market] { Array(Set(series.map(\.market))).sorted() }

    /// Every asset or currency that appears on either side of a quote.
    public var assets: Set<AssetCode> { Set(byPair.keys.flatMap { [$0.asset, $0.currency] }) }

    /// Markets that quote `pair`, in name order.
    public func markets(for pair: CurrencyPair) -> [Market] { (byPair[pair] ?? []).map { series[$0].market } }

    /// The series of `pair` in `market`.
    private func series(_ pair: CurrencyPair, market: Market) -> Series? {
        byPair[pair]?.first { series[$0].market == market }.map { series[$0] }
    }

    /// The last quote of `pair` in `market` at or before `time`, however old.
    public func last(_ pair: CurrencyPair, market: Market, atOrBefore time: Date) -> PricePoint? {
        guard let s = series(pair, market: market), let i = s.lastIndex(atOrBefore: time.timeIntervalSince1970) else {
            return nil
        }
        return s.point(i)
    }

    /// The last quote of each day of `range` for `pair` in `market` (days without one are left out):
    /// daily closes for windows, returns and correlations.
    public func dailyCloses(_ pair: CurrencyPair, market: Market, in range: DayRange) -> [DatedValue] {
        guard let s = series(pair, market: market) else { return [] }
        var out: [DatedValue] = []
        for i in s.indices(from: range.from.start.timeIntervalSince1970, through: range.to.end.timeIntervalSince1970) {
            let day = Day(Date(timeIntervalSince1970: s.times[i]))
            guard range.contains(day) else { continue }
            if out.last?.day == day { out.removeLast() }
            out.append(DatedValue(day: day, value: s.prices[i]))
        }
        return out
    }

    /// Every quote of `pair` in `market` between two instants (both included), for windows of hourly data.
    public func points(_ pair: CurrencyPair, market: Market, from: Date, through: Date) -> [TimedValue] {
        guard let s = series(pair, market: market) else { return [] }
        return s.indices(from: from.timeIntervalSince1970, through: through.timeIntervalSince1970)
            .map { TimedValue(time: Date(timeIntervalSince1970: s.times[$0]), value: s.prices[$0]) }
    }
}
