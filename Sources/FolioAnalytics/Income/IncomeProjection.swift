import FolioCore
import Foundation

/// A dividend expected in the next twelve months (an estimate): one of the trailing twelve months' payments
/// per share, recurring twelve months after it was paid, on the units held on the as-of day, at the as-of
/// day's rate, with the same share of it withheld and kept back as the payment had.
public struct ProjectedPayment: Hashable, Sendable {
    /// Twelve months after the payment it repeats (the day clamped to the month: 29 Feb → 28 Feb).
    public var day: Day
    public var payer: AssetCode
    public var currency: AssetCode
    /// The payment it repeats.
    public var paid: IncomePayment
    /// The paid gross per share restated in the units held on the as-of day: divided by the ratios of the
    /// splits since (0.24 a share before a 2-for-1 split is 0.12 a share after it).
    public var perShare: Double
    /// Units of the payer held at the end of the as-of day.
    public var shares: Double
    /// In `currency`: `perShare × shares`, and that times the paid payment's withheld and net shares.
    public var gross: Double
    public var withheld: Double
    public var net: Double
    /// Units of the base per unit of `currency` at the end of the as-of day; nil when a quote is missing.
    public var rate: Double?
    public var grossInBase: Double?
    public var withheldInBase: Double?
    public var netInBase: Double?
}

extension ProjectedPayment {
    /// `paid` paid again on `day`, `perShare` (its amount per share, in today's shares) on `shares`,
    /// converted at `rate` (nil: no rate, no amount in the base currency).
    init(repeating paid: IncomePayment, on day: Day, perShare: Double, shares: Double, rate: CrossRates.Rate?) {
        let gross = perShare * shares
        // The paid payment's shares of its gross, withheld and kept: 15 % withheld then is 15 % now.
        let withheld = paid.gross > 0 ? gross * paid.withheld / paid.gross : 0
        let net = paid.gross > 0 ? gross * paid.net / paid.gross : 0
        func inBase(_ amount: Double) -> Double? { amount == 0 ? 0 : rate?.convert(amount) }
        self.init(
            day: day,
            payer: paid.payer,
            currency: paid.currency,
            paid: paid,
            perShare: perShare,
            shares: shares,
            gross: gross,
            withheld: withheld,
            net: net,
            rate: rate?.value,
            grossInBase: inBase(gross),
            withheldInBase: inBase(withheld),
            netInBase: inBase(net)
        )
    }
}

/// What the projection says of one holding, or of the whole portfolio (`asset` nil): the next twelve
/// months' projected income against the value and the FIFO cost on the as-of day.
public struct IncomeYield: Hashable, Sendable {
    /// Nil for the portfolio.
    public var asset: AssetCode?
    /// Projected payments in the next twelve months: the trailing twelve months' that recur.
    public var paymentsPerYear: Int
    /// In the base currency; nil when a rate was missing.
    public var forwardGross: Double?
    public var forwardNet: Double?
    /// On the as-of day: the holdings table's value and the income table's FIFO cost basis (the whole
    /// portfolio's, cash included, for the portfolio).
    public var value: Double?
    public var costBasis: Double?

    /// forward gross ÷ value, a fraction; nil without a positive value.
    public var forwardYield: Double? { Self.ratio(forwardGross, value) }

    /// The yield of `projected`, the payments estimated for `asset` (all of them for the portfolio).
    init(asset: AssetCode?, _ projected: [ProjectedPayment], value: Double?, costBasis: Double?) {
        self.asset = asset
        paymentsPerYear = projected.count
        forwardGross = projected.map(\.grossInBase).knownSum()
        forwardNet = projected.map(\.netInBase).knownSum()
        self.value = value
        self.costBasis = costBasis
    }
    /// forward gross ÷ cost basis, a fraction; nil without a positive cost.
    public var yieldOnCost: Double? { Self.ratio(forwardGross, costBasis) }

    private static func ratio(_ income: Double?, _ base: Double?) -> Double? {
        guard let income, let base, base > 0 else { return nil }
        return income / base
    }
}

