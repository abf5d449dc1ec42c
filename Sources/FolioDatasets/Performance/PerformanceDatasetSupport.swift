import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

extension DayRange {
    /// Every day up to `asOf` since long before any data: a performance chart reads a portfolio's whole
    /// history, from its first activity, which a dataset does not know before the data is loaded.
    static func wholeHistory(endingAt asOf: Day) -> DayRange {
        (try? DayRange(from: Day(year: 1970, month: 1, day: 2)!, to: asOf)) ?? DayRange(day: asOf)
    }
}

extension DatasetInput {
    /// The subtitle and source line every performance chart of `p` has.
    func performanceTexts(_ p: PortfolioInputs, _ history: PerformanceHistory) -> (subtitle: String, footnote: String) {
        let base = p.portfolio.baseCurrency
        let from = history.returns.startDay ?? history.returns.days[0]
        return (strings.timeWeightedSubtitle(base, from.advanced(by: 1), asOf), footnote(valuing: p.replay.final.assets, in: base))
    }
}
