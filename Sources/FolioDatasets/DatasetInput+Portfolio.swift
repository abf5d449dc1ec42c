import FolioAnalytics
import FolioCore
import FolioInputs
import Foundation

/// What the portfolio datasets share, each computed once per input.
extension DatasetInput {
    /// The holdings at the end of the as-of day, valued in the base currency.
    func valuation(_ p: PortfolioInputs) -> HoldingsValuation {
        memo.value("valuation") { p.valuation(at: asOf) }
    }

    /// What is held at the end of the as-of day other than the base currency, largest value first: the
    /// assets whose prices and returns the portfolio's price charts show.
    func held(_ p: PortfolioInputs) -> [ValuedAsset] {
        memo.value("held") {
            let base = p.portfolio.baseCurrency
            return valuation(p).assets.filter { $0.quantity > HoldingsReplay.zeroTolerance && $0.asset != base }
                .sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
        }
    }

    /// The currency a held asset's own prices are in, on its way to the base (AAPL in USD, USD in UAH);
    /// nil for what has no price of its own.
    func pricingCurrency(of asset: AssetCode, base: AssetCode) -> AssetCode? {
        let currency = rates.pricingCurrency(of: asset, towards: base) ?? base
        return currency == asset ? nil : currency
    }

    /// Daily values, transfers and time-weighted returns since the portfolio's first activity, shared by
    /// the performance datasets; throws when nothing happened by the as-of day.
    public func performance(_ p: PortfolioInputs) throws -> PerformanceHistory {
        let history: PerformanceHistory? = memo.value("performance") { p.performance(endingAt: asOf) }
        guard let history, !history.returns.days.isEmpty else {
            throw ArgumentError("--as-of", "\"\(p.portfolio.name)\" has no day with a return up to \(asOf.iso)")
        }
        return history
    }

    /// One asset's prices over `range` in `currency`, shared by the datasets that read the same span.
    func history(_ asset: AssetCode, in currency: AssetCode, range: DayRange) throws(AnalyticsError) -> PriceHistory {
        let key = "history \(asset) \(currency) \(range.from) \(range.to)"
        let made: Result<PriceHistory, AnalyticsError> = memo.value(key) {
            Result { () throws(AnalyticsError) -> PriceHistory in
                try PriceHistory(of: asset, in: currency, range: range, rates: rates)
            }
        }
        return try made.get()
    }

    /// The prices of an asset the user named (`--asset`) in `currency` over `range`, for the datasets
    /// that draw named assets: an asset without quotes is named as such before any route is looked for,
    /// and analytics errors come back in the chart's flags (`rethrow`).
    func namedHistory(
        _ asset: AssetCode,
        in currency: AssetCode,
        range: DayRange,
        currencyGiven: Bool
    ) throws -> PriceHistory {
        guard market.book.pairs.contains(where: { $0.asset == asset || $0.currency == asset }) else {
            throw ArgumentError("--as-of", "no quotes of \(asset) from \(range.from.iso) to \(range.to.iso)")
        }
        return try rethrow(
            { () throws(AnalyticsError) in try history(asset, in: currency, range: range) },
            range: range,
            what: "quotes of \(asset) in \(currency)",
            currencyGiven: currencyGiven
        )
    }

    /// Daily closes of `assets` over `range`, each in `currency` or else in its pricing currency; assets
    /// without prices there are left out and named in the warnings.
    func closes(
        of assets: [AssetCode],
        in currency: AssetCode?,
        base: AssetCode,
        range: DayRange
    )
        -> (closes: [AssetCode: [DatedValue]], currencies: [AssetCode: AssetCode], warnings: [String])
    {
        var closes: [AssetCode: [DatedValue]] = [:]
        var currencies: [AssetCode: AssetCode] = [:]
        var warnings: [String] = []
        for asset in assets {
            guard let target = currency ?? pricingCurrency(of: asset, base: base), target != asset else { continue }
            do {
                let history = try history(asset, in: target, range: range)
                closes[asset] = history.dailyCloses
                currencies[asset] = target
                warnings += history.missing.map(\.description)
            } catch {
                warnings.append("left out \(asset): no prices from \(range.from.iso) to \(range.to.iso)")
            }
        }
        return (closes, currencies, warnings)
    }

    /// Dividends and interest paid up to the as-of day and projected for the twelve months after it, for
    /// the income chart and the report's income tables alike.
    public func incomeProjection(_ p: PortfolioInputs) -> IncomeProjection {
        memo.value("income projection") { p.incomeProjection(at: asOf, valuation: valuation(p)) }
    }

    /// Month-end values by asset over `months` months, shared by the values and the percent chart
    /// (valuing every month end is the costliest step of a report).
    func composition(_ p: PortfolioInputs, base: AssetCode, months: Int) -> CompositionByPeriod {
        memo.value("composition \(base) \(months)") {
            CompositionByPeriod(
                replay: p.replay,
                rates: rates,
                base: base,
                range: .months(months, endingAt: asOf),
                period: .month
            )
        }
    }
}
