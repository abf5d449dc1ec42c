import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `folio chart hbars --portfolio P`: completed deposits and withdrawals per month of the last `--months`
/// months in the base currency (FolioAnalytics' `CashFlowsByMonth`); deposits grow right, withdrawals left.
enum CashFlowSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        guard let name = r.portfolio else { throw ChartError("--portfolio", "hbars needs a portfolio") }
        let ledger = try PortfolioLedger.load(c.store, portfolio: name)
        // Flows end with the last completed transfer; months of quotes after it would be empty rows.
        let lastTransfer = ledger.cashTransactions.last { $0.status == .completed }.map { Day($0.time) }
        let asOf = try r.asOf ?? lastTransfer ?? c.asOf(ledger)
        let range = ChartContext.months(r.months, endingAt: asOf)
        let market = try c.market(range)
        let base = r.currency ?? ledger.portfolio.baseCurrency
        let flows = CashFlowsByMonth(cashTransactions: ledger.cashTransactions, rates: market.rates, base: base, range: range)
        let any = flows.months.contains { ($0.deposits ?? 0) != 0 || ($0.withdrawals ?? 0) != 0 }
        guard any else {
            throw ChartError("--as-of", "\"\(name)\" has no completed deposits or withdrawals from \(range.from.iso) to \(range.to.iso)")
        }
        let categories = flows.months.enumerated().map { i, m in c.words.month(m.first, showYear: i == 0) }
        let series = [
            BarSeries(name: c.words.deposits, values: flows.months.map { $0.deposits ?? .nan }),
            // Negative, so that money out grows left of the zero line and in and out read apart at a glance.
            BarSeries(name: c.words.withdrawals, values: flows.months.map { $0.withdrawals.map { -$0 } ?? .nan }),
        ]
        let title = r.title ?? c.words.flowsTitle(name)
        let currencies = Array(Set(ledger.cashTransactions.map(\.currency)))
        let frame = r.frame(title: title, subtitle: c.words.flowsSubtitle(base, from: range.from, to: asOf),
                            footnote: c.footnote(valuing: currencies, in: base, market: market, asOf: asOf))
        let chart = HBarChart(frame: frame, categories: categories, series: series,
                              valueFormat: c.money(base, style: .compact(decimals: 1)))
        let warnings = flows.missing.map { "left out: " + $0.description }
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }
}
