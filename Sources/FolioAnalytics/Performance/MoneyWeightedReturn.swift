import FolioCore
import Foundation

/// The money-weighted return: the rate r at which the owner's transfers and the end value balance,
/// Σ amountᵢ / (1 + r)^(daysᵢ / length) = 0, days counted from the first flow's day.
///
/// Each flow is dated by its UTC calendar day, not its time of day, so that a spreadsheet's XIRR over the
/// same (day, amount) list gives the same rate: Excel, LibreOffice and Google Sheets all count whole
/// days. Amounts are signed from the owner's side: deposits negative, withdrawals and the end value
/// positive.
enum MoneyWeightedReturn {
    typealias Flow = (day: Day, amount: Double)

    /// The annual rate (length 365 days): Excel's XIRR. Nil when there is no money both in and out, or
    /// no rate above −100 % balances them.
    static func xirr(_ flows: [Flow]) -> Double? { rate(flows, length: 365) }

    /// The rate over the whole span of the flows, first day to last, not scaled to a year: the period's own
    /// money-weighted return, (1 + xirr)^(span / 365) − 1. With no flow between the first and the last it
    /// is last / first − 1 exactly.
    ///
    /// Below a year it is solved for the span itself: converted from the annual rate, which over a few days
    /// can be ten thousand percent, it would lose the period's digits. Given the XIRR of a span of a year
    /// or more (a moderate power), it is converted from it, which spares a second solve.
    static func overSpan(_ flows: [Flow], knowingXIRR annual: Double? = nil) -> Double? {
        guard let first = flows.map(\.day).min(), let last = flows.map(\.day).max(), first < last else { return nil }
        let span = Double(first.distance(to: last))
        if let annual, span >= 365 { return pow(1 + annual, span / 365) - 1 }
        return rate(flows, length: span)
    }

    /// The rate per `length` days.
    static func rate(_ flows: [Flow], length: Double) -> Double? {
        guard let d0 = flows.map(\.day).min(),
            flows.contains(where: { $0.amount < 0 }), flows.contains(where: { $0.amount > 0 })
        else { return nil }
        let periods = flows.map { Double(d0.distance(to: $0.day)) / length }
        /// NPV and its derivative at r, in one pass over the flows.
        func npv(_ r: Double) -> (value: Double, slope: Double) {
            var value = CompensatedSum()
            var slope = CompensatedSum()
            let growth = log1p(r)
            for (f, y) in zip(flows, periods) {
                let discounted = f.amount * exp(-y * growth)
                value += discounted
                slope += -y * discounted / (1 + r)
            }
            return (value.value, slope.value)
        }
        // Bracket the root, then Newton's method kept inside the bracket (a step that would leave it, or
        // shrink it too slowly, is a bisection instead): a dozen steps, and it cannot diverge.
        var low = -0.999_999
        var high = 1.0
        let lowSign = npv(low).value.sign
        while npv(high).value.sign == lowSign {
            high = (1 + high) * 10 - 1
            if high > 1e12 { return nil }
        }
        var r = 0.1 < high ? 0.1 : (low + high) / 2
        for _ in 0..<200 {
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
