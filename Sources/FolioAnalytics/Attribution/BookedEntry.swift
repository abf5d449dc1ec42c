import FolioCore
import Foundation

/// The lines of a value bridge that money crossing a holding's boundary is booked on: what the owner
/// put in or took out, and the income and costs that are neither a price nor a rate.
enum BridgeLine: String, Hashable, Sendable, CaseIterable {
    case deposits, withdrawals, dividends, interest, fees, taxes
}

/// What one ledger entry moves, in the base currency at the entry's moment, with the conversions
/// `CostBasisLedger` books it at: the units each holding gains or loses and what they are worth, and the
/// bridge lines it adds to, each on the holding it belongs to.
///
/// - A deposit of A (fee f) is a deposit of A and a fee of f on its currency, which gains A − f.
///   A withdrawal of A (fee f) is a withdrawal of A and a fee of f; the currency loses A + f.
/// - A dividend of A (tax t, fee f) is a dividend of A, a tax of t and a fee of f on the paying asset;
///   its currency gains A − t − f. Interest is the same on the currency itself. An account fee is a fee.
/// - A buy of Q at P in C: C gives Q × P and the asset gains Q units worth what was paid; a sale the
///   reverse. The trade's fee is a fee of the asset traded: paid from its own currency at that moment's
///   rate, or in units of the asset, worth the trade's price (a buy then delivers Q − fee units for Q × P).
///   So a trade moves value between holdings and only its fee leaves the portfolio.
/// - A split multiplies the units held and divides the price: it moves no value.
/// Per entry, the legs' values add up to the lines' (deposits and income in, withdrawals, fees and taxes
/// out), to a rounding of the last bit: each line is converted once and the legs are made of those amounts.
struct BookedEntry: Sendable {
    struct Leg: Sendable {
        var holding: AssetCode
        var quantity: Double
        /// In the base currency; NaN when the rate was missing.
        var value: Double
    }
    struct Booking: Sendable {
        var holding: AssetCode
        var line: BridgeLine
        /// Positive: a withdrawal, a fee or a tax is an amount taken out.
        var amount: Double
    }

    var time: Date
    var legs: [Leg] = []
    var bookings: [Booking] = []
    var split: (asset: AssetCode, ratio: Double)?
    var missing: [MissingQuoteError] = []

    init(_ entry: LedgerEntry, rates: CrossRates, base: AssetCode) {
        time = entry.time
        switch entry {
        case let .cash(c): book(c, rates: rates, base: base)
        case let .trade(t): book(t, rates: rates, base: base)
        }
    }

    /// `amount` of `currency` in the base currency now, by the rule `CostBasisLedger` books by too.
    private mutating func inBase(_ amount: Double, _ currency: AssetCode, rates: CrossRates, base: AssetCode) -> Double
    {
        rates.value(of: amount, currency, in: base, at: time, missing: &missing)
    }

    private mutating func book(_ c: CashTransaction, rates: CrossRates, base: AssetCode) {
        func value(_ amount: Double) -> Double { inBase(amount, c.currency, rates: rates, base: base) }
        switch c.kind {
        case .deposit, .withdrawal:
            let (amount, fee) = (value(c.amount), value(c.fee))
            let deposit = c.kind == .deposit
            bookings.append(Booking(holding: c.currency, line: deposit ? .deposits : .withdrawals, amount: amount))
            if c.fee != 0 { bookings.append(Booking(holding: c.currency, line: .fees, amount: fee)) }
            legs.append(
                Leg(holding: c.currency, quantity: c.cashChange, value: deposit ? amount - fee : -(amount + fee))
            )
        case .dividend, .interest:
            let (gross, tax, fee) = (value(c.amount), value(c.tax), value(c.fee))
            let payer = c.kind == .dividend ? c.asset ?? c.currency : c.currency
            bookings.append(Booking(holding: payer, line: c.kind == .dividend ? .dividends : .interest, amount: gross))
            if c.tax != 0 { bookings.append(Booking(holding: payer, line: .taxes, amount: tax)) }
            if c.fee != 0 { bookings.append(Booking(holding: payer, line: .fees, amount: fee)) }
            legs.append(Leg(holding: c.currency, quantity: c.cashChange, value: gross - tax - fee))
        case .fee:
            let paid = value(-c.cashChange)
            bookings.append(Booking(holding: c.currency, line: .fees, amount: paid))
            legs.append(Leg(holding: c.currency, quantity: c.cashChange, value: -paid))
        case .split:
            if let asset = c.asset, let ratio = c.ratio { split = (asset, ratio) }
        }
    }

    private mutating func book(_ t: Trade, rates: CrossRates, base: AssetCode) {
        let paid = t.quantity * t.price
        let paidValue = t.paidInBase(base) { inBase($0, $1, rates: rates, base: base) }
        var fee = 0.0
        var feeUnits = 0.0
        if t.fee != 0 {
            if t.feeCurrency == t.asset {
                feeUnits = t.fee
                fee = t.unitsInBase(t.fee, base) { inBase($0, $1, rates: rates, base: base) }
            } else {
                fee = inBase(t.fee, t.feeCurrency, rates: rates, base: base)
                legs.append(Leg(holding: t.feeCurrency, quantity: -t.fee, value: -fee))
            }
            bookings.append(Booking(holding: t.asset, line: .fees, amount: fee))
        }
        // Fee units leave with the trade's value of them; a fee in another currency left with its own leg.
        let unitsFee = feeUnits != 0 ? fee : 0
        switch t.side {
        case .buy:
            legs.append(Leg(holding: t.priceCurrency, quantity: -paid, value: -paidValue))
            legs.append(Leg(holding: t.asset, quantity: t.quantity - feeUnits, value: paidValue - unitsFee))
        case .sell:
            legs.append(Leg(holding: t.asset, quantity: -(t.quantity + feeUnits), value: -(paidValue + unitsFee)))
            legs.append(Leg(holding: t.priceCurrency, quantity: paid, value: paidValue))
        }
    }
}
