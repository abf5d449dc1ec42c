import FolioCore
import Foundation
import Synchronization

/// Rates between any two assets at any instant, from a price book: directly, by inverting the reverse
/// quote, or through pivots (AAPL in USD valued in UAH through the NBU USD/UAH rate; EUR in USD through
/// EUR/UAH and USD/UAH). Each leg uses the last quote at or before the instant in the most preferred
/// market that has one no older than `stalenessLimit`; otherwise the rate is missing and says which quote.
public struct CrossRates: Sendable {
    public let book: PriceBook
    public var preference: MarketPreference {
        didSet {
            edges = Self.edges(book, preference)
            routes = RouteCache()
        }
    }
    /// How old the last quote may be, in seconds (default 7 days: a week of holidays still values).
    public var stalenessLimit: TimeInterval
    /// The quote graph: for each asset, the assets one quoted pair away and the leg that gets there,
    /// with its markets ranked. Ranking walks every series of a pair, so it is done once per book and
    /// preference rather than for every route (a batch finds thousands of routes in one book).
    private var edges: [AssetCode: [Edge]]

    private struct Edge: Sendable {
        var other: AssetCode
        var leg: Leg
    }

    /// Routes found so far: a valuation asks for the same few routes at every day or month end. Shared
    /// by copies of these rates (they have the same book and preference); a new preference starts a new one.
    private var routes = RouteCache()

    private final class RouteCache: Sendable {
        let found = Mutex<[CurrencyPair: Route?]>([:])
        /// Routes that fell back on another chain, each said once (`CrossRates.fallbacks`).
        let fellBack = Mutex<Set<[Leg]>>([])
    }

    public static let defaultStalenessLimit: TimeInterval = 7 * 86_400
    /// Longest chain of quotes tried: AAPL → USD → UAH → EUR needs three.
    static let maximumLegs = 3

    /// Rates from `book`, choosing markets by `preference`, refusing quotes older than `stalenessLimit` seconds.
    public init(
        book: PriceBook,
        preference: MarketPreference = .standard,
        stalenessLimit: TimeInterval = CrossRates.defaultStalenessLimit
    ) {
        self.book = book
        self.preference = preference
        self.stalenessLimit = stalenessLimit
        edges = Self.edges(book, preference)
    }

    /// One quoted pair on the way, read forwards (asset → currency, multiply by price) or inverted.
    public struct Leg: Hashable, Sendable {
        public var pair: CurrencyPair
        var inverted: Bool
        /// Series indices in preference order.
        var candidates: [Int]
        public var markets: [Market]
    }

    /// The chain of quoted pairs from one asset to another, found once and evaluated at many instants.
    public struct Route: Hashable, Sendable {
        public var from: AssetCode
        public var to: AssetCode
        public var legs: [Leg]
        /// Chains of two legs through another asset, tried in order at an instant when a quote of `legs`
        /// is missing: a pair quoted only lately (Monobank's EUR/USD card rate, from the first fetch on)
        /// must not hide the years its cross through the hryvnia covers.
        var alternatives: [[Leg]] = []

        /// Every chain, the shortest first.
        public var chains: [[Leg]] { [legs] + alternatives }
    }

    /// A rate found at an instant, with the quotes it was made of.
    public struct Rate: Hashable, Sendable {
        /// Product of the prices of forward legs and of inverted legs, kept apart so that an amount is
        /// converted with one division (37,500 / 108,953) rather than through a rounded reciprocal.
        var numerator: Double
        var denominator: Double
        public var legs: [UsedQuote]

        /// Units of the target per unit of the source.
        public var value: Double { numerator / denominator }

        /// `amount` of the source in units of the target.
        public func convert(_ amount: Double) -> Double { amount * numerator / denominator }
    }

    /// One quote that went into a rate.
    public struct UsedQuote: Hashable, Sendable {
        public var pair: CurrencyPair
        public var market: Market
        public var time: Date
        public var price: Double
        var inverted: Bool
    }

    /// The shortest chain of quoted pairs from `from` to `to`, preferring a direct quote, then its inverse;
    /// among chains of equal length, pivots through the target first, then USD, UAH, EUR, then by code.
    /// Nil when no chain of up to `maximumLegs` quotes links them.
    public func route(from: AssetCode, to: AssetCode) -> Route? {
        let pair = CurrencyPair(from, to)
        if let known = routes.found.withLock({ $0[pair] }) { return known }
        let route = findRoute(from: from, to: to)
        routes.found.withLock { $0[pair] = route }
        return route
    }

