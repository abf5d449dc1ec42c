import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `folio chart table --portfolio P`: the holdings at the end of the as-of day with quantity, price and
/// value in the base currency and share of the total (FolioAnalytics' `HoldingsValuation`), largest first.
enum HoldingsTableSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        guard let name = r.portfolio else { throw ChartError("--portfolio", "table needs a portfolio") }
        let ledger = try PortfolioLedger.load(c.store, portfolio: name)
        let asOf = try c.asOf(ledger)
        let market = try c.market(DayRange(day: asOf))
        let base = r.currency ?? ledger.portfolio.baseCurrency
        let valuation = market.rates.value(ledger.replay.holdings(at: asOf.end), in: base)
        guard !valuation.assets.isEmpty else {
            throw ChartError("--as-of", "\"\(name)\" held nothing at the end of \(asOf.iso)")
        }
        let price = c.money(base, style: .price(minimum: 2, significant: 4))
        let money = c.money(base, style: .decimal(2))
        let share = NumberFormat(locale: r.locale, style: .percent(1))
        let total = valuation.total
        let rows = valuation.assets
            .sorted { ($0.value ?? -.infinity, $1.asset) > ($1.value ?? -.infinity, $0.asset) }
            .map { item -> [TableCell] in
                [.text(item.asset.rawValue),
                 .number(item.quantity, quantityFormat(item.quantity, asset: c.asset(item.asset), locale: r.locale)),
                 .number(item.rate ?? .nan, price),
                 .number(item.value ?? .nan, money),
                 .number(item.value.flatMap { v in total.map { $0 > 0 ? v / $0 : .nan } } ?? .nan, share)]
            }
        let totalRow: [TableCell] = [.text(r.locale.total), .text(""), .text(""), .number(total ?? .nan, money),
                                     .number(total.map { $0 > 0 ? 1 : .nan } ?? .nan, share)]
        let title = r.title ?? c.words.holdingsTitle(name)
        let frame = r.frame(title: title, subtitle: c.words.valuedSubtitle(base, on: asOf),
                            footnote: c.footnote(valuing: valuation.assets.map(\.asset), in: base, market: market, asOf: asOf))
        let chart = TableChart(frame: frame, header: c.words.holdingsHeader, rows: rows + [totalRow])
        let warnings = valuation.missing.map { "no value: " + $0.description }
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }

    /// Whole shares print without decimals; fractions (coins, cash) with the asset's display decimals,
    /// trailing zeros and all, so that a column of one asset kind lines up.
    static func quantityFormat(_ quantity: Double, asset: Asset?, locale: ChartLocale) -> NumberFormat {
        let whole = quantity == quantity.rounded()
        return NumberFormat(locale: locale, style: .decimal(whole ? 0 : min(asset?.decimals ?? 2, 8)))
    }
}
