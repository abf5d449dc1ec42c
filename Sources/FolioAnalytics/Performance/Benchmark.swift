import FolioCore
import Foundation

/// An asset's price in the portfolio's base currency on the portfolio's counted days, as returns
/// beside the portfolio's, so that both cover exactly the same days.
public struct Benchmark: Hashable, Sendable {
    public var asset: AssetCode
    /// The benchmark's return on each of the portfolio's counted days (price / price the counted day
    /// before − 1; the first from the calendar day before); nil where a price is missing.
    public var returns: [Double?]
    public var missing: [MissingQuoteError]

    public init(_ asset: AssetCode, on series: ReturnSeries, rates: CrossRates, base: AssetCode) {
        self.asset = asset
        var missing: [MissingQuoteError] = []
        let route = rates.route(from: asset, to: base)
        func price(_ day: Day) -> Double? {
            guard let route else {
                missing.append(
                    MissingQuoteError(pair: CurrencyPair(asset, base), markets: [], at: day.end, reason: .noRoute)
                )
                return nil
            }
            switch rates.convert(1, along: route, at: day.end) {
            case let .success(p): return p
            case let .failure(why):
                missing.append(why)
                return nil
            }
        }
        var previous = series.days.first.flatMap { price($0.advanced(by: -1)) }
        returns = series.days.map { day in
            let p = price(day)
            defer { previous = p }
            guard let p, let before = previous, before > 0 else { return nil }
            return p / before - 1
        }
        self.missing = missing
    }
}

extension Benchmark {
    /// The benchmark's return over the counted days of each calendar year of `series` (the series it was
    /// built on), in `series.byPeriod(.year)`'s order; nil for a year with a missing price.
    public func byYear(_ series: ReturnSeries) -> [Double?] {
        var out: [Double?] = []
        var year = Int.min
        for (day, r) in zip(series.days, returns) {
            if day.year != year {
                year = day.year
                out.append(1)
            }
            out[out.count - 1] = out[out.count - 1].flatMap { g in r.map { g * (1 + $0) } }
        }
        return out.map { $0.map { $0 - 1 } }
    }
}
