import FolioCore
import Foundation

/// Gathers the rows of a fetch's answers, and of an answer saved to a file (`SavedAnswer`): the one
/// check of what a source gives, whichever way it arrives. A row given twice is stored once; the same
/// quote (asset, currency, market, time) or figure given twice with different values is an error
/// naming both, since the store keeps one row per key and would otherwise keep whichever came first
/// without a word. A quote of an asset in itself (USD in USD) is a broken answer, not a rate of 1.
struct FetchMerger {
    private(set) var data = FetchedData()
    private var quoteAt: [QuoteKey: Int] = [:]
    private var statisticAt: [StatisticKey: Int] = [:]

    /// Adds an answer's rows; on a conflict nothing of this answer is added.
    mutating func add(_ answer: FetchedData) throws {
        var quotes: [Quote] = []
        var seenQuotes: [QuoteKey: Quote] = [:]
        for quote in answer.quotes {
            guard quote.asset != quote.currency else {
                throw SourceFormatError(
                    "\(quote.asset)/\(quote.currency) \(quote.market) at \(ISOTime.format(quote.time)) is a quote of \(quote.asset) in itself, expected one in another currency"
                )
            }
            let key = QuoteKey(quote)
            guard let earlier = quoteAt[key].map({ data.quotes[$0] }) ?? seenQuotes[key] else {
                seenQuotes[key] = quote
                quotes.append(quote)
                continue
            }
            guard Self.sameFigures(earlier, quote) else {
                throw SourceFormatError(
                    "\(quote.asset)/\(quote.currency) \(quote.market) at \(ISOTime.format(quote.time)) is given twice with different prices: \(Self.figures(earlier)) and \(Self.figures(quote))"
                )
            }
        }
        var statistics: [MarketStatistic] = []
        var seenStatistics: [StatisticKey: MarketStatistic] = [:]
        for statistic in answer.statistics {
            let key = StatisticKey(statistic)
            guard let earlier = statisticAt[key].map({ data.statistics[$0] }) ?? seenStatistics[key] else {
                seenStatistics[key] = statistic
                statistics.append(statistic)
                continue
            }
            guard earlier.value == statistic.value else {
                throw SourceFormatError(
                    "\(statistic.subject) \(statistic.name.rawValue) at \(ISOTime.format(statistic.time)) is given twice with different values: \(JSONNumber.describe(earlier.value)) and \(JSONNumber.describe(statistic.value))"
                )
            }
        }
        for quote in quotes {
            quoteAt[QuoteKey(quote)] = data.quotes.count
            data.quotes.append(quote)
        }
        for statistic in statistics {
            statisticAt[StatisticKey(statistic)] = data.statistics.count
            data.statistics.append(statistic)
        }
        // Names are shown later in tables and reports: capped, no control characters from a server's answer.
        data.assetNames.merge(answer.assetNames.mapValues(Asset.storedName)) { $1 }
        data.assetKinds.merge(answer.assetKinds) { $1 }
    }

    private static func sameFigures(_ a: Quote, _ b: Quote) -> Bool {
        a.price == b.price && a.bid == b.bid && a.ask == b.ask
    }

    private static func figures(_ quote: Quote) -> String {
        var text = JSONNumber.describe(quote.price)
        if quote.bid != nil || quote.ask != nil {
            text +=
                " (bid \(quote.bid.map(JSONNumber.describe) ?? "none"), ask \(quote.ask.map(JSONNumber.describe) ?? "none"))"
        }
        return text
    }

    /// The store's key of a quote, its time to the millisecond as stored.
    private struct QuoteKey: Hashable {
        var asset: AssetCode, currency: AssetCode, market: Market, milliseconds: Double
        init(_ q: Quote) {
            (asset, currency, market) = (q.asset, q.currency, q.market)
            milliseconds = (q.time.timeIntervalSince1970 * 1000).rounded()
        }
    }

    private struct StatisticKey: Hashable {
        var subject: String, name: MarketStatistic.Name, currency: AssetCode?, milliseconds: Double
        init(_ s: MarketStatistic) {
            (subject, name, currency) = (s.subject, s.name, s.currency)
            milliseconds = (s.time.timeIntervalSince1970 * 1000).rounded()
        }
    }
}
