import FolioCharts
import FolioCore
import FolioDatasets

/// Small multiples of more holdings than a page of panels holds (an adviser's client with forty): the
/// largest and the biggest movers get panels, the others one row each in a table under them, so that
/// the 7-day panels fill a page, not three.
struct PanelSelection {
    /// Rows of panels a report draws at most.
    static let rows = 4

    var panels: [LineSeries]
    var largest: Int
    var movers: Int
    /// The holdings without a panel, in the order of value.
    var rest: [LineSeries]

    /// `series` in the order of value, largest first: with more than `limit`, the first half of `limit`
    /// by value, then the others that changed most over the days (up or down), most first.
    init(_ series: [LineSeries], limit: Int) {
        guard series.count > limit else {
            (panels, largest, movers, rest) = (series, series.count, 0, [])
            return
        }
        let largest = limit / 2
        func change(_ i: Int) -> Double { abs(SeriesSummary(series[i].values)?.changeFraction ?? 0) }
        let movers = series.indices.dropFirst(largest).sorted { (change($0), $1) > (change($1), $0) }
            .prefix(limit - largest)
        panels = Array(series.prefix(largest)) + movers.map { series[$0] }
        rest = series.indices.dropFirst(largest).filter { !movers.contains($0) }.map { series[$0] }
        self.largest = largest
        self.movers = movers.count
    }

    /// The holdings without a panel: the asset, the last price, the change over the days (signed, as the
    /// panels write it) and the lowest and highest price of the days; the prices' currency in the titles
    /// when they share one ("Price, USD"), else in a column of its own.
    func table(strings: Catalogue, style: ReportStyle) -> TableBlock {
        let locale = strings.locale
        let price = NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        let signed = NumberFormat(locale: locale, style: .percent(1), explicitPlus: true)
        // "T32S · USD": the panel's name is the asset and the currency it is priced in.
        let names = rest.map { $0.name.components(separatedBy: " · ") }
        let currencies = Set(names.map { $0.count > 1 ? $0[1] : "" })
        let one = currencies.count == 1 ? currencies.first.flatMap { $0.isEmpty ? nil : $0 } : nil
        let rows = zip(rest, names).map { s, name -> [String] in
            let summary = SeriesSummary(s.values)
            return [name[0]] + (currencies.count > 1 ? [name.count > 1 ? name[1] : ""] : []) + [
                summary.map { price.string($0.last) } ?? "—",
                summary?.changeFraction.map(signed.string) ?? "—",
                summary.map { price.string($0.minimum) } ?? "—",
                summary.map { price.string($0.maximum) } ?? "—",
            ]
        }
        func figures(_ title: String) -> TableColumn {
            TableColumn(
                title: one.map { title + ", " + strings.currency(AssetCode($0)) } ?? title,
                numeric: true,
                alignsDecimals: true
            )
        }
        return TableBlock(
            columns: [TableColumn(title: strings[.asset], numeric: false)]
                + (currencies.count > 1 ? [TableColumn(title: strings[.currency], numeric: false)] : [])
                + [
                    figures(strings[.price]), TableColumn(title: strings[.change], numeric: true, alignsDecimals: true),
                    figures(strings.low), figures(strings.high),
                ],
            rows: rows,
            style: style
        )
    }
}
