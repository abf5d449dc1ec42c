import FolioCore
import Foundation

/// Where a portfolio's value came from, day by day and holding by holding: what was paid in and taken
/// out, what prices did, what rates did, and the income and costs booked by the ledger.
///
/// For a holding of q units priced p in its own currency at rate x to the base currency:
/// - **price effect** of a day: q × (p_t − p_{t−1}) × x_{t−1}, what it gained in its own currency at
///   the day before's rate;
/// - **currency effect**: q × p_t × (x_t − x_{t−1}), what the rate's move did to it.
/// Their sum is the change of q × p × x, so between two closes they split the change of value exactly.
/// A currency (cash, and metals, which are valued as currencies) has p = 1: all its change is the rate's.
/// Whatever is priced in the base currency has x = 1: all its change is the price's.
///
/// An entry (`BookedEntry`) happens at its own price and rate: the holding is first carried from its
/// last mark (p, x) to the entry's (the trade's price, the rate the ledger converted at), then the units
/// move at that value, so a trade moves value between holdings without changing the total, and at the
/// day's close the holding is carried on to the close. The marks telescope: for every holding and any
/// run of days, start value + value moved in + price effect + currency effect = end value, and over all
/// holdings the value moved in is deposits − withdrawals + dividends + interest − fees − taxes.
///
/// p and x come from the one daily valuation: x is the rate of the holding's own currency at the close
/// (`CrossRates`), p = value / (q × x) with the value `ValueSeries` gives. A close without a value or a
/// rate leaves the mark where it was, and the next known close carries the holding the whole way, as
/// the time-weighted return carries a day with a missing quote into the next known day; a bridge
/// starting or ending at such a close is undefined, and so is one over an entry whose rate is missing.
public struct ReturnAttribution: Sendable {
    public let base: AssetCode
    /// The value series' days. The first one's close is where everything starts: bridges begin after it.
    public let days: [Day]
    /// Every holding that was held or had a booking, in code order.
    public let holdings: [AssetCode]
    let value: ValueSeries
    let returns: ReturnSeries
    /// `parts[h][d]`: what happened to `holdings[h]` during `days[d]`, its close included.
    let parts: [[DayParts]]
    /// `marked[h][d]`: the close of `days[d]` split `holdings[h]`'s value into price and rate (or it held nothing).
    let marked: [[Bool]]
    /// Where each holding is in `value.assets`.
    let valueIndex: [AssetCode: Int]
    /// Rates missing at entries and closes, with the index of their day.
    let misses: [(day: Int, atClose: Bool, missing: MissingQuoteError)]

    /// One holding's amounts over one day, in the base currency.
    struct DayParts: Sendable {
        var price = 0.0, currency = 0.0
        var deposits = 0.0, withdrawals = 0.0, dividends = 0.0, interest = 0.0, fees = 0.0, taxes = 0.0
        /// Value its entries moved in (out when negative): deposits, trades, income, less fees and taxes.
        var moved = 0.0

        subscript(_ line: BridgeLine) -> Double {
            get {
                switch line {
                case .deposits: deposits
                case .withdrawals: withdrawals
                case .dividends: dividends
                case .interest: interest
                case .fees: fees
                case .taxes: taxes
                }
            }
            set {
                switch line {
                case .deposits: deposits = newValue
                case .withdrawals: withdrawals = newValue
                case .dividends: dividends = newValue
                case .interest: interest = newValue
                case .fees: fees = newValue
                case .taxes: taxes = newValue
                }
            }
        }

        /// What the holding earned: price + currency + dividends + interest − fees − taxes.
        var gain: Double { price + currency + dividends + interest - fees - taxes }
    }

    /// How a holding is priced: a currency at 1 of itself, or quoted in a currency with a route to the base.
    private enum Pricing {
        case currency
        case quoted(CrossRates.Route?)
    }

    /// The days walked in order, each holding carried from mark to mark: what it holds (`units`), the
    /// price and rate it was last marked at, and the effects each carry books on its day (`parts`).
    private struct Walk {
        let holdings: [AssetCode]
        let base: AssetCode
        let pricing: [Pricing]
        let rates: CrossRates
        var parts: [[DayParts]]
        var marked: [[Bool]]
        var misses: [(day: Int, atClose: Bool, missing: MissingQuoteError)] = []
        var units: [Double]
        var mark: [(price: Double, rate: Double)]

        init(holdings: [AssetCode], base: AssetCode, pricing: [Pricing], rates: CrossRates, days: Int) {
            (self.holdings, self.base, self.pricing, self.rates) = (holdings, base, pricing, rates)
            parts = [[DayParts]](repeating: [DayParts](repeating: DayParts(), count: days), count: holdings.count)
            marked = [[Bool]](repeating: [Bool](repeating: true, count: days), count: holdings.count)
            units = [Double](repeating: 0, count: holdings.count)
            mark = [(price: Double, rate: Double)](repeating: (.nan, .nan), count: holdings.count)
        }

        /// The rate of `h`'s own currency to the base at `time`; nil (and the miss noted) when there is none.
        mutating func rate(_ h: Int, at time: Date, day: Int, atClose: Bool) -> Double? {
            guard case let .quoted(route) = pricing[h] else { return nil }
            guard let route else {
                misses.append(
                    (
                        day, atClose,
                        MissingQuoteError(
                            pair: CurrencyPair(holdings[h], base),
                            markets: [],
                            at: time,
                            reason: .noRoute
                        )
                    )
                )
                return nil
            }
            // One unit converted, not `rate(along:)`: a valuation asks this of every holding on every day.
            switch rates.convert(1, along: route, at: time) {
            case let .success(x): return x
            case let .failure(why):
                misses.append((day, atClose, why))
                return nil
            }
        }

