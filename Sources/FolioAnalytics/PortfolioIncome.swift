import FolioCore
import Foundation

/// Which open lots a sale (or a cover of a short) is matched against.
public enum CostBasisMethod: String, Hashable, Sendable, CaseIterable {
    /// First in, first out: the oldest lots are closed first (the default, and what most tax rules use).
    case fifo
    /// Every unit costs the running average of what is held.
    case average
    /// Last in, first out: the newest lots are closed first.
    case lifo
}

/// Income of one holding (an asset, or cash in one currency), every amount in the base currency.
public struct PositionIncome: Hashable, Sendable {
    public var asset: AssetCode
    /// What the open lots hold; negative for a short position. Equals the holdings' quantity.
    public var quantity: Double
    /// What the open lots cost; negative for a short position (what it was sold for). Nil when a rate
    /// to the base currency was missing for one of them.
    public var costBasis: Double?
    /// Cost per unit held; nil when nothing is held.
    public var averageCost: Double? {
        guard quantity != 0, let costBasis else { return nil }
        return costBasis / quantity
    }
    /// The price of one unit at the as-of time; nil when its quote is missing.
    public var price: Double?
    /// `quantity × price`, as the holdings table values it.
    public var value: Double?
    /// What closed lots got back minus what they cost.
    public var realised: Double?
    /// `value − costBasis`.
    public var unrealised: Double?
    /// Dividends this asset paid, interest and account fees in this currency: what was received (after
    /// withholding tax and fees) or paid, each at its value when it happened. Nil when a rate was missing.
    public var dividends: Double? = 0
    public var interest: Double? = 0
    public var accountFees: Double? = 0

    /// What the holding brought in all: realised + unrealised + dividends + interest − account fees (nil
    /// when a part is unknown). The holdings' totals sum to the portfolio's, which is value − net deposits.
    public var total: Double? { PortfolioIncome.total(realised, unrealised, investmentIncome) }

    /// Dividends and interest less account fees: the income that is neither a sale nor a price.
    public var investmentIncome: Double? { PortfolioIncome.received(dividends, interest, accountFees) }
}

/// Realised and unrealised income of a portfolio by a cost-basis method, from `CostBasisLedger`.
///
/// Worked example: buy 5 at 120, buy 10 at 110, sell 5 at 130 realises 50 by FIFO,
/// 5 × (130 − 1700/15) = 83.33 by average cost and 5 × (130 − 110) = 100 by LIFO.
public struct PortfolioIncome: Hashable, Sendable {
    public var method: CostBasisMethod
    public var asOf: Date
    public var base: AssetCode
    /// By asset code: every asset and currency the ledger touched up to `asOf`.
    public var positions: [PositionIncome]
    /// Sums of the positions; nil when any part is unknown.
    public var realised: Double?
    public var unrealised: Double?
    public var dividends: Double?
    public var interest: Double?
    public var accountFees: Double?
    /// All the income: realised + unrealised + dividends + interest − account fees, which is value − net deposits.
    public var total: Double? { Self.total(realised, unrealised, investmentIncome) }

    /// Dividends and interest less account fees (the report's tile beside realised and unrealised).
    public var investmentIncome: Double? { Self.received(dividends, interest, accountFees) }

    /// The one way a holding's and the portfolio's parts are put together (nil when one is unknown).
    static func received(_ dividends: Double?, _ interest: Double?, _ accountFees: Double?) -> Double? {
        guard let dividends, let interest, let accountFees else { return nil }
        return dividends + interest - accountFees
    }

