import FolioCore
import Foundation

/// One dividend or interest as it was paid (docs/ledger.md, "Income"): at its moment, in its currency and
/// in the base currency at the rate the ledger books it at, so that the nets of a portfolio's payments are
/// its `income` table's dividends and interest.
public struct IncomePayment: Hashable, Sendable {
    /// The cash transaction's id.
    public var id: Int64
    public var time: Date
    /// `.dividend` or `.interest`.
    public var kind: CashTransactionKind
    /// The asset that paid a dividend; for interest, its currency.
    public var payer: AssetCode
    public var currency: AssetCode
    /// In `currency`: before tax, the tax withheld, and the payment's own fee (rare: a transactions file's
    /// fee column on a dividend).
    public var gross: Double
    public var withheld: Double
    public var fee: Double
    /// Units of the base per unit of `currency` at `time`; nil when a quote was missing (`missing`).
    public var rate: Double?
    public var missing: MissingQuoteError?
    /// `gross`, `withheld` and `net` converted at `rate`; nil with it.
    public var grossInBase: Double?
    public var withheldInBase: Double?
    public var netInBase: Double?
    /// Units of the paying asset held at the payment's moment, in the ledger's order (a trade at the same
    /// instant comes after it); nil for interest and for a dividend that names no asset.
    public var shares: Double?
    /// The product of the paying asset's split ratios up to the payment, so that a per-share amount can be
    /// restated in the units of a later day (`splitsSince`).
    var splitFactor: Double

    /// What arrived: gross less the tax withheld and the fee (the ledger's `cashChange`).
    public var net: Double { gross - withheld - fee }

    /// The gross per unit held at the payment's moment, in `currency`; nil when nothing was held then (a
    /// dividend that arrived after the holding was sold) and for interest.
    public var perShare: Double? {
        guard let shares, shares > 0 else { return nil }
        return gross / shares
    }

    /// The payment's day, by UTC calendar.
    public var day: Day { Day(time) }

    /// `c` paid at `found` (nil: a payment of 0, which needs no rate).
    init(
        _ c: CashTransaction,
        rate found: Result<CrossRates.Rate, MissingQuoteError>?,
        shares: Double?,
        splitFactor: Double
    ) {
        let rate = try? found?.get()
        if case let .failure(why) = found { missing = why }
        id = c.id
        time = c.time
        kind = c.kind
        payer = c.kind == .dividend ? c.asset ?? c.currency : c.currency
        currency = c.currency
        gross = c.amount
        withheld = c.tax
        fee = c.fee
        self.rate = rate?.value
        // Nothing is worth nothing, whatever the rate: a payment of 0 (a broker's rounding) stays known.
        func inBase(_ amount: Double) -> Double? { amount == 0 ? 0 : rate?.convert(amount) }
        grossInBase = inBase(c.amount)
        withheldInBase = inBase(c.tax)
        netInBase = inBase(c.cashChange)
        self.shares = shares
        self.splitFactor = splitFactor
    }
}