    private func findRoute(from: AssetCode, to: AssetCode) -> Route? {
        if from == to { return Route(from: from, to: to, legs: []) }
        // Breadth-first over assets; each edge is a quoted pair in either direction.
        let pivots: [AssetCode] = [to, .usd, .uah, .eur]
        func rank(_ a: AssetCode) -> (Int, String) { (pivots.firstIndex(of: a) ?? pivots.count, a.rawValue) }
        /// Edges from `node`, the target and the common pivots first, a direct quote before an inverted
        /// one between the same two assets.
        func ranked(_ node: AssetCode) -> [Edge] {
            (edges[node] ?? []).sorted { a, b in
                rank(a.other) != rank(b.other) ? rank(a.other) < rank(b.other) : (!a.leg.inverted && b.leg.inverted)
            }
        }
        var previous: [AssetCode: (AssetCode, Leg)] = [:]
        var frontier = [from]
        var visited: Set<AssetCode> = [from]
        for _ in 0..<Self.maximumLegs {
            var next: [AssetCode] = []
            for node in frontier {
                for edge in ranked(node) where !visited.contains(edge.other) {
                    visited.insert(edge.other)
                    previous[edge.other] = (node, edge.leg)
                    next.append(edge.other)
                }
            }
            if visited.contains(to) { break }
            frontier = next
        }
        guard visited.contains(to) else { return nil }
        var legs: [Leg] = []
        var node = to
        while node != from, let (before, leg) = previous[node] {
            legs.append(leg)
            node = before
        }
        legs.reverse()
        var alternatives: [[Leg]] = []
        func add(_ chain: [Leg]) {
            if chain != legs, !alternatives.contains(chain), alternatives.count < Self.maximumAlternatives {
                alternatives.append(chain)
            }
        }
        if legs.count <= 2 {
            for first in ranked(from) where first.other != to {
                guard let second = ranked(first.other).first(where: { $0.other == to }) else { continue }
                add([first.leg, second.leg])
            }
        }
        // A route through the asset's own currency (AAPL → USD → EUR) falls back as that currency's route
        // does (USD → UAH → EUR when no EUR/USD quote is fresh): the same rule for a stock as for its
        // currency, so that a value in one table is not missing in another.
        if legs.count >= 2,
            let tail = route(from: legs[0].inverted ? legs[0].pair.asset : legs[0].pair.currency, to: to)
        {
            for chain in tail.alternatives where chain.count + 1 <= Self.maximumLegs { add([legs[0]] + chain) }
        }
        return Route(from: from, to: to, legs: legs, alternatives: alternatives)
    }

    /// The first time `route` takes `chain` because a quote of its preferred chain is missing or stale,
    /// one line for stderr (`fallbacks`): the same rule in every table, chart and report, said once.
    private func noteFallback(_ route: Route, _ chain: [Leg]) {
        guard routes.fellBack.withLock({ $0.insert(route.legs).inserted }) else { return }
        // Said of the legs that differ (EUR/USD, not AAPL → EUR and MSFT → EUR apart): one line per cross.
        let common = zip(route.legs, chain).prefix { $0 == $1 }.count
        func pairs(_ legs: ArraySlice<Leg>) -> String {
            legs.map { "\($0.pair)" + ($0.markets.first.map { " (\($0.rawValue))" } ?? "") }.joined(separator: " and ")
        }
        let days = Int((stalenessLimit / 86_400).rounded())
        let line =
            "\(pairs(route.legs[common...])) has no quote within \(days) days at some dates; there the cross "
            + "through \(pairs(chain[common...])) is used"
        Self.fallbackLines.withLock { if !$0.contains(line) { $0.append(line) } }
    }

    private static let fallbackLines = Mutex<[String]>([])

    /// What every route of this process that fell back said (`noteFallback`), once each, for the command
    /// to print on stderr; taking them empties the list.
    public static func takeFallbacks() -> [String] {
        fallbackLines.withLock { lines in
            defer { lines = [] }
            return lines
        }
    }

    /// Enough for the pivots a route falls back on (the target's other quotes, USD, UAH, EUR).
    static let maximumAlternatives = 3

    private static func edges(_ book: PriceBook, _ preference: MarketPreference) -> [AssetCode: [Edge]] {
        var edges: [AssetCode: [Edge]] = [:]
        for pair in book.pairs {
            let forward = leg(pair, inverted: false, book: book, preference: preference)
            var inverse = forward
            inverse.inverted = true
            edges[pair.asset, default: []].append(Edge(other: pair.currency, leg: forward))
            edges[pair.currency, default: []].append(Edge(other: pair.asset, leg: inverse))
        }
        return edges
    }

    private static func leg(_ pair: CurrencyPair, inverted: Bool, book: PriceBook, preference: MarketPreference) -> Leg
    {
        let quoted = book.byPair[pair] ?? []
        let order = preference.markets(for: pair)
        let ranked = quoted.sorted { a, b in
            let (ma, mb) = (book.series[a].market, book.series[b].market)
            let (ra, rb) = (order.firstIndex(of: ma) ?? order.count, order.firstIndex(of: mb) ?? order.count)
            return ra != rb ? ra < rb : ma < mb
        }
        return Leg(pair: pair, inverted: inverted, candidates: ranked, markets: ranked.map { book.series[$0].market })
    }

