import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// One asset, one colour (docs/chart-style.md): one map per portfolio, used by every chart of its report,
/// its daily images and `folio chart … --portfolio` alike, since all of them ask here.
///
/// The portfolio's seven largest holdings by value at the end of the as-of day (ties by code; dust worth
/// less than 0.05 % of the whole aside) take the palette's first seven places, largest first, as the
/// pie's slices run. Every other asset the
/// portfolio has held is grey: inside "Other" wherever assets are summed (the pie, the bars) and grey
/// where it is drawn alone (a 7-day panel), so that an asset is never black on one page and "Other" on
/// the next. An asset outside the portfolio (a benchmark, one named with `--asset`) takes a place none
/// of the seven has, the eighth first, so that it never looks like one of them.
struct AssetPalette: Sendable {
    /// Places of the theme's eight that holdings take; the eighth is left to assets outside the portfolio.
    static let named = 7

    let places: [AssetCode: Int]
    let held: Set<AssetCode>

    init(ranked: [AssetCode], held: Set<AssetCode>) {
        places = Dictionary(uniqueKeysWithValues: ranked.prefix(Self.named).enumerated().map { ($1, $0) })
        self.held = held.union(ranked)
    }

    /// The asset's swatch in this portfolio; nil for an asset the portfolio never held.
    func swatch(_ asset: AssetCode) -> Swatch? {
        if let place = places[asset] { return .palette(place) }
        return held.contains(asset) ? .other : nil
    }
}

extension DatasetInput {
    /// The portfolio's colour map: its holdings by value at the end of the as-of day, largest first, and
    /// every asset its ledger touched.
    func palette(_ p: PortfolioInputs) -> AssetPalette {
        memo.value("palette") {
            // Dust worth less than 0.05 % of the whole (a pie would print 0.0 %) takes no colour of its own.
            let valuation = valuation(p)
            let whole = valuation.assets.compactMap(\.value).filter { $0 > 0 }.reduce(0, +)
            let ranked = valuation.assets.filter { ($0.value ?? 0) >= 0.0005 * whole }
                .sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
                .map(\.asset)
            // Every asset the ledger touched: what it traded, paid in and held, dust included.
            let touched =
                p.trades.flatMap { [$0.asset, $0.priceCurrency, $0.feeCurrency] } + p.cashTransactions.map(\.currency)
            return AssetPalette(ranked: ranked, held: Set(touched + valuation.assets.map(\.asset)))
        }
    }

    /// The swatches of `assets` as one chart shows them, in their order: the portfolio's map; assets
    /// outside it take the places its holdings leave (`places` is the theme's count), then grey. With
    /// no portfolio, the assets take the places in the order the chart names them.
    func swatches(_ assets: [AssetCode], places: Int) -> [Swatch] {
        guard let p = portfolio else { return assets.indices.map { $0 < places ? .palette($0) : .other } }
        let palette = palette(p)
        var free = (min(AssetPalette.named, places)..<places).makeIterator()
        return assets.map { palette.swatch($0) ?? free.next().map(Swatch.palette) ?? .other }
    }

    /// A benchmark's colour beside the portfolio's own line or bars (the palette's first place): the
    /// asset's colour in the portfolio's map, as every other chart draws it (grey when it is in "Other"),
    /// and grey too when that is the first place, which the portfolio's line has here.
    func benchmarkSwatch(_ asset: AssetCode, places: Int) -> Swatch {
        let swatch = swatches([asset], places: places)[0]
        return swatch == .palette(0) ? .other : swatch
    }

    /// The place in the palette the portfolio's map gives `asset`, nil when it is grey "Other" (or with
    /// no portfolio): the order a chart lists the assets that have a colour of their own.
    func colourPlace(_ asset: AssetCode) -> Int? {
        portfolio.flatMap { palette($0).places[asset] }
    }
}
