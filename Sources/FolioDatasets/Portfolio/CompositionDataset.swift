import FolioAnalytics
import FolioCharts
import FolioCore

/// `composition`: a portfolio's holdings valued at each month end of the last `--months` months
/// (FolioAnalytics' `CompositionByPeriod`), one cluster per month and one bar per asset; `--percent`
/// draws each month as a bar stacked to 100 % from the assets' shares of what it held.
struct CompositionDataset: Dataset {
    static let name = "composition"
    static let kinds: [ChartKind] = [.bars]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .months, .percent, .currency]

    /// The palette's distinguishable colours: beyond this, the smallest assets share one "Other" bar.

    let months: Int
    let percent: Bool
    let currency: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else {
            throw ArgumentError("--portfolio", "\(request.kind.rawValue) needs a portfolio")
        }
        months = request.months ?? 12
        percent = request.percent
        currency = request.currency
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .months(months, endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let base = currency ?? p.portfolio.baseCurrency
        let range = DayRange.months(months, endingAt: input.asOf)
        let composition = input.composition(p, base: base, months: months)
        guard !composition.assets.isEmpty else {
            throw ArgumentError(
                "--as-of",
                "\"\(p.portfolio.name)\" held nothing from \(range.from.iso) to \(range.to.iso)"
            )
        }
        let groups = composition.periods.enumerated().map { i, period in
            input.strings.month(Day(year: period.day.year, month: period.day.month, day: 1)!, showYear: i == 0)
        }
        let all = composition.assets.enumerated().map { a, asset in
            BarSeries(name: asset.rawValue, values: composition.periods.map { $0.values[a] ?? .nan })
        }
        // Values and shares alike are stacks of the same parts, in the colour map's order and colours: an
        // asset grey in the map is inside "Other" here as in the pie.
        let mode: BarChart.Mode = percent ? .shares : .stacked
        func place(_ s: BarSeries) -> Int? { input.colourPlace(AssetCode(s.name)) }
        let own = all.filter { place($0) != nil }.sorted { place($0)! < place($1)! }
        var series = BarSeries.keeping(
            own + all.filter { place($0) == nil },
            where: { place($0) != nil },
            otherName: input.locale.other,
            for: mode
        )
        let assets = series.indices.filter { series[$0].swatch != .other }
        for (i, swatch) in zip(
            assets,
            input.swatches(assets.map { AssetCode(series[$0].name) }, places: frame.theme.series.count)
        ) {
            series[i].swatch = swatch
        }
        let chart = BarChart(
            frame: frame,
            groups: groups,
            series: series,
            mode: mode,
            valueFormat: percent ? nil : input.money(base, style: .decimal(0))
        )
        return DatasetChart(
            chart: chart,
            title: input.strings.compositionTitle(p.portfolio.name, percent: percent),
            subtitle: input.strings.compositionSubtitle(base, from: range.from, to: input.asOf, percent: percent),
            footnote: input.footnote(valuing: composition.assets, in: base),
            warnings: composition.missing.map { "left out: " + $0.description }
        )
    }
}
