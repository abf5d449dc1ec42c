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
}
