import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `folio chart bars --portfolio P [--percent]`: holdings valued at each month end of the last `--months`
/// months (FolioAnalytics' `CompositionByPeriod`), one cluster per month, one bar per asset.
enum CompositionSpec {
    /// The palette's distinguishable colours: beyond this, the smallest assets share one "Other" bar.
    static let maxSeries = 8

    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        guard let name = r.portfolio else { throw ChartError("--portfolio", "bars needs a portfolio") }
        let ledger = try PortfolioLedger.load(c.store, portfolio: name)
        let asOf = try c.asOf(ledger)
        let range = ChartContext.months(r.months, endingAt: asOf)
        let market = try c.market(range)
        let base = r.currency ?? ledger.portfolio.baseCurrency
        let composition = CompositionByPeriod(replay: ledger.replay, rates: market.rates, base: base, range: range, period: .month)
        guard !composition.assets.isEmpty else {
            throw ChartError("--as-of", "\"\(name)\" held nothing from \(range.from.iso) to \(range.to.iso)")
        }
        let groups = composition.periods.enumerated().map { i, p in
            c.words.month(Day(year: p.day.year, month: p.day.month, day: 1)!, showYear: i == 0)
        }
        let all = composition.assets.enumerated().map { a, asset in
            BarSeries(name: asset.rawValue, values: composition.periods.map { $0.values[a] ?? .nan })
        }
        let series = BarSeries.keepingLargest(all, limit: maxSeries, otherName: r.locale.other)
        let title = r.title ?? c.words.compositionTitle(name, percent: r.percent)
        let frame = r.frame(title: title, subtitle: c.words.compositionSubtitle(base, from: range.from, to: asOf, percent: r.percent),
                            footnote: c.footnote(valuing: composition.assets, in: base, market: market, asOf: asOf))
        let chart = BarChart(frame: frame, groups: groups, series: series, mode: r.percent ? .percentOfGroup : .values,
                             valueFormat: r.percent ? nil : c.money(base, style: .compact(decimals: 1)))
        let warnings = composition.missing.map { "left out: " + $0.description }
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }
}
