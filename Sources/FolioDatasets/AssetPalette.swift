import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// One asset, one colour (CHART-STYLE.md): the place in the theme's palette an asset is drawn in, the
/// same in every chart of a report and in `folio chart`, since all of them ask here.
///
/// A portfolio's assets take the places in order of their value at the end of the as-of day, largest
/// first (ties by code): the pie's slices, largest first, run through the palette in its order, and
/// the bars, lines and panels of the same assets repeat their slices' colours. The places are the
/// theme's eight, and the portfolio's first eight assets keep theirs everywhere; any other asset a
/// chart shows (a smaller holding, one sold before the as-of day, an asset named with `--asset`) takes
/// the first place that chart leaves free, so that the colours within one chart stay apart; with none
/// left it is grey, as CHART-STYLE.md draws the rest beyond eight series.
extension DatasetInput {
    /// The swatches of `assets` as one chart shows them, in their order.
    func swatches(_ assets: [AssetCode], places: Int) -> [Swatch] {
        let ranked = portfolio.map(ranking) ?? []
        let kept: [Int?] = assets.map { asset in ranked.firstIndex(of: asset).flatMap { $0 < places ? $0 : nil } }
        var free = (0..<places).filter { !kept.contains($0) }.makeIterator()
        // Past the palette's end the rest are grey, as the pie's and the bars' "Other" that holds them.
        return kept.map { place in (place ?? free.next()).map(Swatch.palette) ?? .other }
    }

    /// The portfolio's assets, base currency included, by value at the end of the as-of day, largest first.
    private func ranking(_ p: PortfolioInputs) -> [AssetCode] {
        memo.value("palette") {
            valuation(p).assets.sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
                .map(\.asset)
        }
    }
}
