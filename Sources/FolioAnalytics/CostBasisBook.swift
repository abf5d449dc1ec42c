import FolioCore
import Foundation

/// The open lots of one holding, long or short, and the income realised when lots are closed.
///
/// Every change is `add(quantity:cost:)` with a signed quantity: a buy adds units at what they cost, a
/// sale adds negative units at minus its proceeds. A change against the open lots' sign closes lots (by
/// `method`) and realises what the closed units got back minus what they cost; what is left over opens a
/// lot of its own sign. So a sale beyond the holding opens a short lot, and later buys cover it first.
/// Worked example (FIFO): buy 10 @ 5, sell 15 @ 8, buy 10 @ 7, sell 2 @ 9 realises 10 × (8 − 5) = 30,
/// then 5 × (8 − 7) = 5 covering the short, then 2 × (9 − 7) = 4; 3 units at 7 stay open.
///
/// A cost may be NaN when its rate to the base currency was missing: the lot's figures are then unknown,
/// and so is the income realised when it is closed, while the other lots stay known.
struct CostBasisBook: Sendable {
    struct Lot: Hashable, Sendable {
        /// Positive for a long lot, negative for a short one; all open lots have one sign.
        var quantity: Double
        /// Cost per unit; a short lot's is what each unit was sold for, and its cost `quantity × unitCost`
        /// is negative.
        var unitCost: Double
    }

    let method: CostBasisMethod
    /// FIFO closes from `head`; LIFO from the end; average keeps a single pooled lot.
    private var lots: [Lot] = []
    private var head = 0
    private(set) var realised = CompensatedSum()

    init(method: CostBasisMethod) { self.method = method }

    var quantity: Double { lots[head...].map(\.quantity).compensatedSum() }
    var cost: Double { lots[head...].map { $0.quantity * $0.unitCost }.compensatedSum() }

    /// Adds `quantity` units (negative to take units away) that cost `cost` in total (negative for
    /// proceeds); returns the income this change realised by closing open lots of the other sign.
    @discardableResult
    mutating func add(quantity: Double, cost: Double) -> Double {
        guard quantity != 0 else { return 0 }
        var remaining = abs(quantity)
        var closedCost = CompensatedSum()
        while remaining > 0 && head < lots.count && (lots[head].quantity > 0) != (quantity > 0) {
            let i = method == .lifo ? lots.count - 1 : head
            let take = min(remaining, abs(lots[i].quantity))
            let sign: Double = lots[i].quantity > 0 ? 1 : -1
            closedCost += sign * take * lots[i].unitCost
            lots[i].quantity -= sign * take
            remaining -= take
            // A lot emptied up to rounding (0.1 + 0.2 − 0.3) is gone.
            if abs(lots[i].quantity) <= take * 1e-12 {
                if method == .lifo { lots.removeLast() } else { head += 1 }
            }
            if remaining <= abs(quantity) * 1e-12 { remaining = 0 }
        }
        let magnitude = abs(quantity)
        let closed = magnitude - remaining
        // The closed lots' cost plus the closing change's own share of `cost` is what the round trip
        // cost: −(that) is what it earned. For a sale: proceeds − cost; for a cover: short proceeds − cost.
        // Shares multiply before they divide, so that 120 × 5 / 15 is 40, not 40.000000000000007.
        let income = closed > 0 ? -(closedCost.value + cost * closed / magnitude) : 0
        if closed > 0 { realised += income }
        if remaining > 0 { open(quantity: quantity > 0 ? remaining : -remaining, cost: cost * remaining / magnitude) }
        return income
    }

    /// A split: every open lot holds `ratio` times the units at the same cost (4-for-1: 10 at 400 become
    /// 40 at 100), so nothing is realised and the cost of the holding stays.
    mutating func split(_ ratio: Double) {
        for i in lots.indices[head...] {
            lots[i].quantity *= ratio
            lots[i].unitCost /= ratio
        }
    }

    private mutating func open(quantity: Double, cost: Double) {
        if method == .average && head < lots.count {
            let q = lots[head].quantity + quantity
            let c = lots[head].quantity * lots[head].unitCost + cost
            lots[head] = Lot(quantity: q, unitCost: c / q)
        } else {
            lots.append(Lot(quantity: quantity, unitCost: cost / quantity))
        }
    }
}
