import Foundation
import FolioCore

/// The open lots of one position and how sales consume them, by method.
struct CostBasisBook: Sendable {
    struct Lot: Hashable, Sendable {
        var quantity: Double
        var unitCost: Double
    }

    let method: CostBasisMethod
    /// FIFO consumes from `head`; LIFO from the end; average keeps a single pooled lot.
    private var lots: [Lot] = []
    private var head = 0
    private(set) var realised = CompensatedSum()
    private(set) var unmatched = 0.0

    init(method: CostBasisMethod) { self.method = method }

    var quantity: Double { lots[head...].map(\.quantity).compensatedSum() }
    var cost: Double { lots[head...].map { $0.quantity * $0.unitCost }.compensatedSum() }

    mutating func buy(quantity: Double, cost: Double) {
        guard quantity > 0 else { return }
        switch method {
        case .fifo, .lifo:
            lots.append(Lot(quantity: quantity, unitCost: cost / quantity))
        case .average:
            if head < lots.count {
                let q = lots[head].quantity + quantity
                let c = lots[head].quantity * lots[head].unitCost + cost
                lots[head] = Lot(quantity: q, unitCost: c / q)
            } else {
                lots.append(Lot(quantity: quantity, unitCost: cost / quantity))
            }
        }
    }

    /// Removes `quantity` units and books `proceeds` for them; returns the income realised by this sale.
    mutating func sell(quantity: Double, proceeds: Double) -> Double {
        guard quantity > 0 else { return 0 }
        var remaining = quantity
        var cost = CompensatedSum()
        while remaining > 0 && head < lots.count {
            let i = method == .lifo ? lots.count - 1 : head
            let take = min(remaining, lots[i].quantity)
            cost += take * lots[i].unitCost
            lots[i].quantity -= take
            remaining -= take
            // A lot emptied up to rounding (0.1 + 0.2 − 0.3) is gone.
            if lots[i].quantity <= take * 1e-12 {
                if method == .lifo { lots.removeLast() } else { head += 1 }
            }
            if remaining <= quantity * 1e-12 { remaining = 0 }
        }
        unmatched += remaining
        let matched = quantity - remaining
        // Proceeds count only for the units that had a cost: the rest is reported as unmatched.
        let income = proceeds * (matched / quantity) - cost.value
        realised += income
        return income
    }
}
