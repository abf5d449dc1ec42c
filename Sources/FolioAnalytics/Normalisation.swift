import FolioCore
import Foundation

/// Rescalings that put series of very different prices on one chart (the normalised comparison).
public enum Normalisation: String, Hashable, Sendable, CaseIterable {
    /// (x − min) / (max − min): every series spans [0, 1].
    case minMax
    /// 100 × x / first: every series starts at 100.
    case rebase

    /// The rescaled values, same length and order as `values`; nil stays nil.
    ///
    /// A constant series has no range: min–max maps it to 0.5 (a flat line in the middle, visibly "no
    /// movement", instead of a division by zero). Rebasing needs a first value that is non-zero; when the
    /// first defined value is 0, every value is undefined.
    public func apply(_ values: [Double?]) -> [Double?] {
        let defined = values.compactMap { $0 }.filter(\.isFinite)
        guard let first = defined.first, let lo = defined.min(), let hi = defined.max() else {
            return values.map { _ in nil }
        }
        switch self {
        case .minMax:
            let range = hi - lo
            return values.map { v in
                guard let v, v.isFinite else { return nil }
                return range > 0 ? (v - lo) / range : 0.5
            }
        case .rebase:
            guard first != 0 else { return values.map { _ in nil } }
            return values.map { v in
                guard let v, v.isFinite else { return nil }
                return 100 * v / first
            }
        }
    }
}

/// Several price series rescaled on one calendar for a comparison chart.
public struct NormalisedSeries: Hashable, Sendable {
    public var method: Normalisation
    public var assets: [AssetCode]
    /// Union of the days any asset has a price, in order.
    public var days: [Day]
    /// `values[a][d]`; nil on days without a price.
    public var values: [[Double?]]

    public init(prices: [AssetCode: [DatedValue]], method: Normalisation) {
        let assets = prices.keys.sorted()
        let days = Array(Set(prices.values.flatMap { $0.map(\.day) })).sorted()
        let position = Dictionary(uniqueKeysWithValues: days.enumerated().map { ($1, $0) })
        self.values = assets.map { asset in
            var column = [Double?](repeating: nil, count: days.count)
            for p in prices[asset]! { column[position[p.day]!] = p.value }
            return method.apply(column)
        }
        self.method = method
        self.assets = assets
        self.days = days
    }
}

extension NormalisedSeries {
    /// Table `normalised`: one row per day, one column per asset.
    public var table: ResultTable {
        ResultTable(
            columns: [.init("day", .day)]
                + assets.map { .init($0.rawValue, .number, decimals: method == .minMax ? 4 : 2) },
            rows: days.indices.map { d in [.day(days[d])] + values.map { .finite($0[d]) } }
        )
    }
}
