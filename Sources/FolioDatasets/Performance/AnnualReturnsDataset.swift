import FolioAnalytics
import FolioCharts
import FolioCore

/// `annual-returns`: a portfolio's time-weighted return of each calendar year (the first and the
/// current one partial, as the subtitle's range says), as bars, losses below zero.
public struct AnnualReturnsDataset: Dataset {
    public static let name = "annual-returns"
    public static let kinds: [ChartKind] = [.bars]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio]

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
    }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let years = history.returns.byPeriod(.year)
        let chart = BarChart(frame: frame, groups: years.map { String($0.start.year) },
                             series: [BarSeries(name: p.portfolio.name, values: years.map(\.value))],
                             valueFormat: NumberFormat(locale: input.locale, style: .percent(0)))
        let texts = input.performanceTexts(p, history)
        return DatasetChart(chart: chart, title: input.strings.performanceTitle(p.portfolio.name, .annual), subtitle: texts.subtitle,
                            footnote: texts.footnote, warnings: history.missing.map { "left out: " + $0 })
    }
}
