import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore

/// `folio chart pie|donut --by category`: budget expenses of the last `--months` months by category,
/// totalled by FolioAnalytics' `BudgetSummary`.
enum BudgetPieSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        let all = try c.store.budgetEntries()
        guard let lastDay = all.last?.day else { throw ChartError("--by", "the database holds no budget entries") }
        let asOf = r.asOf ?? lastDay
        let range = ChartContext.months(r.months, endingAt: asOf)
        let entries = all.filter { range.contains($0.day) }
        // The currency most entries are in, so that the usual single-currency budget needs no rates.
        let counts = Dictionary(entries.map { ($0.currency, 1) }, uniquingKeysWith: +)
        let currency = r.currency ?? counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? .uah
        let needsRates = entries.contains { $0.currency != currency }
        let market = needsRates ? try c.market(range) : nil
        let summary = BudgetSummary(entries: entries, currency: currency, rates: market?.rates, range: range)
        let slices = summary.categories.compactMap { t -> PieSlice? in
            guard t.kind == .expense, let amount = t.amount else { return nil }
            return PieSlice(label: t.category, value: amount)
        }
        guard slices.contains(where: { $0.value > 0 }) else {
            throw ChartError("--as-of", "no budget expenses from \(range.from.iso) to \(range.to.iso)")
        }
        let title = r.title ?? c.words.spendingTitle
        let footnote = ChartFrame.footnote(source: c.words.budget, asOf: asOf, locale: r.locale)
        let frame = r.frame(title: title, subtitle: c.words.budgetSubtitle(currency, from: range.from, to: asOf), footnote: footnote)
        let chart = PieChart(frame: frame, slices: slices, donut: r.kind == .donut,
                             totalFormat: c.money(currency, style: .compact(decimals: 1)))
        return ChartDocument(spec: chart, title: title, asOf: asOf,
                             warnings: summary.missing.map { "left out: " + $0.description })
    }
}
