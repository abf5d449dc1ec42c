import FolioAnalytics
import FolioCore
import FolioInputs
import Foundation

/// What the portfolio report needs, as the command line loads it from the store: the portfolio's ledger
/// replayed with the market that values it, the as-of day and the generation time.
public struct PortfolioReportInput: Sendable {
    public var inputs: PortfolioInputs
    public var asOf: Day
    /// The real time the report is made, printed beside the as-of day (`ReportStamp`); nil keeps the
    /// output reproducible.
    public var generated: Date?
    /// What the portfolio's returns are compared with; nil: nothing.
    public var benchmark: AssetCode?
    /// The holding whose last quote set the as-of day while others are quoted later (nil when the day
    /// was given, or no single quote held it back): said on page 1 and on stderr.
    public var asOfSetBy: AsOf.SetBy?

    public init(_ inputs: PortfolioInputs, asOf: Day, generated: Date? = nil, benchmark: AssetCode? = nil) {
        self.inputs = inputs
        self.asOf = asOf
        self.generated = generated
        self.benchmark = benchmark
    }

    public var portfolio: Portfolio { inputs.portfolio }
    public var trades: [Trade] { inputs.trades }
    public var cashTransactions: [CashTransaction] { inputs.cashTransactions }
    public var replay: HoldingsReplay { inputs.replay }
    public var rates: CrossRates { inputs.market.rates }
    public var assets: [Asset] { inputs.market.assets }
}
