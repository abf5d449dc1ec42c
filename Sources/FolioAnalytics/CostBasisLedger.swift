import FolioCore
import Foundation

/// The lots of every holding of a portfolio, cash in every currency included, with costs in the base
/// currency: the one ledger that quantities, costs and income come from.
///
/// Rules, in the order of `HoldingsReplay` (`ReplayOrder`: by time, money arriving before it is spent):
/// - A deposit of A (fee f) adds A − f units that cost A at that moment's rate: the money put in, the
///   fee included. A withdrawal of A (fee f) takes A + f units for proceeds of A: the fee is a loss.
/// - A buy of Q at P in C takes Q × P of C (disposing of C's lots at that moment's rate, which realises
///   the currency's gain or loss) and adds Q units that cost what was paid, in the base currency; a sale
///   does the reverse: Q units go for Q × P of C at that moment's rate, and the C received costs that.
/// - A fee is a cost: paid from its own currency (disposed of at its rate), it adds to a buy's cost and
///   reduces a sale's proceeds; a fee in the asset itself reduces the units a buy delivers.
/// - Taking more than is held opens a short lot that later additions cover (`CostBasisBook`).
/// - A dividend or interest adds what is left after tax and fee to its currency at its value then, and
///   that value is income: a dividend of the paying asset, interest of the currency. An account fee
///   takes its amount from the currency for proceeds of nothing but costs its value then: a fee of the
///   currency (the currency's own gain on those units is realised). A split multiplies the lots' units
///   and keeps their cost.
/// So the costs of what is held always equal net deposits + realised + dividends + interest − account fees, and
/// for every holding unrealised = value − cost:
/// Σ realised + Σ unrealised + Σ dividends + Σ interest − Σ account fees = value − net deposits.
struct CostBasisLedger {
    var books: [AssetCode: CostBasisBook] = [:]
    /// Every change that realised income, in replay order.
    var disposals: [PortfolioIncome.Disposal] = []
    /// In the base currency: dividends by paying asset, interest and account fees by currency.
    var dividends: [AssetCode: CompensatedSum] = [:]
    var interest: [AssetCode: CompensatedSum] = [:]
    var accountFees: [AssetCode: CompensatedSum] = [:]
    /// Every dividend, interest and account fee, in replay order, for their running sums over time.
    var received: [PortfolioIncome.Received] = []
    /// Every dividend and interest as paid, in replay order, with the units of the paying asset held then.
    var payments: [IncomePayment] = []
    /// The product of each asset's split ratios so far.
    private(set) var splitFactors: [AssetCode: Double] = [:]
    var missing: [MissingQuoteError] = []

