import FolioAnalytics
import FolioCharts
import FolioCore

/// `drawdown`: how far a portfolio's time-weighted growth was below its running peak on each counted
/// day since its first activity (FolioAnalytics' `DrawdownSeries`), the deepest trough marked.
struct DrawdownDataset: Dataset {
    static let name = "drawdown"
    static let kinds: [ChartKind] = [.drawdown]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio]

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let drawdowns = history.drawdowns
        // The start (the first day of the figures since inception, at the peak; the subtitle's first day)
        // anchors the curve at zero.
        let start = (history.returns.firstDay ?? history.returns.startDay).map { [$0] } ?? []
        let chart = DrawdownChart(
            frame: frame,
            times: (start + drawdowns.days).map { $0.start.timeIntervalSince1970 },
            depths: start.map { _ in 0 } + drawdowns.depth
        )
        let texts = input.performanceTexts(p, history)
        return DatasetChart(
            chart: chart,
            title: input.strings.performanceTitle(p.portfolio.name, .drawdown),
            subtitle: texts.subtitle,
            footnote: texts.footnote,
            warnings: history.missing.map { "left out: " + $0 }
        )
    }
}
