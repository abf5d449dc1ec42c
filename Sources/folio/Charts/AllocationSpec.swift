import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `folio chart pie|donut --portfolio P [--by asset|kind|currency]`: what the portfolio held at the end of
/// the as-of day, valued in its base currency by FolioAnalytics' `Allocation`.
enum AllocationSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        guard case .allocation(let grouping) = r.grouping, let name = r.portfolio else {
            throw ChartError("--portfolio", "\(r.kind.rawValue) needs a portfolio")
        }
        let ledger = try PortfolioLedger.load(c.store, portfolio: name)
        let asOf = try c.asOf(ledger)
        let market = try c.market(DayRange(day: asOf))
        let base = r.currency ?? ledger.portfolio.baseCurrency
        // Threshold 0: FolioCharts groups the small slices itself, under a label in the chart's language.
        let allocation = try c.rethrow({ () throws(AnalyticsError) in
            try Allocation(replay: ledger.replay, rates: market.rates, base: base, on: asOf, by: grouping, thresholdPercent: 0)
        }, range: DayRange(day: asOf), what: "holdings")
        let slices = allocation.slices.compactMap { s -> PieSlice? in
            guard let value = s.value else { return nil }
            return PieSlice(label: grouping == .kind ? c.words.kind(s.label) : s.label, value: value)
        }
        guard slices.contains(where: { $0.value > 0 }) else {
            throw ChartError("--as-of", "\"\(name)\" held nothing of value at the end of \(asOf.iso)")
        }
        let title = r.title ?? c.words.allocationTitle(name, by: r.grouping)
        let held = allocation.slices.flatMap(\.assets)
        let frame = r.frame(title: title, subtitle: c.words.valuedSubtitle(base, on: asOf),
                            footnote: c.footnote(valuing: held, in: base, market: market, asOf: asOf))
        let chart = PieChart(frame: frame, slices: slices, donut: r.kind == .donut,
                             totalFormat: c.money(base, style: .compact(decimals: 1)))
        let warnings = allocation.missing.map { "left out: " + $0.description }
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }
}
