import FolioAnalytics
import FolioCharts
import FolioCore

/// `annual-returns`: a portfolio's time-weighted return of each calendar year (the first and the
/// current one partial, as the subtitle's range says), as bars, losses below zero; with `--benchmark`,
/// the asset's return in the base currency over the same days of each year beside it (FolioAnalytics'
/// `Benchmark`), as QuantStats' "EOY returns vs benchmark".
struct AnnualReturnsDataset: Dataset {
    static let name = "annual-returns"
    static let kinds: [ChartKind] = [.bars]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .benchmark]

    let benchmark: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        benchmark = request.benchmark
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let years = history.returns.byPeriod(.year)
        var series = [BarSeries(name: p.portfolio.name, values: years.map(\.value), swatch: .total)]
        var warnings = history.missing.map { "left out: " + $0 }
        if let benchmark {
            let b = try input.benchmark(benchmark, on: history, base: p.portfolio.baseCurrency)
            warnings += b.missing.map { "left out: " + $0.description }
            // A year with a missing price has no bar rather than a return over fewer days.
            series.append(
                BarSeries(
                    name: benchmark.rawValue,
                    values: b.byYear(history.returns).map { $0 ?? .nan },
                    swatch: input.benchmarkSwatch(benchmark, places: frame.theme.series.count)
                )
            )
        }
        // The year in progress says so ("2018 YTD"): its bar is not a year's return.
        let asOf = input.asOf
        let inProgress = asOf != Day(year: asOf.year, month: 12, day: 31)!
        var chart = BarChart(
            frame: frame,
            groups: years.map {
                inProgress && $0.start.year == asOf.year
                    ? input.strings.yearToDate($0.start.year) : String($0.start.year)
            },
            series: series,
            valueFormat: NumberFormat(locale: input.locale, style: .percent(0))
        )
        chart.valueLabels = NumberFormat(locale: input.locale, style: .percent(1), explicitPlus: true)
        let texts = input.performanceTexts(p, history)
        return DatasetChart(
            chart: chart,
            title: input.strings.performanceTitle(p.portfolio.name, .annual),
            subtitle: texts.subtitle,
            footnote: texts.footnote,
            warnings: warnings
        )
    }
}
