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
        func npv(_ r: Double) -> Double {
            zip(flows, years).map { $0.amount / pow(1 + r, $1) }.compensatedSum()
        }
        // Bracket the root on a log scale of 1 + r, then bisect: slower than Newton's method, but it
        // cannot jump out of range or stall on a flat stretch, and 200 halvings reach the last bit.
        var low = -0.999_999, high = 1.0
        while npv(high).sign == npv(low).sign {
            high = (1 + high) * 10 - 1
            if high > 1e12 { return nil }
        }
        for _ in 0 ..< 200 {
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            if npv(mid).sign == npv(low).sign { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
