import FolioAnalytics
import FolioCharts
import FolioCore

/// `monthly-returns`: a portfolio's time-weighted return of each month (FolioAnalytics' `ReturnSeries`,
/// the days compounded), years down and months across with the year's return last; a heatmap.
struct MonthlyReturnsDataset: Dataset {
    static let name = "monthly-returns"
    static let kinds: [ChartKind] = [.heatmap]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio]

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let months = history.returns.byPeriod(.month)
        let years = history.returns.byPeriod(.year)
        let values = years.map { year in
            (1...12).map { m in months.first { $0.start.year == year.start.year && $0.start.month == m }?.value ?? .nan
            } + [year.value]
        }
        let chart = HeatmapChart(
            frame: frame,
            rowLabels: years.map { String($0.start.year) },
            columnLabels: input.locale.monthAbbreviations + [input.strings[.year]],
            values: values,
            totalColumns: 1,
            format: NumberFormat(locale: input.locale, style: .percent(1))
        )
        let texts = input.performanceTexts(p, history)
        return DatasetChart(
            chart: chart,
            title: input.strings.performanceTitle(p.portfolio.name, .monthly),
            subtitle: texts.subtitle,
            footnote: texts.footnote,
            warnings: history.missing.map { "left out: " + $0 }
        )
    }
}
