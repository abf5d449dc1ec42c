import FolioCore
import Foundation

/// Calendar periods a composition is taken at.
public enum CompositionPeriod: String, Hashable, Sendable, CaseIterable {
    case month, year

    /// The label people use: `2024-03` or `2024`.
    public func label(_ day: Day) -> String {
        switch self {
        case .month: String(day.iso.prefix(7))
        case .year: String(day.year)
        }
    }

    func end(of day: Day) -> Day {
        switch self {
        case .month: day.lastOfMonth
        case .year: day.lastOfYear
        }
    }
}

/// Holdings valued at each month end or year end over a range, per asset, as values and as percent of
/// the period's total (clustered bars by month × asset). The last period ends on `range.to` when that is
/// before its calendar end, so that a range up to today shows today rather than a future month end.
public struct CompositionByPeriod: Hashable, Sendable {
    public struct Period: Hashable, Sendable {
        public var label: String
        /// The day the holdings were valued at (end of day).
        public var day: Day
        /// Per asset of `assets`; nil when its quote is missing.
        public var values: [Double?]
        /// Percentage points of `total`; nil when the total is unknown or not positive.
        public var percents: [Double?]
        public var total: Double?
    }

    public var base: AssetCode
    public var period: CompositionPeriod
    /// Assets held at one of the period ends, in code order.
    public var assets: [AssetCode]
    public var periods: [Period]
    public var missing: [MissingQuoteSpan]

    /// Holdings of `replay` at the end of each `period` (month or year) that `range` touches, valued in `base`.
    public init(
        replay: HoldingsReplay,
        rates: CrossRates,
        base: AssetCode,
        range: DayRange,
        period: CompositionPeriod
    ) {
        var ends: [Day] = []
        var day = period.end(of: range.from)
        while true {
            ends.append(min(day, range.to))
            if day >= range.to { break }
            day = period.end(of: day.advanced(by: 1))
        }
        let valuations = replay.holdings(at: ends.map(\.end)).map { rates.value($0, in: base) }
        let assets = Array(Set(valuations.flatMap { $0.assets.map(\.asset) })).sorted()
        var log = MissingQuoteLog()
        self.periods = zip(ends, valuations).map { end, valuation in
            for m in valuation.missing { log.record(m, on: end) }
            let byAsset = Dictionary(uniqueKeysWithValues: valuation.assets.map { ($0.asset, $0) })
            let values: [Double?] = assets.map { a in byAsset[a].map { $0.value } ?? 0 }
            let total = valuation.total
            let percents: [Double?] = values.map { v in
                guard let v, let total, total > 0 else { return nil }
                return v / total * 100
            }
            return Period(label: period.label(end), day: end, values: values, percents: percents, total: total)
        }
        self.base = base
        self.period = period
        self.assets = assets
        self.missing = log.all
    }
}

extension CompositionByPeriod {
    /// Table `composition`, long form: one row per period and asset.
    public var table: ResultTable {
        var rows: [[ResultTable.Cell?]] = []
        for p in periods {
            for (a, asset) in assets.enumerated() {
                rows.append([
                    .text(p.label), .day(p.day), .text(asset.rawValue), .finite(p.values[a]), .finite(p.percents[a]),
                ])
            }
        }
        return ResultTable(
            columns: [
                .init(period.rawValue, .text), .init("day", .day), .init("asset", .text),
                .init("value", .number), .init("percent", .percent),
            ],
            rows: rows
        )
    }
}