    /// The rate along `route` at `time` for `side`: along its shortest chain, or the first alternative
    /// with every quote when that one misses one (the shortest chain's gap is reported when all do).
    public func rate(along route: Route, at time: Date, side: QuoteSide = .mid) -> Result<Rate, MissingQuoteError> {
        let shortest = rate(along: route.legs, at: time, side: side)
        guard case .failure = shortest else { return shortest }
        for chain in route.alternatives {
            if case let .success(rate) = rate(along: chain, at: time, side: side) {
                noteFallback(route, chain)
                return .success(rate)
            }
        }
        return shortest
    }

    private func rate(along legs: [Leg], at time: Date, side: QuoteSide) -> Result<Rate, MissingQuoteError> {
        let t = time.timeIntervalSince1970
        var numerator = 1.0
        var denominator = 1.0
        var used: [UsedQuote] = []
        used.reserveCapacity(legs.count)
        for leg in legs {
            switch find(leg, at: t) {
            case let .found(s, i):
                let point = book.series[s].point(i)
                // The side names a quote column (a bank's buy or sell rate), so it is the same on every leg,
                // inverted or not: 4,200 UAH at the bank's USD sell rate is 4,200 / ask.
                let price = point.price(side)
                if leg.inverted { denominator *= price } else { numerator *= price }
                used.append(
                    UsedQuote(
                        pair: leg.pair,
                        market: book.series[s].market,
                        time: point.time,
                        price: price,
                        inverted: leg.inverted
                    )
                )
            case let .missing(stale):
                return .failure(missing(leg, at: time, stale: stale))
            }
        }
        return .success(Rate(numerator: numerator, denominator: denominator, legs: used))
    }

    /// `amount` converted along `route` at the mid price, without recording the quotes used: the inner
    /// loop of daily valuations, where a list per value would cost more than the arithmetic. Falls back
    /// as `rate(along:at:side:)` does.
    public func convert(_ amount: Double, along route: Route, at time: Date) -> Result<Double, MissingQuoteError> {
        let shortest = convert(amount, along: route.legs, at: time)
        guard case .failure = shortest else { return shortest }
        for chain in route.alternatives {
            if case let .success(value) = convert(amount, along: chain, at: time) {
                noteFallback(route, chain)
                return .success(value)
            }
        }
        return shortest
    }

    private func convert(_ amount: Double, along legs: [Leg], at time: Date) -> Result<Double, MissingQuoteError> {
        let t = time.timeIntervalSince1970
        var numerator = amount
        var denominator = 1.0
        for leg in legs {
            switch find(leg, at: t) {
            case let .found(s, i):
                let price = book.series[s].prices[i]
                if leg.inverted { denominator *= price } else { numerator *= price }
            case let .missing(stale):
                return .failure(missing(leg, at: time, stale: stale))
            }
        }
        return .success(numerator / denominator)
    }

    private enum LegLookup {
        case found(series: Int, index: Int)
        /// The newest too-old quote time, if any.
        case missing(stale: Double?)
    }

    /// The first market of the leg, in preference order, with a quote no older than the limit.
    private func find(_ leg: Leg, at t: Double) -> LegLookup {
        var stale: Double? = nil
        for s in leg.candidates {
            guard let i = book.series[s].lastIndex(atOrBefore: t) else { continue }
            let qt = book.series[s].times[i]
            if t - qt <= stalenessLimit { return .found(series: s, index: i) }
            stale = max(stale ?? qt, qt)
        }
        return .missing(stale: stale)
    }

    private func missing(_ leg: Leg, at time: Date, stale: Double?) -> MissingQuoteError {
        let reason: MissingQuoteError.Reason =
            stale.map { .stale(lastQuote: Date(timeIntervalSince1970: $0)) } ?? .noQuoteBefore
        return MissingQuoteError(pair: leg.pair, markets: leg.markets, at: time, reason: reason)
    }

    /// Units of `to` per unit of `from` at `time`. Finds the route each time; for many conversions
    /// between the same two assets, find the route once with `route(from:to:)`.
    public func rate(
        from: AssetCode,
        to: AssetCode,
        at time: Date,
        side: QuoteSide = .mid
    ) -> Result<Rate, MissingQuoteError> {
        guard let route = route(from: from, to: to) else {
            return .failure(MissingQuoteError(pair: CurrencyPair(from, to), markets: [], at: time, reason: .noRoute))
        }
        return rate(along: route, at: time, side: side)
    }
}
