/// Neumaier's variant of Kahan summation: sums of many money amounts of very different sizes
/// (1e-9 BTC fees next to 1e6 UAH deposits) keep their last digits (docs/internals.md).
public struct CompensatedSum: Sendable {
    private var sum = 0.0
    private var compensation = 0.0

    public init() {}

    public mutating func add(_ x: Double) {
        let t = sum + x
        if abs(sum) >= abs(x) {
            compensation += (sum - t) + x
        } else {
            compensation += (x - t) + sum
        }
        sum = t
    }

    public var value: Double { sum + compensation }

    public static func += (lhs: inout CompensatedSum, rhs: Double) { lhs.add(rhs) }
}

extension Sequence where Element == Double {
    /// The compensated sum of the elements.
    public func compensatedSum() -> Double {
        var s = CompensatedSum()
        for x in self { s.add(x) }
        return s.value
    }
}

extension Sequence where Element == Double? {
    /// The compensated sum of the elements, or nil when one of them is unknown: a total of figures one of
    /// which is undefined is undefined, never the sum of the others.
    public func knownSum() -> Double? {
        var s = CompensatedSum()
        for x in self {
            guard let x else { return nil }
            s.add(x)
        }
        return s.value
    }
}
