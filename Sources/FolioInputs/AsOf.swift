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
    /// `PriceBook.lastQuotes`); a book with the whole history gives the same day.
    public static func portfolio(_ ledger: PortfolioLedger, lastQuotes: PriceBook) -> Day? {
        guard let activity = ledger.activity else { return nil }
        let rates = CrossRates(book: lastQuotes)
        let valued = ledger.heldAtEnd.compactMap { lastQuote(from: $0, to: ledger.base, rates: rates) }
        guard let valuable = valued.min() else { return activity.last }
        return max(activity.last, Day(valuable))
    }

    /// Assets shown side by side: the earliest of their last quoted days (in any currency and market),
    /// so that none of them is empty in a window ending there. The first asset without quotes is
    /// returned as the error's subject.
    public static func assets(_ codes: [AssetCode], lastQuotes: PriceBook) -> Result<Day, MissingQuotes> {
        var days: [Day] = []
        for code in codes {
            let times = lastQuotes.pairs.filter { $0.asset == code }.flatMap { pair in
                lastQuotes.markets(for: pair).compactMap { lastQuotes.last(pair, market: $0, atOrBefore: .distantFuture)?.time }
            }
            guard let last = times.max() else { return .failure(MissingQuotes(asset: code)) }
            days.append(Day(last))
        }
        return days.min().map { .success($0) } ?? .failure(MissingQuotes(asset: codes.first ?? .usd))
    }

    public struct MissingQuotes: Error, Sendable { public var asset: AssetCode }

    /// The newest instant at which every quote on the way from `from` to `to` exists: for each leg of
    /// the route, its newest quote in any market; then the oldest of those. Nil when nothing links them.
    public static func lastQuote(from: AssetCode, to: AssetCode, rates: CrossRates) -> Date? {
        guard from != to, let route = rates.route(from: from, to: to), !route.legs.isEmpty else { return nil }
        var oldest: Date? = nil
        for leg in route.legs {
            let newest = rates.book.markets(for: leg.pair)
                .compactMap { rates.book.last(leg.pair, market: $0, atOrBefore: .distantFuture)?.time }
                .max()
            guard let newest else { return nil }
            oldest = min(oldest ?? newest, newest)
        }
        return oldest
    }
}
