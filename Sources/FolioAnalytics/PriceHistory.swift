import FolioCore
import Foundation

/// The price of an asset in any currency over time, read from the quotes: the input of windows,
/// returns, correlations and normalised comparisons (`folio table window --asset BTC`).
///
/// The instants are those of the asset's own quotes (the first leg of its route, in the most preferred
/// market that has quotes in the range); each is converted with the other legs' quotes at that instant.
/// An instant whose conversion lacks a fresh quote is left out and named in `missing`.
public struct PriceHistory: Hashable, Sendable {
    public var asset: AssetCode
    public var currency: AssetCode
    public var points: [TimedValue]
    public var missing: [MissingQuoteSpan]

    /// Prices of `asset` in `currency` from the start of `range.from` to the end of `range.to`.
    /// Throws when nothing links the two or the asset has no quote in the range.
    public init(of asset: AssetCode, in currency: AssetCode, range: DayRange, rates: CrossRates) throws(AnalyticsError)
    {
        guard asset != currency else {
            throw .invalidArgument(
                name: "currency",
                value: currency.rawValue,
                expected: "a currency other than the asset"
            )
        }
        guard let route = rates.route(from: asset, to: currency), !route.legs.isEmpty else {
            throw .unknownAsset(asset, argument: "asset")
        }
        let (from, through) = (range.from.start.timeIntervalSince1970, range.to.end.timeIntervalSince1970)
        let book = rates.book
        // The instants are those of each chain's first leg, on its first candidate market with a quote in
        // the range; with one chain each price is that quote converted along the rest. With alternatives
        // (a pair quoted only lately beside its older cross) the instants of every chain are merged and
        // each is priced as a valuation is (`CrossRates.rate(along:)`, which falls back per instant).
        var log = MissingQuoteLog()
        var points: [TimedValue] = []
        var instants: [(series: PriceBook.Series, index: Int)] = []
        for chain in route.chains {
            guard
                let series = chain[0].candidates.map({ book.series[$0] }).first(where: { s in
                    s.times.contains { $0 >= from && $0 <= through }
                })
            else { continue }
            instants += series.times.indices.filter { series.times[$0] >= from && series.times[$0] <= through }.map {
                (series, $0)
            }
        }
        guard !instants.isEmpty else { throw .emptyRange(argument: "from/to") }
        if route.alternatives.isEmpty {
            let first = route.legs[0]
            let rest = CrossRates.Route(
                from: first.inverted ? first.pair.asset : first.pair.currency,
                to: currency,
                legs: Array(route.legs.dropFirst())
            )
            for (series, i) in instants {
                let at = Date(timeIntervalSince1970: series.times[i])
                let own = first.inverted ? 1 / series.prices[i] : series.prices[i]
                switch rates.convert(own, along: rest, at: at) {
                case let .success(value): points.append(TimedValue(time: at, value: value))
                case let .failure(why): log.record(why, on: Day(at))
                }
            }
        } else {
            for time in Set(instants.map { $0.series.times[$0.index] }).sorted() {
                let at = Date(timeIntervalSince1970: time)
                switch rates.rate(along: route, at: at) {
                case let .success(rate): points.append(TimedValue(time: at, value: rate.value))
                case let .failure(why): log.record(why, on: Day(at))
                }
            }
        }
        self.asset = asset
        self.currency = currency
        self.points = points
        self.missing = log.all
    }

    /// The last price of each day.
    public var dailyCloses: [DatedValue] {
        var out: [DatedValue] = []
        for p in points {
            let day = Day(p.time)
            if out.last?.day == day { out.removeLast() }
            out.append(DatedValue(day: day, value: p.value))
        }
        return out
    }
}

extension PriceHistory {
    /// Table `prices`: one row per quote instant.
    public var table: ResultTable {
        ResultTable(
            columns: [.init("time", .time), .init("price", .number, decimals: 4)],
            rows: points.map { [.time($0.time), .number($0.value)] }
        )
    }
}
