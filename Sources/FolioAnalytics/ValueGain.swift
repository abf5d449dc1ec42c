import FolioCore

/// What a portfolio gained between two days: the change of its value less the money put in or taken
/// out in between. A withdrawal is not a loss and a first deposit is not a profit; this is the change a
/// reader takes for a gain, so the value chart's headline and the report's change tiles both show it.
public struct ValueGain: Hashable, Sendable {
    /// Δ value − Δ net deposits, in the base currency.
    public var amount: Double
    /// What the percentage is of: the value at the start plus the net deposits made in the window (the
    /// money that was at work, as far as a reader can check it from the value and the flows tables).
    public var capital: Double
    /// `amount / capital`; nil when the capital is not positive (nothing was at work).
    public var fraction: Double? { capital > 0 ? amount / capital : nil }

    public init(amount: Double, capital: Double) {
        self.amount = amount
        self.capital = capital
    }
}

extension ValueSeries {
    /// The gain from the end of `days[from]` to the end of `days[to]`; nil when a value or a transfer
    /// on the way could not be converted.
    public func gain(from: Int, to: Int) -> ValueGain? {
        guard days.indices.contains(from), days.indices.contains(to),
              let startValue = total[from], let endValue = total[to],
              let startFlows = flowsInRange[from], let endFlows = flowsInRange[to] else { return nil }
        let flows = endFlows - startFlows
        return ValueGain(amount: (endValue - startValue) - flows, capital: startValue + flows)
    }

    /// The gain from the end of `since` (or the last day of the series before it) to the end of `through`.
    public func gain(since: Day, through: Day) -> ValueGain? {
        guard let i = days.lastIndex(where: { $0 <= since }), let j = days.lastIndex(where: { $0 <= through }) else { return nil }
        return gain(from: i, to: j)
    }
}
