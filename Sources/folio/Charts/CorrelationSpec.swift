import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `folio chart correlation`: Pearson correlations of the daily returns of a portfolio's holdings at the
/// as-of day (or of `--asset …`) over the last `--days` days (FolioAnalytics' `DailyReturns` and
/// `CorrelationMatrix`).
enum CorrelationSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        let days = r.days ?? 365
        var assets = r.assets
        var currency = r.currency
        let asOf: Day
        if let name = r.portfolio, assets.isEmpty {
            let ledger = try PortfolioLedger.load(c.store, portfolio: name)
            asOf = try c.asOf(ledger)
            let base = ledger.portfolio.baseCurrency
            currency = currency ?? base
            // What was held at the as-of day, cash in the base currency aside (its returns are all zero).
            assets = ledger.replay.holdings(at: asOf.end).assets.filter { $0 != currency }
        } else {
            asOf = try c.asOf(assets: assets)
        }
        let range = ChartContext.days(days, endingAt: asOf)
        let market = try c.market(range)
        var closes: [AssetCode: [DatedValue]] = [:]
        var used: [(asset: AssetCode, currency: AssetCode)] = []
        var warnings: [String] = []
        for asset in assets {
            let target = currency ?? c.defaultCurrency(of: asset, book: market.book)
            do {
                let history = try PriceHistory(of: asset, in: target, range: range, rates: market.rates)
                closes[asset] = history.dailyCloses
                used.append((asset, target))
                warnings += history.missing.map(\.description)
            } catch {
                // A holding without prices (a delisted coin) cannot correlate; say so and chart the rest.
                // Assets the user named must all be there.
                if !r.assets.isEmpty { throw ChartError("--asset", "no prices of \(asset) from \(range.from.iso) to \(range.to.iso)") }
                warnings.append("left out \(asset): no prices from \(range.from.iso) to \(range.to.iso)")
            }
        }
        guard closes.count >= 2 else {
            throw ChartError(r.assets.isEmpty ? "--portfolio" : "--asset",
                             "fewer than two assets with prices from \(range.from.iso) to \(range.to.iso)")
        }
        // Twenty common days is the analytics default; a shorter --days still gets a matrix, with the
        // overlap it allows stated in the subtitle.
        let overlap = min(CorrelationMatrix.defaultMinimumOverlap, max(3, days / 2))
        let returns = DailyReturns(prices: closes, calendar: .union)
        let matrix = try c.rethrow({ () throws(AnalyticsError) in
            try CorrelationMatrix(returns, minimumOverlap: overlap)
        }, range: range, what: "daily returns")
        let n = matrix.assets.count
        let cells = (0..<n).map { i in (0..<n).map { j in matrix[i, j] ?? .nan } }
        let subject = r.assets.isEmpty ? r.portfolio : nil
        let title = r.title ?? c.words.correlationTitle(subject)
        let shown = Set(used.map(\.currency)).count == 1 ? used.first?.currency : nil
        let frame = r.frame(title: title, subtitle: c.words.correlationSubtitle(shown, from: range.from, to: asOf, minimumOverlap: overlap),
                            footnote: c.footnote(for: used.flatMap { c.pricedBy($0.asset, in: $0.currency, rates: market.rates) },
                                               market: market, asOf: asOf))
        let chart = CorrelationChart(frame: frame, labels: matrix.assets.map(\.rawValue), matrix: cells)
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }
}
