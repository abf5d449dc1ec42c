import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import FolioRender
import FolioStore

/// One chart ready to render: its spec, the day its data ends, and warnings for stderr (values left out
/// because a quote was missing).
struct ChartDocument {
    var spec: any Chart
    var title: String
    var asOf: Day
    var warnings: [String] = []

    /// The PDF's creation date is the data's as-of day, so the same data gives the same bytes.
    var metadata: PDFMetadata { PDFMetadata(title: title, creationDate: asOf.iso + "T00:00:00Z") }

    /// The pipeline of `folio chart`: arguments → store rows (only the days the chart shows) → analytics
    /// results → a chart spec (one builder per kind in this folder) → `Renderer` in `ChartCommand`.
    /// `prices`: where the chart's price book comes from (default: the store; a batch passes its `PriceCache`).
    static func make(_ request: ChartRequest, store: Store, prices: (any PriceBookSource)? = nil) throws -> ChartDocument {
        let context = try ChartContext(request: request, store: store, prices: prices ?? store)
        switch request.kind {
        case .line, .smallMultiples: return try PriceLineSpec.make(context)
        case .compare: return try CompareSpec.make(context)
        case .pie, .donut:
            return request.grouping == .budgetCategory ? try BudgetPieSpec.make(context) : try AllocationSpec.make(context)
        case .bars: return try CompositionSpec.make(context)
        case .hbars: return try CashFlowSpec.make(context)
        case .correlation: return try CorrelationSpec.make(context)
        case .table: return try HoldingsTableSpec.make(context)
        }
    }
}

/// What every chart builder starts from: the request, the store, the assets the store knows, and the
/// helpers that pick defaults (as-of day, currency) the same way for every kind.
struct ChartContext {
    let request: ChartRequest
    let store: Store
    let prices: any PriceBookSource
    let assets: [Asset]
    let words: ChartWords

    init(request: ChartRequest, store: Store, prices: any PriceBookSource) throws {
        self.request = request
        self.store = store
        self.prices = prices
        assets = try prices.assets()
        words = ChartWords(locale: request.locale)
        let known = Set(assets.map(\.code))
        if let unknown = request.assets.first(where: { !known.contains($0) }) {
            throw ChartError("--asset", "unknown asset \(unknown) (see `folio info`)")
        }
        if let currency = request.currency, !known.contains(currency) {
            throw ChartError("--currency", "unknown currency \(currency) (see `folio info`)")
        }
    }

    func asset(_ code: AssetCode) -> Asset? { assets.first { $0.code == code } }

    /// The last day every one of `codes` has a quote (the earliest of their last days), so that none of
    /// them is empty in a window ending there; `--as-of` when given.
    func asOf(assets codes: [AssetCode]) throws -> Day {
        if let day = request.asOf { return day }
        switch AsOf.assets(codes, lastQuotes: try prices.lastQuotes()) {
        case .success(let day): return day
        case .failure(let missing): throw ChartError("--asset", "no quotes of \(missing.asset) in the database")
        }
    }

    /// For a portfolio: the last day every holding with quotes still has one, but not before its last
    /// trade or transfer (a portfolio of cash only ends there); `--as-of` when given.
    func asOf(_ ledger: PortfolioLedger) throws -> Day {
        if let day = request.asOf { return day }
        guard let day = AsOf.portfolio(ledger, lastQuotes: try prices.lastQuotes()) else {
            throw ChartError("--portfolio", "\"\(ledger.portfolio.name)\" has no trades or transactions yet")
        }
        return day
    }

    /// The currency an asset is charted in when `--currency` is not given: the currency of its own
    /// quotes (AAPL → USD, USD → UAH through the NBU rate), dollars first when it is quoted in several.
    func defaultCurrency(of asset: AssetCode, book: PriceBook) -> AssetCode {
        let quotedIn = book.pairs.filter { $0.asset == asset }.map(\.currency)
        for preferred in [AssetCode.usd, .uah, .eur] where quotedIn.contains(preferred) { return preferred }
        return quotedIn.first ?? (asset == .usd ? .uah : .usd)
    }

