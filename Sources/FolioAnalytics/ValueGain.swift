import FolioCore

/// What a portfolio gained between two days: the change of its value less the money put in or taken
/// out in between, and the time-weighted return of those days. A withdrawal is not a loss and a first
/// deposit is not a profit; the value chart's headline and the report's change tiles both show it, and
/// the percentage is the one the performance table gives the same days (`ReturnSeries`), so that "1
/// month" on a tile and in the table is one figure.
public struct ValueGain: Hashable, Sendable {
    /// Δ value − Δ net deposits, in the base currency.
    public var amount: Double
    /// The days' returns compounded (`ReturnSeries`); nil when no day counted.
    public var timeWeighted: Double?

    public init(amount: Double, timeWeighted: Double?) {
        self.amount = amount
        self.timeWeighted = timeWeighted
    }
}

extension ValueSeries {
    /// The gain from the end of `days[from]` to the end of `days[to]`; nil when a value or a transfer
    /// on the way could not be converted.
    public func gain(from: Int, to: Int) -> ValueGain? {
        guard days.indices.contains(from), days.indices.contains(to),
            let startValue = total[from], let endValue = total[to],
            let startFlows = flowsInRange[from], let endFlows = flowsInRange[to]
        else { return nil }
        let flows = endFlows - startFlows
        let returns = ReturnSeries(value: self)
        let window = returns.days.indices.filter { returns.days[$0] > days[from] && returns.days[$0] <= days[to] }
        let compounded = window.isEmpty ? nil : window.reduce(1.0) { $0 * (1 + returns.returns[$1]) } - 1
        return ValueGain(amount: (endValue - startValue) - flows, timeWeighted: compounded)
    }

    /// The gain from the end of `since` (or the last day of the series before it) to the end of `through`.
    public func gain(since: Day, through: Day) -> ValueGain? {
        guard let i = days.lastIndex(where: { $0 <= since }), let j = days.lastIndex(where: { $0 <= through }) else {
            return nil
        }
        return gain(from: i, to: j)
    }
}
