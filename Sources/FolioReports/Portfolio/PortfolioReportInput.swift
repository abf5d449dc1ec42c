import Foundation
import FolioAnalytics
import FolioCore

/// What the portfolio report needs, as the command line loads it from the store: the portfolio's
/// ledger replayed, the rates that value it, the asset catalogue, the as-of day and the generation time.
public struct PortfolioReportInput: Sendable {
    public var portfolio: Portfolio
    public var trades: [Trade]
    public var cashTransactions: [CashTransaction]
    public var replay: HoldingsReplay
    public var rates: CrossRates
    public var assets: [Asset]
    public var asOf: Day
    /// Printed in the footer; fixed from the as-of day when the output must be reproducible.
    public var generated: Date

    public init(portfolio: Portfolio, trades: [Trade], cashTransactions: [CashTransaction], replay: HoldingsReplay,
                rates: CrossRates, assets: [Asset], asOf: Day, generated: Date) {
        self.portfolio = portfolio; self.trades = trades; self.cashTransactions = cashTransactions
        self.replay = replay; self.rates = rates; self.assets = assets; self.asOf = asOf; self.generated = generated
    }

    /// The last day on which every asset held at the end has a quote: the natural "as of" for a
    /// portfolio whose prices stop (the sample stocks end in 2017), so that no value goes missing.
    public static func lastPricedDay(replay: HoldingsReplay, book: PriceBook, base: AssetCode) -> Day? {
        let held = replay.final.quantities.filter { $0.value > HoldingsReplay.zeroTolerance && $0.key != base }.map(\.key)
        // Without holdings (or quotes for them) the last ledger event is the natural day.
        let lastLedger = replay.firstTime == nil ? nil : Day(replay.final.time)
        var day: Day? = nil
        for asset in held {
            var latest: Day? = nil
            for pair in book.pairs where pair.asset == asset || pair.currency == asset {
                for market in book.markets(for: pair) {
                    if let p = book.last(pair, market: market, atOrBefore: .distantFuture) {
                        latest = max(latest ?? Day(p.time), Day(p.time))
                    }
                }
            }
            if let latest { day = min(day ?? latest, latest) }
        }
        return day ?? lastLedger
    }
}