    /// The assets whose quotes price `asset` in `currency`: those quoted on each leg of the route (AAPL in
    /// UAH: AAPL's closes, then NBU's USD rate), so that the source line names only sources the chart used.
    func pricedBy(_ asset: AssetCode, in currency: AssetCode, rates: CrossRates) -> [AssetCode] {
        rates.route(from: asset, to: currency)?.legs.map(\.pair.asset) ?? [asset]
    }

    /// The source/as-of line: where the quotes of `codes` came from, in words a reader knows.
    func footnote(for codes: [AssetCode], market: MarketInputs, asOf: Day, extra: [String] = []) -> String {
        let raw = Set(codes.flatMap { market.sources(of: $0) })
        let names = (raw.map(words.source) + extra).sorted()
        return ChartFrame.footnote(source: names.isEmpty ? nil : names.joined(separator: ", "), asOf: asOf,
                                   locale: request.locale)
    }

    /// The source line of values of `assets` in `base`: the sources on each asset's route to `base`.
    func footnote(valuing assets: [AssetCode], in base: AssetCode, market: MarketInputs, asOf: Day) -> String {
        footnote(for: assets.filter { $0 != base }.flatMap { pricedBy($0, in: base, rates: market.rates) }, market: market, asOf: asOf)
    }

    /// Money in `code` for labels and cells: the currency's symbol when FolioCharts knows it, else the
    /// number alone (the code is in the subtitle).
    func money(_ code: AssetCode, style: NumberFormat.Style) -> NumberFormat {
        NumberFormat(locale: request.locale, style: style, currency: Currency(code: code.rawValue))
    }

    /// Quotes from the staleness limit before `range` to its end: the chart's share of the database.
    func market(_ range: DayRange) throws -> MarketInputs {
        try MarketInputs.load(prices, options: MarketOptions(), range: range)
    }

    /// Throws the "no data" error naming `--as-of` when the range holds no quote of `asset` at all: what
    /// the analytics would report as "no route" is, to the user, a window before or after the data.
    func requireQuotes(of asset: AssetCode, in market: MarketInputs, range: DayRange) throws {
        guard market.book.pairs.contains(where: { $0.asset == asset || $0.currency == asset }) else {
            throw ChartError("--as-of", "no quotes of \(asset) from \(range.from.iso) to \(range.to.iso)")
        }
    }

    /// Analytics errors carry the argument names of the analytics API; a chart's user typed other ones.
    func rethrow<T>(_ body: () throws(AnalyticsError) -> T, range: DayRange, what: String) throws -> T {
        do {
            return try body()
        } catch .emptyRange {
            throw ChartError("--as-of", "no \(what) from \(range.from.iso) to \(range.to.iso) (try another --as-of or more --days)")
        } catch .unknownAsset(let asset, _) {
            throw ChartError(request.currency == nil ? "--asset" : "--currency", "no quotes link \(asset) to the chart's currency")
        } catch {
            throw ChartError(request.currency != nil ? "--currency" : "--asset", error.description)
        }
    }

    /// A day range ending at `end` that covers `count` days.
    static func days(_ count: Int, endingAt end: Day) -> DayRange {
        DayRange(from: end.advanced(by: -(count - 1)), unchecked: end)
    }

    /// The months `count` calendar months up to `end`: from the first of the earliest month to `end`.
    static func months(_ count: Int, endingAt end: Day) -> DayRange {
        let first = Day(year: end.year, month: end.month, day: 1)!.addingMonths(-(count - 1))
        return DayRange(from: first, unchecked: end)
    }
}

extension DayRange {
    /// For ranges built from a count that is already checked to be positive.
    init(from: Day, unchecked to: Day) {
        do { self = try .init(from: from, to: to) } catch { self = .init(day: to) }
    }
}
