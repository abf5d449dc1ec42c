import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore

/// `folio chart compare`: daily closes of two or more assets in one currency, rebased to 100 at the start
/// (or min–max scaled) by FolioAnalytics' `NormalisedSeries`, drawn with their names at the line ends.
enum CompareSpec {
    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        let days = r.days ?? 90
        let asOf = try c.asOf(assets: r.assets)
        let range = ChartContext.days(days, endingAt: asOf)
        let market = try c.market(range)
        // One currency for all, so that the lines compare what a holder of that currency saw.
        let currency = r.currency ?? c.defaultCurrency(of: r.assets[0], book: market.book)
        if let same = r.assets.first(where: { $0 == currency }) {
            throw ChartError("--currency", "\(same) is compared in itself; choose another --currency")
        }
        var closes: [AssetCode: [DatedValue]] = [:]
        var warnings: [String] = []
        for asset in r.assets {
            try c.requireQuotes(of: asset, in: market, range: range)
            let history = try c.rethrow({ () throws(AnalyticsError) in
                try PriceHistory(of: asset, in: currency, range: range, rates: market.rates)
            }, range: range, what: "quotes of \(asset) in \(currency)")
            warnings += history.missing.map(\.description)
            closes[asset] = history.dailyCloses
        }
        let normalised = NormalisedSeries(prices: closes, method: r.normalisation)
        // Each series keeps only its own days: a stock's weekends are not gaps, and the union calendar of
        // stocks and crypto would otherwise break the stock lines every Saturday.
        let series = r.assets.compactMap { asset -> LineSeries? in
            guard let a = normalised.assets.firstIndex(of: asset) else { return nil }
            let points = zip(normalised.days, normalised.values[a]).compactMap { day, v in v.map { (day.start.timeIntervalSince1970, $0) } }
            return LineSeries(name: asset.rawValue, times: points.map(\.0), values: points.map(\.1))
        }
        guard series.contains(where: { $0.values.count >= 2 }) else {
            throw ChartError("--as-of", "fewer than two daily prices from \(range.from.iso) to \(range.to.iso)")
        }
        let title = r.title ?? c.words.compareTitle(r.assets.map(\.rawValue))
        let subtitle = r.normalisation == .rebase
            ? c.words.rebasedSubtitle(currency, from: range.from, to: asOf)
            : c.words.minMaxSubtitle(currency, from: range.from, to: asOf)
        let frame = r.frame(title: title, subtitle: subtitle,
                            footnote: c.footnote(for: r.assets.flatMap { c.pricedBy($0, in: currency, rates: market.rates) },
                                                 market: market, asOf: asOf))
        // The values are normalised already; CompareChart's own normalisation of them is the identity
        // (a rebased series starts at 100, a min–max one spans 0…1), and keeps its axis labels right.
        let chart = CompareChart(frame: frame, series: series, normalisation: r.normalisation == .rebase ? .rebased : .minMax)
        return ChartDocument(spec: chart, title: title, asOf: asOf, warnings: warnings)
    }
}
