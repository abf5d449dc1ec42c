import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

/// The analytics behind the portfolio report, computed once from the input: value over time for the
/// change tiles, income, allocation, the holdings valued at the as-of day and their daily closes.
public struct PortfolioReportData: Sendable {
    public let input: PortfolioReportInput
    public let locale: ChartLocale
    let strings: Catalogue
    public let base: AssetCode
    /// Value, net deposits and income from the end of the year before as-of (or a month back) to as-of.
    let series: ValueSeries
    let income: PortfolioIncome
    let valuation: HoldingsValuation
    /// Held assets other than the base currency, largest value first.
    let held: [ValuedAsset]
    let money: NumberFormat
    /// The charts, drawn by their datasets from this report's data.
    let charts: DatasetCharts

    public init(_ input: PortfolioReportInput, locale: ChartLocale) {
        self.input = input
        self.locale = locale
        self.strings = Catalogue.for(locale)
        let base = input.portfolio.baseCurrency
        self.base = base
        let asOf = input.asOf
        let start = min(asOf.addingMonths(-1), asOf.advanced(by: -30), Day(year: asOf.year - 1, month: 12, day: 31)!)
        let range = (try? DayRange(from: start, to: asOf)) ?? DayRange(day: asOf)
        series = ValueSeries(replay: input.replay, rates: input.rates, base: base, range: range)
        valuation = input.inputs.valuation(at: asOf)
        income = input.inputs.income(at: asOf, valuation: valuation)
        held = valuation.assets.filter { $0.quantity > HoldingsReplay.zeroTolerance && $0.asset != base }
            .sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
        money = NumberFormat(locale: locale, style: .decimal(2), currency: Currency(code: base.rawValue))
        var request = ChartRequest(kind: .line)
        request.portfolio = input.portfolio.name
        request.locale = locale
        request.benchmark = input.benchmark
        charts = DatasetCharts(
            input: DatasetInput(portfolio: input.inputs, market: input.inputs.market, asOf: asOf, locale: locale),
            base: request,
            subjects: [.portfolio, .assetsOrPortfolio]
        )
    }

    /// The gain since `day` (`ValueGain`): what the market did, not what was paid in or taken out; the
    /// value chart's headline shows the same.
    func change(since day: Day) -> ValueGain? { series.gain(since: day, through: input.asOf) }

    public var diagnostics: [NegativeBalance] { input.replay.diagnostics }
}
