import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore

extension PortfolioReportData {
    public var chartData: [String: Set<ChartKind>] {
        [
            "allocation": [.pie, .donut], "holdings-7d": [.smallMultiples], "composition": [.bars],
            "correlation": [.correlation], "rolling-correlation": [.line], "normalised": [.compare],
            "cash-flows": [.hbars, .bars], "value": [.line],
        ]
    }

    /// Series beyond this many are grouped into "Other": the palette has eight distinguishable colours.
    static let maxSeries = 8

    public func chart(_ kind: ChartKind, data: String, parameters: [String: String], frame: ChartFrame) throws -> ChartContent {
        // No per-chart "as of" line: the page header already says it once for every chart.
        var frame = frame
        let largest = held.prefix(Self.maxSeries - 1).map(\.asset)
        switch data {
        case "allocation":
            let byKind = parameters["by"] == "kind"
            let slices: [PieSlice]
            if byKind {
                var sums: [String: Double] = [:]
                for a in held { sums[self.kind(of: a.asset).map(kindLabel) ?? strings[.kindOther], default: 0] += a.value ?? 0 }
                slices = sums.sorted { $0.key < $1.key }.map { PieSlice(label: $0.key, value: $0.value) }
            } else {
                slices = held.map { PieSlice(label: $0.asset.rawValue, value: $0.value ?? 0) }
            }
            // Slices that would print as 0.0 % say nothing; leave them out rather than label them.
            let total = slices.reduce(0) { $0 + max($1.value, 0) }
            let visible = slices.filter { total <= 0 || $0.value >= total * 0.0005 }
            return .chart(PieChart(frame: frame, slices: visible, donut: kind == .donut, totalFormat: compactMoney))
        case "holdings-7d":
            let end = input.asOf.end
            let series: [LineSeries] = held.compactMap { a in
                let currency = input.rates.pricingCurrency(of: a.asset, towards: base) ?? base
                guard currency != a.asset, let range = try? DayRange(from: input.asOf.advanced(by: -6), to: input.asOf),
                      let history = try? PriceHistory(of: a.asset, in: currency, range: range, rates: input.rates) else { return nil }
                let points = history.points.filter { $0.time <= end }
                return LineSeries(name: a.asset.rawValue + " · " + currency.rawValue,
                                  times: points.map { $0.time.timeIntervalSince1970 }, values: points.map(\.value))
            }
            return .smallMultiples(series)
        case "composition":
            let months = max(1, Int(parameters["months"] ?? "") ?? Self.defaultCompositionMonths)
            let composition = months == Self.defaultCompositionMonths ? self.composition : Self.composition(input, months: months)
            let percent = parameters["mode"] == "percent"
            var series: [BarSeries] = []
            var other = [Double](repeating: 0, count: composition.periods.count)
            for (i, asset) in composition.assets.enumerated() {
                let values = composition.periods.map { ($0.values[i] ?? 0) }
                if largest.contains(asset) { series.append(BarSeries(name: asset.rawValue, values: values)) }
                else { for k in values.indices { other[k] += values[k] } }
            }
            series.sort { a, b in (largest.firstIndex(of: AssetCode(a.name)) ?? 99) < (largest.firstIndex(of: AssetCode(b.name)) ?? 99) }
            if other.contains(where: { $0 != 0 }) { series.append(BarSeries(name: locale.other, values: other)) }
            let groups = composition.periods.map { DateText.monthYear($0.day, locale: locale) }
            return .chart(BarChart(frame: frame, groups: groups, series: series, mode: percent ? .percentOfGroup : .values))
        case "correlation":
            guard let matrix = correlationMatrix else { return .chart(CorrelationChart(frame: frame, labels: [], matrix: [])) }
            let n = matrix.assets.count
            let values = (0..<n).map { i in (0..<n).map { j in matrix[i, j] ?? .nan } }
            return .chart(CorrelationChart(frame: frame, labels: matrix.assets.map(\.rawValue), matrix: values))
        case "rolling-correlation":
            let window = Int(parameters["window"] ?? "30") ?? 30
            var series: [LineSeries] = []
            // The two largest holdings with returns: cash in the pricing currency (USD in a UAH portfolio
            // of US stocks) has no closes of its own, as in the correlation table.
            let returns = dailyReturns
            let pair = held.map(\.asset).filter { returns?.assets.contains($0) == true }.prefix(2)
            if pair.count == 2, let returns, let first = pair.first, let second = pair.last,
               let rolling = try? RollingCorrelation(returns, first: first, second: second, window: window) {
                let points = zip(rolling.days, rolling.values).compactMap { d, v in v.map { (d.start.timeIntervalSince1970, $0) } }
                series = [LineSeries(name: first.rawValue + " / " + second.rawValue,
                                     times: points.map(\.0), values: points.map(\.1))]
                // The pair is named here: a single series gets no legend.
                frame.subtitle = "\(first) / \(second), " + strings[.rollingWindow].replacingOccurrences(of: "%d", with: "\(window)")
            }
            return .chart(LineChart(frame: frame, series: series, valueFormat: NumberFormat(locale: locale, style: .decimal(2)),
                                          annotateWindow: false))
        case "normalised":
            let series = largest.compactMap { a in
                closes[a].map { c in LineSeries(name: a.rawValue, times: c.map { $0.day.start.timeIntervalSince1970 }, values: c.map(\.value)) }
            }
            return .chart(CompareChart(frame: frame, series: series, normalisation: .rebased))
        case "cash-flows":
            let months = Array(cashFlows.months.suffix(max(1, Int(parameters["months"] ?? "12") ?? 12)))
            let labels = months.map { DateText.monthYear($0.first, locale: locale) }
            let series = [BarSeries(name: strings[.deposits], values: months.map { $0.deposits ?? 0 }),
                          BarSeries(name: strings[.withdrawals], values: months.map { -($0.withdrawals ?? 0) })]
            if kind == .bars { return .chart(BarChart(frame: frame, groups: labels, series: series, valueFormat: compactMoney)) }
            return .chart(HBarChart(frame: frame, categories: labels, series: series, valueFormat: compactMoney))
        default:
            let points = zip(series.days, series.total).compactMap { d, v in v.map { (d.start.timeIntervalSince1970, $0) } }
            let days = Int(parameters["days"] ?? "30") ?? 30
            let recent = points.suffix(days + 1)
            return .chart(LineChart(frame: frame, series: [LineSeries(name: strings[.kpiValue], times: recent.map(\.0), values: recent.map(\.1))],
                                          valueFormat: compactMoney))
        }
    }

    var compactMoney: NumberFormat { NumberFormat(locale: locale, style: .compact(decimals: 1), currency: money.currency) }

    /// Daily returns of the held assets over the year to as-of, on the union calendar.
    var dailyReturns: DailyReturns? {
        let prices = closes.filter { $0.value.count > 2 }
        return prices.count >= 1 ? DailyReturns(prices: prices) : nil
    }

    var correlationMatrix: CorrelationMatrix? {
        guard let returns = dailyReturns, returns.assets.count >= 2 else { return nil }
        // Keep the chart's order: largest holding first.
        guard let matrix = try? CorrelationMatrix(returns) else { return nil }
        return matrix
    }

    var cashFlows: CashFlowsByMonth {
        CashFlowsByMonth(cashTransactions: input.cashTransactions.filter { $0.time <= input.asOf.end }, rates: input.rates, base: base)
    }
}

extension DateText {
    /// "Mar 2024" / "берез. 2024": a month on a category axis.
    static func monthYear(_ day: Day, locale: ChartLocale) -> String {
        locale.monthAbbreviations[day.month - 1] + "\u{00A0}" + String(day.year)
    }
}
