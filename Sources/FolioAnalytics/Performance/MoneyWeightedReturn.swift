import Foundation
import FolioCore

/// The money-weighted return: the annual rate r at which the owner's transfers and the end value
/// balance, Σ amountᵢ / (1 + r)^(daysᵢ / 365) = 0 (Excel's XIRR), days counted from the first transfer.
/// Amounts are signed from the owner's side: deposits negative, withdrawals and the end value positive.
public enum MoneyWeightedReturn {
    /// Nil when there is no money both in and out, or no rate above −100 % balances them.
    public static func xirr(_ flows: [(time: Date, amount: Double)]) -> Double? {
        guard let t0 = flows.map(\.time).min(),
              flows.contains(where: { $0.amount < 0 }), flows.contains(where: { $0.amount > 0 }) else { return nil }
        let years = flows.map { $0.time.timeIntervalSince(t0) / 86_400 / 365 }
        /// NPV and its derivative at r, in one pass over the flows.
        func npv(_ r: Double) -> (value: Double, slope: Double) {
            var value = CompensatedSum(), slope = CompensatedSum()
            let growth = log1p(r)
            for (f, y) in zip(flows, years) {
                let discounted = f.amount * exp(-y * growth)
                value += discounted
                slope += -y * discounted / (1 + r)
            }
            return (value.value, slope.value)
        }
        // Bracket the root, then Newton's method kept inside the bracket (a step that would leave it, or
        // shrink it too slowly, is a bisection instead): a dozen steps, and it cannot diverge.
        var low = -0.999_999, high = 1.0
        let lowSign = npv(low).value.sign
        while npv(high).value.sign == lowSign {
            high = (1 + high) * 10 - 1
            if high > 1e12 { return nil }
        }
        var r = 0.1 < high ? 0.1 : (low + high) / 2
        for _ in 0 ..< 200 {
            let (value, slope) = npv(r)
            if value == 0 { return r }
            if value.sign == lowSign { low = r } else { high = r }
            let newton = r - value / slope
            let next = slope != 0 && newton > low && newton < high ? newton : (low + high) / 2
            if abs(next - r) <= 1e-15 * max(1, abs(r)) { return next }
            r = next
        }
        return r
    }
}
