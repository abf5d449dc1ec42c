import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import Foundation

/// One chart ready to write: the chart with its texts, the day its data ends, and warnings for stderr.
public struct ChartDocument: Sendable {
    public var chart: any Chart
    public var asOf: Day
    public var warnings: [String]

    public var title: String { chart.frame.title }
    /// A PDF's creation date: the data's as-of day, so that the same data gives the same bytes.
    public var creationDate: String { asOf.iso + "T00:00:00Z" }
}

/// A chart drawn alone (`folio chart`, a chart job of `folio batch`): the request → its dataset → the
/// subject's data read from the store for the days the dataset shows (only those quotes: a chart is one
/// process start, where reading every quote would take most of its time) → the dataset's chart with the
/// title, subtitle and source line of a chart that stands on its own.
public enum ChartPipeline {
    /// `prices`: where the quotes come from (default: those of `inputs`; a batch passes its `PriceCache`).
    /// `ledger`: the portfolio's ledger when the caller has read it already.
    public static func document(
        _ request: ChartRequest,
        inputs: StoredInputs,
        prices: (any PriceBookSource)? = nil,
        ledger preloaded: PortfolioLedger? = nil
    ) throws -> ChartDocument {
        let dataset = try request.dataset()
        let source = prices ?? inputs.prices
        let known = Set(try source.assets().map(\.code))
        if let unknown = request.assets.first(where: { !known.contains($0) }) {
            throw ArgumentError("--asset", "unknown asset \(unknown) (see `folio info`)")
        }
        if let currency = request.currency, !known.contains(currency) {
            throw ArgumentError("--currency", "unknown currency \(currency) (see `folio info`)")
        }
        let subject = type(of: dataset).subject
        var ledger: PortfolioLedger?
        // A portfolio named beside assets still gives the chart its colour map (`AssetPalette`): AAPL is
        // drawn in the colour the portfolio's report draws it in.
        if subject == .portfolio || subject == .assetsOrPortfolio, let name = request.portfolio {
            ledger = try preloaded ?? inputs.ledger(portfolio: name)
        }
        let budget = subject == .budget ? try inputs.budgetEntries() : []
        let asOf = try request.asOf ?? defaultAsOf(request, ledger: ledger, budget: budget, source: source)
        let days = dataset.quoteDays(endingAt: asOf) ?? DayRange(day: asOf)
        // A portfolio's figures are values at day ends and conversions at its trades' moments: the
        // valuation book of what it touched answers them as every quote would, in one quote per series
        // and day, whatever intraday history the database holds. Prices are drawn as quoted, every quote.
        var valued: PortfolioInputs?
        if subject == .portfolio, let ledger {
            let compared = MarketOptions(assets: Set(request.assets + [request.benchmark].compactMap { $0 }))
            valued = try PortfolioInputs.loadValued(
                ledger,
                prices: source,
                options: compared,
                from: days.from.start,
                asOf: asOf
            )
        }
        let market = try valued?.market ?? MarketInputs.load(source, options: MarketOptions(), range: days)
        let portfolio = valued ?? ledger.map { PortfolioInputs($0, market: market) }
        let input = DatasetInput(
            portfolio: portfolio,
            market: market,
            budget: budget,
            asOf: asOf,
            locale: request.locale
        )
        let built = try dataset.build(
            input,
            as: request.kind,
            frame: request.frame(title: "", subtitle: "", footnote: "")
        )
        var chart = built.chart
        chart.frame.title = request.title ?? built.title
        chart.frame.subtitle = built.subtitle
        chart.frame.footnote = built.footnote
        return ChartDocument(chart: chart, asOf: asOf, warnings: built.warnings)
    }

    /// The last day with data of the request's subject (`AsOf`).
    static func defaultAsOf(
        _ request: ChartRequest,
        ledger: PortfolioLedger?,
        budget: [BudgetEntry],
        source: any PriceBookSource
    ) throws -> Day {
        // Named assets end on their own last day, a portfolio named beside them or not.
        if !request.assets.isEmpty {
            switch AsOf.assets(request.assets, in: request.currency, lastQuotes: try source.lastQuotes()) {
            case .success(let day): return day
            case .failure(let missing): throw ArgumentError("--asset", "no quotes of \(missing.asset) in the database")
            }
        }
        if let ledger {
            guard let day = try AsOf.portfolio(ledger, prices: source) else {
                throw ArgumentError("--portfolio", "\"\(ledger.portfolio.name)\" has no trades or transactions yet")
            }
            return day
        }
        guard let last = AsOf.budget(budget) else {
            throw ArgumentError("--by", "the database holds no budget entries")
        }
        return last
    }
}
