import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs
import Foundation
import Synchronization

/// What datasets are built from: the subject's data loaded for the days they show, the as-of day and the
/// language. `folio chart` loads it for one chart (`ChartPipeline`); a report loads it once and builds
/// all its charts from it, and the memo then computes what several of them share (a year of closes,
/// month-end valuations) once.
public struct DatasetInput: Sendable {
    public let portfolio: PortfolioInputs?
    public let market: MarketInputs
    public let budget: [BudgetEntry]
    public let asOf: Day
    public let strings: Catalogue
    let memo = DatasetMemo()

    public init(
        portfolio: PortfolioInputs?,
        market: MarketInputs,
        budget: [BudgetEntry] = [],
        asOf: Day,
        locale: ChartLocale
    ) {
        self.portfolio = portfolio
        self.market = market
        self.budget = budget
        self.asOf = asOf
        self.strings = Catalogue.for(locale)
    }

    public var locale: ChartLocale { strings.locale }
    public var rates: CrossRates { market.rates }

    /// The portfolio a dataset about one needs; the request was checked for `--portfolio` already, so
    /// this fails only for a caller that built the input without one.
    func requirePortfolio(_ dataset: String) throws -> PortfolioInputs {
        guard let portfolio else { throw ArgumentError("--portfolio", "\(dataset) needs a portfolio") }
        return portfolio
    }

    /// Money in `code` for labels and cells: the currency's symbol when FolioCharts knows it, else the
    /// number alone (the code is in the subtitle or the column title).
    public func money(_ code: AssetCode, style: NumberFormat.Style) -> NumberFormat {
        NumberFormat(locale: locale, style: style, currency: Currency(code: code.rawValue))
    }

    /// The currency an asset is shown in without `--currency`: the currency of its own quotes (AAPL →
    /// USD, USD → UAH through the NBU rate), dollars first when it is quoted in several.
    func defaultCurrency(of asset: AssetCode) -> AssetCode {
        let quotedIn = market.book.pairs.filter { $0.asset == asset }.map(\.currency)
        for preferred in [AssetCode.usd, .uah, .eur] where quotedIn.contains(preferred) { return preferred }
        return quotedIn.first ?? (asset == .usd ? .uah : .usd)
    }

    /// The assets whose quotes price `asset` in `currency`: those quoted on each leg of the route (AAPL in
    /// UAH: AAPL's closes, then NBU's USD rate), so that the source line names only sources used.
    func pricedBy(_ asset: AssetCode, in currency: AssetCode) -> [AssetCode] {
        rates.route(from: asset, to: currency)?.legs.map(\.pair.asset) ?? [asset]
    }

    /// The source and as-of line: where the quotes of `codes` came from, in words a reader knows.
    func footnote(for codes: [AssetCode], extra: [String] = []) -> String {
        let raw = Set(codes.flatMap { market.sources(of: $0) })
        let names = (raw.map(strings.source) + extra).sorted()
        return ChartFrame.footnote(
            source: names.isEmpty ? nil : names.joined(separator: ", "),
            asOf: asOf,
            locale: locale
        )
    }

    /// The source line of values of `assets` in `base`: the sources on each asset's route to `base`.
    func footnote(valuing assets: [AssetCode], in base: AssetCode) -> String {
        footnote(for: assets.filter { $0 != base }.flatMap { pricedBy($0, in: base) })
    }

    /// Analytics errors name the analytics API's arguments; a chart's user typed other ones.
    func rethrow<T>(
        _ body: () throws(AnalyticsError) -> T,
        range: DayRange,
        what: String,
        currencyGiven: Bool
    ) throws -> T {
        do {
            return try body()
        } catch .emptyRange {
            throw ArgumentError(
                "--as-of",
                "no \(what) from \(range.from.iso) to \(range.to.iso) (try another --as-of or more --days)"
            )
        } catch .unknownAsset(let asset, _) {
            throw ArgumentError(
                currencyGiven ? "--currency" : "--asset",
                "no quotes link \(asset) to the chart's currency"
            )
        } catch {
            throw ArgumentError(currencyGiven ? "--currency" : "--asset", error.description)
        }
    }
}

/// Results several datasets of one input share, computed by the first that asks.
final class DatasetMemo: Sendable {
    private let values = Mutex<[String: any Sendable]>([:])

    func value<T: Sendable>(_ key: String, _ make: () throws -> T) rethrows -> T {
        // Unwrapped before the cast: `nil as? T` succeeds when T is itself an Optional, and would return
        // "nothing" for a key never computed.
        if let stored = values.withLock({ $0[key] }), let known = stored as? T { return known }
        let made = try make()
        values.withLock { $0[key] = made }
        return made
    }
}

extension DayRange {
    /// `count` days ending at `end`, `end` included.
    public static func days(_ count: Int, endingAt end: Day) -> DayRange {
        DayRange(from: end.advanced(by: -(Swift.max(count, 1) - 1)), unchecked: end)
    }

    /// `count` calendar months up to `end`: from the first of the earliest month to `end`.
    public static func months(_ count: Int, endingAt end: Day) -> DayRange {
        let first = Day(year: end.year, month: end.month, day: 1)!.addingMonths(-(Swift.max(count, 1) - 1))
        return DayRange(from: first, unchecked: end)
    }

    /// For ranges built from a count already known to be positive.
    init(from: Day, unchecked to: Day) {
        do { self = try .init(from: from, to: to) } catch { self = .init(day: to) }
    }
}
