import FolioAnalytics
import FolioCore
import Foundation

/// "As of when?" when the user does not say: the last day with data rather than today, because a
/// database is usually filled up to some past day (a backup, a finished account, the samples), and
/// today would make every value missing. One rule per subject, written once here, so that a chart,
/// a table and a report of the same portfolio end on the same day.
public enum AsOf {
    /// A portfolio's last day with data: the last day on which everything held at the end of its
    /// ledger can still be valued in its base currency (quotes usually run on after the last trade),
    /// and never before its last trade or completed transfer (a portfolio of cash only ends there).
    /// Nil for a portfolio without either.
    ///
    /// `lastQuotes` needs to hold only the last quote of each series (`Store.lastQuotes`,
    /// `PriceBook.lastQuotes`); a book with the whole history gives the same day. It must hold every
    /// asset's quotes: a book cut to the portfolio's assets can lose the way to the base (a coin quoted
    /// only in BTC), so callers pass the source's last quotes (`portfolio(_:prices:)`), not their book.
    public static func portfolio(_ ledger: PortfolioLedger, lastQuotes: PriceBook) -> Day? {
        portfolioDay(ledger, lastQuotes: lastQuotes)?.day
    }

    /// The portfolio's day from every last quote of `prices`: what `folio chart`, `folio table` and
    /// `folio report` use, whatever book they then load.
    public static func portfolio(_ ledger: PortfolioLedger, prices: any PriceBookSource) throws -> Day? {
        portfolio(ledger, lastQuotes: try prices.lastQuotes())
    }

    /// A portfolio's day, and the holding whose quotes set it when others are quoted later: a small
    /// position whose rate stopped two months early moves the whole report back, which a reader must
    /// be told (`SetBy`).
    public struct PortfolioDay: Hashable, Sendable {
        public var day: Day
        public var setBy: SetBy?
    }

    /// The holdings whose last quote on their way to the base is the portfolio's day, while `othersTo`
    /// is the last day the other holdings are quoted to.
    public struct SetBy: Hashable, Sendable {
        public var assets: [AssetCode]
        public var base: AssetCode
        public var lastQuote: Day
        public var othersTo: Day
    }

    public static func portfolioDay(_ ledger: PortfolioLedger, lastQuotes: PriceBook) -> PortfolioDay? {
        guard let activity = ledger.activity else { return nil }
        let rates = CrossRates(book: lastQuotes)
        let valued = ledger.heldAtEnd.compactMap { asset in
            lastQuote(from: asset, to: ledger.base, rates: rates).map { (asset, Day($0)) }
        }
        .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        guard let first = valued.first else { return PortfolioDay(day: activity.last) }
        let day = max(activity.last, first.1)
        // Set by a quote only when the ledger's last move is earlier and another holding is quoted later.
        guard day == first.1, day > activity.last, let latest = valued.last?.1, latest > day else {
            return PortfolioDay(day: day)
        }
        let setting = valued.filter { $0.1 == day }.map(\.0)
        return PortfolioDay(
            day: day,
            setBy: SetBy(assets: setting, base: ledger.base, lastQuote: day, othersTo: latest)
        )
    }

    public static func portfolioDay(_ ledger: PortfolioLedger, prices: any PriceBookSource) throws -> PortfolioDay? {
        portfolioDay(ledger, lastQuotes: try prices.lastQuotes())
    }

    /// Assets shown side by side: the earliest of their last quoted days, so that none of them is empty
    /// in a window ending there. In `currency`, an asset's last day is that of its way there
    /// (`lastQuote`); without one, its newest quote in any currency and market. The first asset without
    /// quotes (or without a way to the currency) is returned as the error's subject.
    public static func assets(
        _ codes: [AssetCode],
        in currency: AssetCode? = nil,
        lastQuotes: PriceBook
    ) -> Result<Day, MissingQuotesError> {
        let rates = currency.map { _ in CrossRates(book: lastQuotes) }
        var days: [Day] = []
        for code in codes {
            let last: Date?
            if let currency, let rates, code != currency {
                last = lastQuote(from: code, to: currency, rates: rates)
            } else {
                last = lastQuotes.pairs.filter { $0.asset == code }.flatMap { pair in
                    lastQuotes.markets(for: pair).compactMap {
                        lastQuotes.last(pair, market: $0, atOrBefore: .distantFuture)?.time
                    }
                }.max()
            }
            guard let last else { return .failure(MissingQuotesError(asset: code)) }
            days.append(Day(last))
        }
        return days.min().map { .success($0) } ?? .failure(MissingQuotesError(asset: codes.first ?? .usd))
    }

    /// The budget's last day with data: its last entry's day; nil for an empty budget.
    public static func budget(_ entries: [BudgetEntry]) -> Day? { entries.map(\.day).max() }

    public struct MissingQuotesError: Error, Sendable { public var asset: AssetCode }

    /// The newest instant at which every quote on the way from `from` to `to` exists: for each leg of
    /// a chain of the route, its newest quote in any market; the oldest of those; the newest over the
    /// route's chains. Nil when nothing links them.
    public static func lastQuote(from: AssetCode, to: AssetCode, rates: CrossRates) -> Date? {
        guard from != to, let route = rates.route(from: from, to: to), !route.legs.isEmpty else { return nil }
        func lastQuote(_ legs: [CrossRates.Leg]) -> Date? {
            var oldest: Date? = nil
            for leg in legs {
                let newest = rates.book.markets(for: leg.pair)
                    .compactMap { rates.book.last(leg.pair, market: $0, atOrBefore: .distantFuture)?.time }
                    .max()
                guard let newest else { return nil }
                oldest = min(oldest ?? newest, newest)
            }
            return oldest
        }
        return route.chains.compactMap(lastQuote).max()
    }
}