    static func total(_ realised: Double?, _ unrealised: Double?, _ received: Double?) -> Double? {
        guard let realised, let unrealised, let received else { return nil }
        return realised + unrealised + received
    }
    /// What the open lots cost: net deposits + realised.
    public var costBasis: Double?
    /// The valuation's total: the holdings table's.
    public var valueTotal: Double?
    public var missing: [MissingQuoteError]
    /// Every change that realised income, in time order, for realised income over time.
    var disposals: [Disposal]
    /// Every dividend and interest (positive) and account fee (negative), in time order, for their sum
    /// over time.
    public var received: [Received]
    /// Every dividend and interest as paid, in time order (`IncomePayment`).
    public var payments: [IncomePayment]
    /// The product of each asset's split ratios up to `asOf`: a per-share amount paid when the factor was
    /// f is worth f / this of one unit held now.
    var splitFactors: [AssetCode: Double]

    public struct Received: Hashable, Sendable {
        public var time: Date
        /// In the base currency; nil when its rate was missing.
        public var amount: Double?
    }

    /// Income realised by one change of a holding: a sale, a currency spent or withdrawn, a short covered.
    struct Disposal: Hashable, Sendable {
        var time: Date
        var asset: AssetCode
        /// Nil when a rate to the base currency was missing for the lots it closed or for its proceeds.
        var realised: Double?
    }

    /// Income of the trades and completed cash transactions up to the valuation's time. Quantities and
    /// values are the valuation's (`CrossRates.value(_:in:)` of the replayed holdings), so that a total
    /// shown in the holdings table and here is one number; costs and realised income are the ledger's.
    public init(
        trades: [Trade],
        cashTransactions: [CashTransaction],
        method: CostBasisMethod = .fifo,
        valuation: HoldingsValuation,
        rates: CrossRates
    ) {
        let asOf = valuation.time
        let base = valuation.base
        let ledger = CostBasisLedger(
            trades: trades,
            cashTransactions: cashTransactions,
            method: method,
            asOf: asOf,
            rates: rates,
            base: base
        )
        let valued = Dictionary(valuation.assets.map { ($0.asset, $0) }, uniquingKeysWith: { a, _ in a })
        var positions: [PositionIncome] = []
        func known(_ sum: CompensatedSum?) -> Double? { sum.map { $0.value.isNaN ? nil : $0.value } ?? 0 }
        let touched = Set(ledger.books.keys).union(valued.keys).union(ledger.dividends.keys).union(ledger.interest.keys)
            .union(ledger.accountFees.keys)
        for asset in touched.sorted() {
            let book = ledger.books[asset] ?? CostBasisBook(method: method)
            let cost = book.cost
            let realised = book.realised.value
            // Not in the valuation: nothing is held (the replay reads dust as zero).
            let held = valued[asset] ?? ValuedAsset(asset: asset, quantity: 0, rate: nil, value: 0)
            var p = PositionIncome(
                asset: asset,
                quantity: held.quantity,
                costBasis: cost.isNaN ? nil : cost,
                price: held.rate,
                value: held.value,
                realised: realised.isNaN ? nil : realised,
                unrealised: nil
            )
            if let value = p.value, let cost = p.costBasis { p.unrealised = value - cost }
            p.dividends = known(ledger.dividends[asset])
            p.interest = known(ledger.interest[asset])
            p.accountFees = known(ledger.accountFees[asset])
            positions.append(p)
        }
        self.method = method
        self.asOf = asOf
        self.base = base
        self.positions = positions
        self.costBasis = positions.map(\.costBasis).knownSum()
        self.valueTotal = valuation.total
        self.realised = positions.map(\.realised).knownSum()
        self.unrealised = positions.map(\.unrealised).knownSum()
        self.dividends = positions.map(\.dividends).knownSum()
        self.interest = positions.map(\.interest).knownSum()
        self.accountFees = positions.map(\.accountFees).knownSum()
        self.missing = ledger.missing + valuation.missing
        self.disposals = ledger.disposals
        self.received = ledger.received
        self.payments = ledger.payments
        self.splitFactors = ledger.splitFactors
    }

    /// The position of `asset`, throwing when there is none.
    public func position(_ asset: AssetCode) throws(AnalyticsError) -> PositionIncome {
        guard let p = positions.first(where: { $0.asset == asset }) else {
            throw .unknownAsset(asset, argument: "asset")
        }
        return p
    }
}
