import FolioCore
import Foundation

/// Which days returns are computed between.
public enum ReturnCalendar: String, Hashable, Sendable, CaseIterable {
    /// Every day any asset has a price. A return needs a price on two consecutive calendar days, so a
    /// stock has no Monday return next to crypto quoted on Sunday.
    case union
    /// Only days on which every asset has a price: each return spans the same interval for all of them
    /// (Friday to Monday for both the stock and the coin).
    case common
}

/// Simple daily returns of several assets on one calendar. A return on day i is p[i] / p[i−1] − 1 and
/// exists only when the asset has a price on both calendar days, so a return never spans a gap while
/// the others are one-day returns.
public struct DailyReturns: Hashable, Sendable {
    public var assets: [AssetCode]
    /// The calendar without its first day (which has no return).
    public var days: [Day]
    /// `returns[a][i]`: the return of `assets[a]` on `days[i]`; nil when undefined.
    public var returns: [[Double?]]

    /// Returns of `prices` (per asset; any order, one price per day — a later duplicate wins).
    public init(prices: [AssetCode: [DatedValue]], calendar kind: ReturnCalendar = .union) {
        let assets = prices.keys.sorted()
        let series = assets.map { DayPrices(prices[$0]!) }
        let calendar =
            switch kind {
            case .union: SortedDays.union(series.map(\.listed))
            case .common: SortedDays.intersection(series.map(\.days))
            }
        var returns: [[Double?]] = []
        for prices in series {
            let column = prices.values(on: calendar)
            var r = [Double?](repeating: nil, count: max(0, calendar.count - 1))
            for i in r.indices {
                if let a = column[i], let b = column[i + 1], a > 0 { r[i] = b / a - 1 }
            }
            returns.append(r)
        }
        self.assets = assets
        self.days = Array(calendar.dropFirst())
        self.returns = returns
    }

    public init(assets: [AssetCode], days: [Day], returns: [[Double?]]) {
        self.assets = assets
        self.days = days
        self.returns = returns
    }

    /// The returns on the days of `range` only; throws when no return falls in it.
    public func restricted(to range: DayRange) throws(AnalyticsError) -> DailyReturns {
        let keep = days.indices.filter { range.contains(days[$0]) }
        guard !keep.isEmpty else { throw .emptyRange(argument: "from/to") }
        return DailyReturns(
            assets: assets,
            days: keep.map { days[$0] },
            returns: returns.map { r in keep.map { r[$0] } }
        )
    }

    /// The last `count` days of returns (the `--window N` of the command line).
    public func last(_ count: Int) throws(AnalyticsError) -> DailyReturns {
        guard count >= 1 else { throw .invalidArgument(name: "window", value: "\(count)", expected: "at least 1 day") }
        let start = max(0, days.count - count)
        return DailyReturns(assets: assets, days: Array(days[start...]), returns: returns.map { Array($0[start...]) })
    }

    /// The returns of one asset, throwing when it is not one of `assets`.
    public func returns(of asset: AssetCode, argument: String = "asset") throws(AnalyticsError) -> [Double?] {
        guard let a = assets.firstIndex(of: asset) else { throw .unknownAsset(asset, argument: argument) }
        return returns[a]
    }
}

extension DailyReturns {
    /// Table `returns`: one row per day, one percent column per asset.
    public var table: ResultTable {
        ResultTable(
            columns: [.init("day", .day)] + assets.map { .init($0.rawValue, .percent, decimals: 3) },
            rows: days.indices.map { i in [.day(days[i])] + returns.map { .finite($0[i].map { $0 * 100 }) } }
        )
    }
}
