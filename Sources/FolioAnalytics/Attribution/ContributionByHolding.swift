import FolioCore
import Foundation

/// One holding's part of a range's gain, in the base currency (cash in each currency is a holding).
public struct HoldingContribution: Hashable, Sendable {
    public var asset: AssetCode
    /// Its value at the end of the day before the range and at the range's end.
    public var start: Double?
    public var end: Double?
    /// Value its entries moved in (out when negative): money paid in or taken out of it, what trades
    /// brought or took, its income less fees and taxes. start + moved + price + currency = end.
    public var moved: Double?
    public var price: Double?
    public var currency: Double?
    public var dividends: Double?
    public var interest: Double?
    public var fees: Double?
    public var taxes: Double?
    /// Its contribution to the range's time-weighted return (a fraction), linked so that the holdings'
    /// add up to the return (`ContributionByHolding`).
    public var timeWeighted: Double?

    /// Its amounts (every figure but `timeWeighted`), each summed over the holdings into the total.
    static var amounts: [WritableKeyPath<HoldingContribution, Double?>] {
        [\.start, \.end, \.moved, \.price, \.currency, \.dividends, \.interest, \.fees, \.taxes]
    }

    /// Dividends it paid and interest of its currency, less the tax withheld from them.
    public var income: Double? { dividends.flatMap { d in interest.flatMap { i in taxes.map { d + i - $0 } } } }
    /// What it earned: price + currency + income − fees.
    public var total: Double? {
        price.flatMap { p in currency.flatMap { c in income.flatMap { i in fees.map { p + c + i - $0 } } } }
    }
}

/// The range's gain holding by holding: the rows add up to the value bridge's lines, and their
/// contributions to the time-weighted return add up to it.
///
/// A day's contribution of a holding is its gain over the portfolio's value at the start of the day,
/// its weight times its return, so that the holdings' add up to the day's return; the days are linked
/// by Frongello's method: each day's contribution is scaled by the growth of the time-weighted index up
/// to the day before, c_h = Σ_t g_{h,t} / V_{t−1} × Π_{s<t} (1 + r_s). Then Σ_h c_h = Σ_t r_t Π_{s<t}
/// (1 + r_s) = Π_t (1 + r_t) − 1 exactly: the sum telescopes, with no approximation, no logarithm (a
/// day of −100 % and a period of 0 % need no special case, as Carino's ln(1 + r) / r does) and no
/// spreading of a residual (Menchero's). Each contribution is what the holding added to the index the
/// cumulative-return chart draws, on the base it had reached. The days are the return's: a day with a
/// missing quote is carried into the next known one, a day that has no return has no contribution.
public struct ContributionByHolding: Hashable, Sendable {
    public var range: DayRange
    public var base: AssetCode
    /// Every holding with a value or an amount in the range, in code order.
    public var rows: [HoldingContribution]
    /// Start, end and every amount summed; `timeWeighted` is the range's time-weighted return.
    public var total: HoldingContribution
    public var missing: [MissingQuoteSpan]
}

extension ReturnAttribution {
    /// Every holding's part of the gain over `range`, which must lie within the days after the first one.
    public func contributions(over range: DayRange) -> ContributionByHolding {
        var out = ContributionByHolding(
            range: range,
            base: base,
            rows: [],
            total: HoldingContribution(asset: base),
            missing: []
        )
        guard let a = index(of: range.from), a > 0, let b = index(of: range.to) else { return out }
        let linked = timeWeighted(a, b)
        let amounts = HoldingContribution.amounts
        var totals = [CompensatedSum](repeating: CompensatedSum(), count: amounts.count)
        for h in holdings.indices {
            let s = sum(a, b, holding: h)
            let ends = [a - 1, b].map { d in valueIndex[holdings[h]].map { value.assetValues[$0][d] } ?? 0 }
            let figures = HoldingContribution(
                asset: holdings[h],
                start: ends[0],
                end: ends[1],
                moved: s.moved,
                price: s.price,
                currency: s.currency,
                dividends: s.dividends,
                interest: s.interest,
                fees: s.fees,
                taxes: s.taxes
            )
            guard amounts.contains(where: { figures[keyPath: $0] != 0 }) else { continue }
            let known =
                marked[h][a - 1] && marked[h][b] && amounts.allSatisfy { figures[keyPath: $0]?.isFinite == true }
            var row = HoldingContribution(asset: holdings[h])
            if known {
                row = figures
                row.timeWeighted = linked.contributions?[h]
            }
            out.rows.append(row)
            for (k, amount) in amounts.enumerated() { totals[k] += known ? figures[keyPath: amount]! : .nan }
        }
        out.total.timeWeighted = linked.contributions == nil ? nil : linked.timeWeighted
        for (amount, sum) in zip(amounts, totals) { out.total[keyPath: amount] = sum.value.isFinite ? sum.value : nil }
        if out.rows.contains(where: { $0.total == nil }) || linked.contributions == nil && linked.timeWeighted != nil {
            out.missing = missing(a, b)
        }
        return out
    }

    /// Each holding's linked contribution to the time-weighted return over days `a` … `b` (indices), and
    /// that return; contributions nil when a counted day's close could not be split, the return nil when
    /// no day in the range counts.
    func timeWeighted(_ a: Int, _ b: Int) -> (contributions: [Double]?, timeWeighted: Double?) {
        let returnOf = Dictionary(zip(returns.days, returns.returns), uniquingKeysWith: { first, _ in first })
        // Known days as `ReturnSeries` reads them: a value and the day's transfers known. Each counted
        // day's return is over the days since the last known one.
        let flows = (try? DayRange(from: days[0], to: days[days.count - 1])).map { value.transfers.byDay($0) }
        var growth = 1.0
        var counted = false
        var complete = true
        var linked = [CompensatedSum](repeating: CompensatedSum(), count: holdings.count)
        var gains = [Double](repeating: 0, count: holdings.count)
        var previous: Int? = nil
        for d in 0...b {
            for h in holdings.indices { gains[h] += parts[h][d].gain }
            guard value.total[d] != nil, flows?.deposits[d] != nil, flows?.withdrawals[d] != nil else { continue }
            defer {
                previous = d
                gains = gains.map { _ in 0 }
            }
            guard d >= a, let r = returnOf[days[d]], let p = previous.flatMap({ value.total[$0] }) else { continue }
            counted = true
            if !isSplit(at: d) || !isSplit(at: previous!) || gains.contains(where: { !$0.isFinite }) {
                complete = false
            }
            for h in holdings.indices { linked[h] += gains[h] / p * growth }
            growth *= 1 + r
        }
        guard counted else { return (nil, nil) }
        return (complete ? linked.map(\.value) : nil, growth - 1)
    }
}
