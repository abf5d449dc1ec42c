import FolioAnalytics
import FolioCore
import Foundation

// "As of when?" when the user does not say: the last day with data rather than today, because a
// database is usually filled up to some past day (a backup, a finished account, the samples), and
// today would make every value missing.

extension MarketInputs {
    /// The newest instant at which every quote on the way from `from` to `to` exists: for each leg of
    /// the route, its newest quote in any market; then the oldest of those. Nil when nothing links them.
    func lastQuote(from: AssetCode, to: AssetCode) -> Date? {
        guard from != to, let route = rates.route(from: from, to: to), !route.legs.isEmpty else { return nil }
        var oldest: Date? = nil
        for leg in route.legs {
            let newest = book.markets(for: leg.pair)
                .compactMap { book.last(leg.pair, market: $0, atOrBefore: .distantFuture)?.time }
                .max()
            guard let newest else { return nil }
            oldest = min(oldest ?? newest, newest)
        }
        return oldest
    }

    /// The currency `asset` is quoted in (its first quoted pair, in code order), for prices shown
    /// without a portfolio; a currency quoted only against others (`UAH`) falls back to the inverse.
    func quoteCurrency(of asset: AssetCode) -> AssetCode? {
        book.pairs.first { $0.asset == asset }?.currency ?? book.pairs.first { $0.currency == asset }?.asset
    }
}

extension PortfolioInputs {
    /// The day of the first and of the last trade or completed cash transaction.
    var activity: (first: Day, last: Day)? {
        let times = trades.map(\.time) + replay.cashTransactions.map(\.time)
        guard let first = times.min(), let last = times.max() else { return nil }
        return (Day(first), Day(last))
    }

    /// The last day with data: the last day on which everything held at the end can still be valued in
    /// the base currency (quotes usually run on after the last trade), and never before the last trade.
    var lastDataDay: Day? {
        guard let activity else { return nil }
        let base = portfolio.baseCurrency
        let quoted = replay.final.assets.filter { $0 != base }.compactMap { market.lastQuote(from: $0, to: base) }
        guard let valuable = quoted.min() else { return activity.last }
        return max(activity.last, Day(valuable))
    }
}
