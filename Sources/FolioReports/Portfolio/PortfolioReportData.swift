import Foundation
import FolioAnalytics
import FolioCharts
import FolioCore

/// The analytics behind the portfolio report, computed once from the input: value over time for the
/// change tiles, income, allocation, the holdings valued at the as-of day and their daily closes.
public struct PortfolioReportData: Sendable {
    public let input: PortfolioReportInput
    public let locale: ChartLocale
    let strings: Catalogue
    public let base: AssetCode
    /// Value, net deposits and income from the start of the year before as-of (or 30 days back) to as-of.
    let series: ValueSeries
    let income: RealisedIncome
    let valuation: HoldingsValuation
    /// Held assets other than the base currency, largest value first.
    let held: [ValuedAsset]
    /// Daily closes in each held asset's pricing currency over the year to as-of.
    let closes: [AssetCode: [DatedValue]]
    let money: NumberFormat
    /// Composition by month over the default 12 months, shared by the values and the percent chart
    /// (valuing every month end is the costliest step of the report).
    let composition: CompositionByPeriod

    static let defaultCompositionMonths = 12

    public init(_ input: PortfolioReportInput, locale: ChartLocale) {
        self.input = input
        self.locale = locale
        self.strings = Catalogue.for(locale)
        let base = input.portfolio.baseCurrency
        self.base = base
        let asOf = input.asOf
        let start = min(asOf.advanced(by: -30), Day(year: asOf.year - 1, month: 12, day: 31)!)
        let range = (try? DayRange(from: start, to: asOf)) ?? DayRange(day: asOf)
        series = ValueSeries(replay: input.replay, rates: input.rates, base: base, range: range)
        income = RealisedIncome(trades: input.trades, asOf: asOf.end, rates: input.rates, base: base)
        valuation = input.rates.value(input.replay.holdings(at: asOf.end), in: base)
        held = valuation.assets.filter { $0.quantity > HoldingsReplay.zeroTolerance && $0.asset != base }
            .sorted { ($0.value ?? -.infinity, $1.asset.rawValue) > ($1.value ?? -.infinity, $0.asset.rawValue) }
        var closes: [AssetCode: [DatedValue]] = [:]
        let year = (try? DayRange(from: asOf.advanced(by: -365), to: asOf)) ?? DayRange(day: asOf)
        for asset in held.map(\.asset) {
            let currency = input.rates.pricingCurrency(of: asset, towards: base) ?? base
            if currency == asset { continue }
            if let history = try? PriceHistory(of: asset, in: currency, range: year, rates: input.rates) {
                closes[asset] = history.dailyCloses
            }
        }
        self.closes = closes
        money = NumberFormat(locale: locale, style: .decimal(2), currency: Currency(code: base.rawValue))
        composition = Self.composition(input, months: Self.defaultCompositionMonths)
    }

    static func composition(_ input: PortfolioReportInput, months: Int) -> CompositionByPeriod {
        let from = Day(year: input.asOf.year, month: input.asOf.month, day: 1)!.addingMonths(-(months - 1))
        let range = (try? DayRange(from: from, to: input.asOf)) ?? DayRange(day: input.asOf)
        return CompositionByPeriod(replay: input.replay, rates: input.rates, base: input.portfolio.baseCurrency, range: range, period: .month)
    }

    /// Money in the base currency; a base without a symbol gets its code.
    func moneyText(_ value: Double?) -> String {
        guard let value else { return "—" }
        let text = money.string(value)
        return money.currency == nil ? text + "\u{00A0}" + base.rawValue : text
    }

    func kind(of asset: AssetCode) -> AssetKind? { input.assets.first { $0.code == asset }?.kind }

    func kindLabel(_ kind: AssetKind) -> String {
        switch kind {
        case .fiat: strings[.kindFiat]
        case .crypto: strings[.kindCrypto]
        case .stock: strings[.kindStock]
        case .etf: strings[.kindETF]
        case .metal: strings[.kindMetal]
        case .index: strings[.kindIndex]
        case .other: strings[.kindOther]
        }
    }

    /// Index of `day` in the value series, or of the last day before it.
    func index(of day: Day) -> Int? { series.days.lastIndex { $0 <= day } }

    /// Change of income (value less net deposits) since `day`: what the market did, not what was paid in.
    func change(since day: Day) -> (amount: Double, fraction: Double?)? {
        guard let i = index(of: day), let j = index(of: input.asOf),
              let a = series.income[i], let b = series.income[j] else { return nil }
        let amount = b - a
        let startValue = series.total[i]
        return (amount, startValue.flatMap { $0 > 0 ? amount / $0 : nil })
    }

    public var diagnostics: [NegativeBalance] { input.replay.diagnostics }
}