        /// Carries `h` from its mark to (`price`, `rate`), booking the effects on day `d`.
        mutating func carry(_ h: Int, to price: Double, _ rate: Double, day d: Int) {
            guard units[h] != 0 else { return }
            let (p0, x0) = mark[h]
            parts[h][d].price += units[h] * (price - p0) * x0
            parts[h][d].currency += units[h] * price * (rate - x0)
        }

        /// An entry of day `d`: its bookings, and each leg's holding carried to the entry's own mark
        /// before its units move.
        mutating func book(_ entry: BookedEntry, day d: Int, index: [AssetCode: Int]) {
            misses += entry.missing.map { (d, false, $0) }
            if let split = entry.split, let h = index[split.asset] {
                units[h] *= split.ratio
                mark[h].price /= split.ratio
            }
            for b in entry.bookings { parts[index[b.holding]!][d][b.line] += b.amount }
            for leg in entry.legs {
                let h = index[leg.holding]!
                parts[h][d].moved += leg.value
                guard leg.quantity != 0 else { continue }
                // The entry's own mark: a currency at the rate it was converted at; anything else at the
                // rate of its currency then, and the price that makes the units worth what was booked.
                let entryMark: (price: Double, rate: Double)
                if case .currency = pricing[h] {
                    entryMark = (1, leg.value / leg.quantity)
                } else {
                    let x = rate(h, at: entry.time, day: d, atClose: false) ?? .nan
                    entryMark = (leg.value / (leg.quantity * x), x)
                }
                carry(h, to: entryMark.price, entryMark.rate, day: d)
                units[h] += leg.quantity
                mark[h] = entryMark
            }
        }

        /// The close of day `d` (at `end`): each holding's units set to the valuation's `quantity`, and
        /// carried to the mark its `value` gives (none, unmarked, when the value or the rate is missing).
        mutating func close(day d: Int, at end: Date, quantity: (Int) -> Double, value: (Int) -> Double?) {
            for h in holdings.indices {
                let q = quantity(h)
                units[h] = q
                guard q != 0 else { continue }
                guard let v = value(h) else {
                    marked[h][d] = false
                    continue
                }
                let close: (price: Double, rate: Double)
                if case .currency = pricing[h] {
                    close = (1, v / q)
                } else if let x = rate(h, at: end, day: d, atClose: true) {
                    close = (v / (q * x), x)
                } else {
                    marked[h][d] = false
                    continue
                }
                if d > 0 { carry(h, to: close.price, close.rate, day: d) }
                mark[h] = close
            }
        }
    }

    /// From the history of `PortfolioInputs.performance(endingAt:)`, whose days start the day before the
    /// first activity, the replay and the rows it was made of, and the rates that valued it.
    public init(
        history: PerformanceHistory,
        replay: HoldingsReplay,
        trades: [Trade],
        cashTransactions: [CashTransaction],
        rates: CrossRates
    ) {
        let value = history.value
        let base = value.base
        let days = value.days
        let booked =
            days.last.map { last in
                LedgerEntry.inReplayOrder(trades: trades, cashTransactions: cashTransactions, through: last.end)
                    .map { BookedEntry($0, rates: rates, base: base) }
            } ?? []
        var codes = Set(value.assets)
        for entry in booked {
            codes.formUnion(entry.legs.map(\.holding))
            codes.formUnion(entry.bookings.map(\.holding))
        }
        let holdings = codes.sorted()
        let index = Dictionary(uniqueKeysWithValues: holdings.enumerated().map { ($1, $0) })
        let pricing: [Pricing] = holdings.map { h in
            guard let currency = rates.pricingCurrency(of: h, towards: base) else { return .quoted(nil) }
            return currency == h ? .currency : .quoted(rates.route(from: currency, to: base))
        }
        // Quantities and values at each close: the valuation's (dust is nothing held, as it shows it).
        let range = days.isEmpty ? nil : try? DayRange(from: days[0], to: days[days.count - 1])
        let held = range.map { replay.daily($0) }
        let heldIndex = Dictionary(uniqueKeysWithValues: (held?.assets ?? []).enumerated().map { ($1, $0) })
        let valueIndex = Dictionary(uniqueKeysWithValues: value.assets.enumerated().map { ($1, $0) })

        var walk = Walk(holdings: holdings, base: base, pricing: pricing, rates: rates, days: days.count)
        var next = 0
        for (d, day) in days.enumerated() {
            // The first close is the opening valuation; what came before it is not bridged.
            while next < booked.count && booked[next].time <= day.end {
                defer { next += 1 }
                guard d > 0 else { continue }
                walk.book(booked[next], day: d, index: index)
            }
            walk.close(
                day: d,
                at: day.end,
                quantity: { h in heldIndex[holdings[h]].map { held!.quantities[$0][d] } ?? 0 },
                value: { h in valueIndex[holdings[h]].flatMap { value.assetValues[$0][d] } }
            )
        }
        self.base = base
        self.days = days
        self.holdings = holdings
        self.value = value
        self.returns = history.returns
        self.parts = walk.parts
        self.marked = walk.marked
        self.misses = walk.misses
        self.valueIndex = valueIndex
    }

    /// The index of `day` in `days`.
    func index(of day: Day) -> Int? {
        guard let first = days.first else { return nil }
        let i = first.distance(to: day)
        return days.indices.contains(i) ? i : nil
    }
}
