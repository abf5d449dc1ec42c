import FolioCore
import Foundation

/// How an allocation groups assets.
public enum AllocationGrouping: String, Hashable, Sendable, CaseIterable {
    case asset, kind, currency
}

/// One slice of an allocation: a label, the assets in it, its value and its share of the total.
public struct AllocationSlice: Hashable, Sendable {
    public var label: String
    public var assets: [AssetCode]
    public var value: Double?
    /// Percentage points of the total; nil when the total is unknown or not positive.
    public var percent: Double?
}

/// What a portfolio holds at a date, by asset, asset kind or currency, in its base currency.
/// Slices smaller than `thresholdPercent` are grouped into one "Other" slice (when there are at least two
/// of them: an "Other" of one asset would hide its name for nothing). Slices are ordered by value,
/// largest first, "Other" last. Negative slices (an overdrawn currency) are kept as they are and count
/// in the total, so the percents still add up to 100.
public struct Allocation: Hashable, Sendable {
    public var time: Date
    public var base: AssetCode
    public var grouping: AllocationGrouping
    public var thresholdPercent: Double
    public var slices: [AllocationSlice]
    /// Nil when a quote is missing (then every percent is nil too; the values found are still shown).
    public var total: Double?
    public var missing: [MissingQuoteError]

    static let otherLabel = "Other"
    public static let defaultThresholdPercent = 2.0

    /// The allocation of `valuation` grouped `by`.
    public init(
        _ valuation: HoldingsValuation,
        rates: CrossRates,
        by grouping: AllocationGrouping,
        thresholdPercent: Double = Allocation.defaultThresholdPercent
    ) throws(AnalyticsError) {
        guard thresholdPercent >= 0 && thresholdPercent < 100 else {
            throw .invalidArgument(
                name: "threshold",
                value: "\(thresholdPercent)",
                expected: "a percent from 0 to below 100"
            )
        }
        func label(_ asset: AssetCode) -> String {
            switch grouping {
            case .asset: asset.rawValue
            case .kind: rates.preference.kind(of: asset).rawValue
            case .currency: rates.pricingCurrency(of: asset, towards: valuation.base)?.rawValue ?? asset.rawValue
            }
        }
        var groups: [String: (assets: [AssetCode], sum: CompensatedSum, known: Bool)] = [:]
        for item in valuation.assets {
            var g = groups[label(item.asset)] ?? ([], CompensatedSum(), true)
            g.assets.append(item.asset)
            if let v = item.value { g.sum += v } else { g.known = false }
            groups[label(item.asset)] = g
        }
        let total = valuation.total
        func percent(_ value: Double?) -> Double? {
            guard let total, total > 0, let value else { return nil }
            return value / total * 100
        }
        var slices = groups.map { key, g in
            AllocationSlice(label: key, assets: g.assets, value: g.known ? g.sum.value : nil, percent: nil)
        }
        slices.sort { a, b in
            let (va, vb) = (a.value ?? -.infinity, b.value ?? -.infinity)
            return va != vb ? va > vb : a.label < b.label
        }
        if let total, total > 0 {
            let small = slices.filter { s in s.value.map { $0 >= 0 && $0 / total * 100 < thresholdPercent } ?? false }
            if small.count >= 2 {
                let smallLabels = Set(small.map(\.label))
                slices.removeAll { smallLabels.contains($0.label) }
                slices.append(
                    AllocationSlice(
                        label: Allocation.otherLabel,
                        assets: small.flatMap(\.assets).sorted(),
                        value: small.map { $0.value! }.compensatedSum(),
                        percent: nil
                    )
                )
            }
        }
        for i in slices.indices { slices[i].percent = percent(slices[i].value) }

        self.time = valuation.time
        self.base = valuation.base
        self.grouping = grouping
        self.thresholdPercent = thresholdPercent
        self.slices = slices
        self.total = total
        self.missing = valuation.missing
    }

    /// The allocation at the end of `day`.
    public init(
        replay: HoldingsReplay,
        rates: CrossRates,
        base: AssetCode,
        on day: Day,
        by grouping: AllocationGrouping,
        thresholdPercent: Double = Allocation.defaultThresholdPercent
    ) throws(AnalyticsError) {
        try self.init(
            rates.value(replay.holdings(at: day.end), in: base),
            rates: rates,
            by: grouping,
            thresholdPercent: thresholdPercent
        )
    }
}

extension Allocation {
    /// Table `allocation`: one row per slice, then the total.
    public var table: ResultTable {
        ResultTable(
            columns: [
                .init(grouping.rawValue, .text), .init("value", .number), .init("percent", .percent),
                .init("assets", .text),
            ],
            rows: slices.map {
                [
                    .text($0.label), .finite($0.value), .finite($0.percent),
                    .text($0.assets.map(\.rawValue).joined(separator: " ")),
                ]
            }
                + [[.text("Total"), .finite(total), total.map { $0 > 0 ? .number(100) : nil } ?? nil, nil]]
        )
    }
}