/// Income paid and projected (docs/ledger.md, "Income"): every dividend and interest as paid, and for
/// every holding held on the as-of day, each dividend per share of the trailing twelve months (paid on a
/// day whose date twelve months later is after the as-of day) recurring twelve months later on the units
/// held on the as-of day. Interest is not projected, nor is a holding that paid nothing in the trailing
/// twelve months, sold by the as-of day or held short, nor a payment that arrived when none of it was held.
///
/// Worked example (docs/ledger.md): 10 ACME bought in January, 10 more in April; it pays 0.25 a share
/// each quarter, on 15 Feb (2.50), 15 May, 15 Aug and 15 Nov (5.00 each), 15 % withheld. As of 31 Dec,
/// 20 held: each of the four recurs as 0.25 × 20 = 5.00, 0.75 withheld, 4.25 net; 20.00 a year.
public struct IncomeProjection: Hashable, Sendable {
    public var asOf: Day
    public var base: AssetCode
    /// Every dividend and interest up to the end of the as-of day, in time order.
    public var paid: [IncomePayment]
    /// The next twelve months' payments, by day, then payer.
    public var projected: [ProjectedPayment]
    /// Every asset held on the as-of day but the currencies, in code order.
    public var holdings: [IncomeYield]
    public var portfolio: IncomeYield
    /// Rates of the as-of day the projection lacked, and the quotes the values and costs lacked.
    public var missing: [MissingQuoteError]
    public var yieldMissing: [MissingQuoteError]

    /// The projection from the holdings valued at the end of the as-of day (`valuation`), and the
    /// trades and cash transactions up to then.
    public init(
        trades: [Trade],
        cashTransactions: [CashTransaction],
        valuation: HoldingsValuation,
        rates: CrossRates
    ) {
        let income = PortfolioIncome(
            trades: trades,
            cashTransactions: cashTransactions,
            method: .fifo,
            valuation: valuation,
            rates: rates
        )
        let asOf = Day(valuation.time)
        let base = valuation.base
        let horizon = asOf.addingMonths(12)
        let held = Dictionary(
            income.positions.filter { $0.quantity > 0 }.map { ($0.asset, $0) },
            uniquingKeysWith: { a, _ in a }
        )
        var asOfRates: [AssetCode: CrossRates.Rate?] = [:]
        var missing: [MissingQuoteError] = []
        func asOfRate(_ currency: AssetCode) -> CrossRates.Rate? {
            if let known = asOfRates[currency] { return known }
            var found: CrossRates.Rate?
            switch rates.rate(from: currency, to: base, at: valuation.time) {
            case let .success(rate): found = rate
            case let .failure(why): missing.append(why)
            }
            asOfRates[currency] = found
            return found
        }
        var projected: [ProjectedPayment] = []
        for p in income.payments where p.kind == .dividend {
            let day = p.day.addingMonths(12)
            guard day > asOf, day <= horizon, let paidPerShare = p.perShare, let shares = held[p.payer]?.quantity
            else { continue }
            let since = (income.splitFactors[p.payer] ?? 1) / p.splitFactor
            projected.append(
                ProjectedPayment(
                    repeating: p,
                    on: day,
                    perShare: paidPerShare / since,
                    shares: shares,
                    rate: asOfRate(p.currency)
                )
            )
        }
        projected.sort { ($0.day, $0.payer, $0.paid.id) < ($1.day, $1.payer, $1.paid.id) }

        // Cash is no holding that pays dividends (its interest is not projected).
        let payers = Set(projected.map(\.payer))
        let holdings = held.values.filter { rates.preference.kind(of: $0.asset) != .fiat || payers.contains($0.asset) }
            .sorted { $0.asset < $1.asset }
            .map { position in
                IncomeYield(
                    asset: position.asset,
                    projected.filter { $0.payer == position.asset },
                    value: position.value,
                    costBasis: position.costBasis
                )
            }
        self.asOf = asOf
        self.base = base
        self.paid = income.payments
        self.projected = projected
        self.holdings = holdings
        self.portfolio = IncomeYield(asset: nil, projected, value: valuation.total, costBasis: income.costBasis)
        self.missing = missing
        self.yieldMissing = income.missing
    }
}
