import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore

/// `folio chart line`: the price of one asset over the last `--days` days with its min/max/average
/// markers and change; several assets on one chart when their prices are alike, otherwise small
/// multiples (each panel with its own scale: AAPL at 170 and BAC at 30 would flatten each other).
enum PriceLineSpec {
    /// Above this ratio between the highest and lowest of the series' averages, lines on one axis would
    /// squash the cheaper ones flat, so the chart becomes small multiples.
    static let sharedAxisRatio = 3.0
    /// More lines than this on one plot stop being readable as separate lines.
    static let sharedAxisMaxSeries = 5

    static func make(_ c: ChartContext) throws -> ChartDocument {
        let r = c.request
        let days = r.days ?? 7
        let asOf = try c.asOf(assets: r.assets)
        let range = ChartContext.days(days, endingAt: asOf)
        let market = try c.market(range)
        var series: [LineSeries] = []
        var currencies: [AssetCode] = []
        var warnings: [String] = []
        for asset in r.assets {
            try c.requireQuotes(of: asset, in: market, range: range)
            let currency = r.currency ?? c.defaultCurrency(of: asset, book: market.book)
            let history = try c.rethrow({ () throws(AnalyticsError) in
                try PriceHistory(of: asset, in: currency, range: range, rates: market.rates)
            }, range: range, what: "quotes of \(asset) in \(currency)")
            guard !history.points.isEmpty else {
                throw ChartError("--as-of", "no prices of \(asset) in \(currency) from \(range.from.iso) to \(range.to.iso)")
            }
            warnings += history.missing.map(\.description)
            series.append(LineSeries(name: asset.rawValue, times: history.points.map { $0.time.timeIntervalSince1970 },
                                     values: history.points.map(\.value)))
            currencies.append(currency)
        }
        let sameCurrency = Set(currencies).count == 1
        let subtitle = (sameCurrency ? c.words.inCurrency(currencies[0]).capitalisedFirst + " · " : "") + c.words.range(range.from, range.to)
        let involved = zip(r.assets, currencies).flatMap { c.pricedBy($0, in: $1, rates: market.rates) }
        let footnote = c.footnote(for: involved, market: market, asOf: asOf)

        let spec: any Chart
        let title: String
        if series.count == 1 {
            title = r.title ?? c.words.priceTitle(r.assets[0].rawValue, days: days)
            let format = c.money(currencies[0], style: .price(minimum: 2, significant: 4))
            spec = LineChart(frame: r.frame(title: title, subtitle: subtitle, footnote: footnote), series: series,
                                   valueFormat: format, annotateWindow: true)
        } else {
            title = r.title ?? c.words.pricesTitle(days: days)
            let frame = r.frame(title: title, subtitle: subtitle, footnote: footnote)
            if sameCurrency && sharesOneAxis(series) {
                spec = LineChart(frame: frame, series: series, annotateWindow: false)
            } else {
                spec = SmallMultiplesChart(frame: frame, series: series)
            }
        }
        return ChartDocument(spec: spec, title: title, asOf: asOf, warnings: warnings)
    }

    static func sharesOneAxis(_ series: [LineSeries]) -> Bool {
        guard series.count <= sharedAxisMaxSeries else { return false }
        let averages = series.map { s in s.values.reduce(0, +) / Double(max(s.values.count, 1)) }
        guard let lo = averages.min(), let hi = averages.max(), lo > 0 else { return false }
        return hi / lo <= sharedAxisRatio
    }
}

extension String {
    /// "in USD" → "In USD" for the start of a subtitle.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
