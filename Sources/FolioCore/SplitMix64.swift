import Foundation

/// SplitMix64: a tiny seeded generator that gives the same numbers on every machine, for generated
/// benchmark inputs and property tests (Swift's own generator cannot be seeded).
package struct SplitMix64: Sendable {
    private var state: UInt64

    package init(seed: UInt64) { state = seed }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    package mutating func next(below n: Int) -> Int { Int(next() % UInt64(n)) }

    /// Uniform in [0, 1).
    package mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    package mutating func normal() -> Double {
        let u = max(unit(), 1e-300)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * unit())
    }

    /// A Fisher–Yates shuffle of `items`.
    package mutating func shuffled<T>(_ items: [T]) -> [T] {
        var a = items
        for i in stride(from: a.count - 1, to: 0, by: -1) { a.swapAt(i, next(below: i + 1)) }
        return a
    }
}