    init(
        trades: [Trade],
        cashTransactions: [CashTransaction],
        method: CostBasisMethod,
        asOf: Date,
        rates: CrossRates,
        base: AssetCode
    ) {
        let entries = LedgerEntry.inReplayOrder(trades: trades, cashTransactions: cashTransactions, through: asOf)

        var missing: [MissingQuoteError] = []
        /// The rate of `currency` to the base currency at `time`; a missing quote is also said in `missing`.
        func rate(_ currency: AssetCode, at time: Date) -> Result<CrossRates.Rate, MissingQuoteError> {
            if currency == base { return .success(CrossRates.Rate(numerator: 1, denominator: 1, legs: [])) }
            let found = rates.rate(from: currency, to: base, at: time)
            if case let .failure(why) = found { missing.append(why) }
            return found
        }
        /// `amount` of `currency` in the base currency at `time`; NaN (unknown) when the rate is missing.
        func inBase(_ amount: Double, _ currency: AssetCode, at time: Date) -> Double {
            rates.value(of: amount, currency, in: base, at: time, missing: &missing)
        }
        for entry in entries {
            let time = entry.time
            switch entry {
            case let .cash(c):
                switch c.kind {
                case .deposit:
                    add(
                        c.currency,
                        c.cashChange,
                        cost: inBase(c.amount, c.currency, at: time),
                        at: time,
                        method: method
                    )
                case .withdrawal:
                    add(
                        c.currency,
                        c.cashChange,
                        cost: -inBase(c.amount, c.currency, at: time),
                        at: time,
                        method: method
                    )
                case .dividend, .interest:
                    // One rate for the gross, the tax and what arrived, so that they add up.
                    let paidRate = c.amount == 0 ? nil : rate(c.currency, at: time)
                    let received = c.cashChange == 0 ? 0 : (try? paidRate?.get())?.convert(c.cashChange) ?? .nan
                    let asset = c.kind == .dividend ? c.asset : nil
                    payments.append(
                        IncomePayment(
                            c,
                            rate: paidRate,
                            shares: asset.map { books[$0]?.quantity ?? 0 },
                            splitFactor: asset.flatMap { splitFactors[$0] } ?? 1
                        )
                    )
                    add(c.currency, c.cashChange, cost: received, at: time, method: method)
                    if c.kind == .dividend {
                        dividends[c.asset ?? c.currency, default: CompensatedSum()] += received
                    } else {
                        interest[c.currency, default: CompensatedSum()] += received
                    }
                    self.received.append(PortfolioIncome.Received(time: time, amount: received.isNaN ? nil : received))
                case .fee:
                    let paid = inBase(-c.cashChange, c.currency, at: time)
                    add(c.currency, c.cashChange, cost: -paid, at: time, method: method)
                    accountFees[c.currency, default: CompensatedSum()] += paid
                    self.received.append(PortfolioIncome.Received(time: time, amount: paid.isNaN ? nil : -paid))
                case .split:
                    if let asset = c.asset, let ratio = c.ratio {
                        books[asset, default: CostBasisBook(method: method)].split(ratio)
                        splitFactors[asset, default: 1] *= ratio
                    }
                }
            case let .trade(t):
                book(t, base: base, method: method) { inBase($0, $1, at: time) }
            }
        }
        self.missing += missing
    }

    /// A trade's legs: what it paid or received in its price currency, the asset with the fee added to
    /// its cost (or, sold, taken from its proceeds), and a fee in a third currency on its own.
    /// `inBase` converts an amount of a currency at the trade's time.
    private mutating func book(
        _ t: Trade,
        base: AssetCode,
        method: CostBasisMethod,
        inBase: (Double, AssetCode) -> Double
    ) {
        let time = t.time
        let paid = t.quantity * t.price
        let paidInBase = t.paidInBase(base, convert: inBase)
        var feeInBase = 0.0
        var feeInAsset = 0.0
        if t.fee != 0 {
            if t.feeCurrency == t.asset {
                feeInAsset = t.fee
            } else {
                feeInBase = inBase(t.fee, t.feeCurrency)
                add(t.feeCurrency, -t.fee, cost: -feeInBase, at: time, method: method)
            }
        }
        switch t.side {
        case .buy:
            add(t.priceCurrency, -paid, cost: -paidInBase, at: time, method: method)
            add(t.asset, t.quantity - feeInAsset, cost: paidInBase + feeInBase, at: time, method: method)
        case .sell:
            add(t.asset, -(t.quantity + feeInAsset), cost: -(paidInBase - feeInBase), at: time, method: method)
            add(t.priceCurrency, paid, cost: paidInBase, at: time, method: method)
        }
    }

    private mutating func add(
        _ asset: AssetCode,
        _ quantity: Double,
        cost: Double,
        at time: Date,
        method: CostBasisMethod
    ) {
        let realised = books[asset, default: CostBasisBook(method: method)].add(quantity: quantity, cost: cost)
        if realised != 0 || realised.isNaN {
            disposals.append(
                PortfolioIncome.Disposal(time: time, asset: asset, realised: realised.isNaN ? nil : realised)
            )
        }
    }
}
