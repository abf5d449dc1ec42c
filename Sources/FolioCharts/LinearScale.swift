import Foundation

/// A tick step of the form m × 10^e with m ∈ {1, 2, 5}. Tick values are k × m × 10^e for integer k and
/// are built from integers (k·m, then one multiplication or division by a power of ten), so a tick is
/// the double nearest its decimal value: 0.3, never 0.30000000000000004.
public struct TickStep: Hashable, Sendable {
    public let mantissa: Int
    public let exponent: Int

    /// Decimals needed to print every multiple of the step exactly.
    public var decimals: Int { max(0, -exponent) }

    public func value(_ k: Int) -> Double {
        let units = Double(k * mantissa)
        return exponent >= 0 ? units * TickStep.pow10(exponent) : units / TickStep.pow10(-exponent)
    }

    public var size: Double { value(1) }

    /// Powers of ten from a table of exact doubles instead of `pow`, whose result is not always exact.
    static func pow10(_ n: Int) -> Double {
        var r = 1.0
        for _ in 0..<n { r *= 10 }
        return r
    }
}

/// A linear map from a data domain to a pixel range, with d3-style "nice" domains and 1-2-5 ticks.
struct LinearScale: Hashable, Sendable {
    var domain: (lower: Double, upper: Double) { (lower, upper) }
    let lower: Double
    let upper: Double
    let rangeStart: Double
    let rangeEnd: Double
    let ticks: [Double]
    let step: TickStep

    /// Extends [min, max] to whole tick steps, choosing the 1-2-5 step that gives a tick count closest to
    /// `targetTicks` inside 4…7 where possible, and never more than `maxTicks` (a phone-width image shows
    /// four). A flat or empty domain is widened around its value.
    ///
    /// `snug`: the domain ends a fifth of a tick step (a 1-2-5 step too) beyond the data rather than on a
    /// whole tick step, with ticks only inside it: a bar of returns at −2 % beside one at +250 % gets an
    /// axis to −10 %, not to −50 % (CHART-STYLE.md).
    init(
        dataMin: Double,
        dataMax: Double,
        range: (Double, Double),
        targetTicks: Int = 5,
        includeZero: Bool = false,
        maxTicks: Int = .max,
        snug: Bool = false
    ) {
        var lo = dataMin.isFinite ? dataMin : 0
        var hi = dataMax.isFinite ? dataMax : 1
        if lo > hi { swap(&lo, &hi) }
        if includeZero {
            lo = min(lo, 0)
            hi = max(hi, 0)
        }
        if lo == hi {
            // A flat series still needs an axis: open a band of ±10 % (or ±1 around zero) around it.
            let pad = lo == 0 ? 1 : abs(lo) * 0.1
            lo -= pad
            hi += pad
            if includeZero {
                lo = min(lo, 0)
                hi = max(hi, 0)
                if lo == 0 && dataMin >= 0 { lo = 0 }
            }
        }
        let chosen = LinearScale.chooseStep(lo, hi, target: min(targetTicks, maxTicks - 1), maxTicks: maxTicks)
        var kLo = Int((lo / chosen.size).rounded(.down))
        var kHi = Int((hi / chosen.size).rounded(.up))
        // Division can land a hair beside an integer (1.0000000002): do not add a step for that.
        if chosen.value(kHi - 1) >= hi { kHi -= 1 }
        if chosen.value(kLo + 1) <= lo { kLo += 1 }
        self.step = chosen
        if snug {
            let margin =
                switch chosen.mantissa {
                case 1: TickStep(mantissa: 2, exponent: chosen.exponent - 1)
                case 2: TickStep(mantissa: 5, exponent: chosen.exponent - 1)
                default: TickStep(mantissa: 1, exponent: chosen.exponent)
                }
            let (mLo, mHi) = (Int((lo / margin.size).rounded(.down)), Int((hi / margin.size).rounded(.up)))
            let (bottom, top) = (margin.value(mLo), margin.value(mHi))
            self.lower = bottom
            self.upper = top
            self.ticks = (kLo...max(kLo, kHi)).map { chosen.value($0) }.filter { $0 >= bottom && $0 <= top }
        } else {
            self.lower = chosen.value(kLo)
            self.upper = chosen.value(kHi)
            self.ticks = (kLo...max(kLo, kHi)).map { chosen.value($0) }
        }
        self.rangeStart = range.0
        self.rangeEnd = range.1
    }

    static func == (a: LinearScale, b: LinearScale) -> Bool {
        a.lower == b.lower && a.upper == b.upper && a.rangeStart == b.rangeStart && a.rangeEnd == b.rangeEnd
    }
    func hash(into h: inout Hasher) {
        h.combine(lower)
        h.combine(upper)
        h.combine(rangeStart)
    }

    func callAsFunction(_ v: Double) -> Double {
        let span = upper - lower
        return rangeStart + (span == 0 ? 0.5 : (v - lower) / span) * (rangeEnd - rangeStart)
    }

    static func chooseStep(_ lo: Double, _ hi: Double, target: Int, maxTicks: Int = .max) -> TickStep {
        let span = hi - lo
        let rough = span / Double(max(target, 1))
        let baseExponent = Int(log10(rough).rounded(.down))
        var best: TickStep?
        var bestScore = Double.infinity
        let (fewest, most) = (min(4, max(2, maxTicks - 1)), min(7, maxTicks))
        for e in (baseExponent - 1)...(baseExponent + 2) {
            for m in [1, 2, 5] {
                let step = TickStep(mantissa: m, exponent: e)
                let count = Int((hi / step.size).rounded(.up) - (lo / step.size).rounded(.down)) + 1
                guard count <= maxTicks else { continue }
                // Prefer 4…7 ticks (fewer when fewer are allowed), then the count nearest the target, then the larger step.
                let outside =
                    count < fewest ? Double(fewest - count) * 10 : count > most ? Double(count - most) * 10 : 0
                let score = outside + abs(Double(count - (target + 1))) + (m == 5 ? 0.1 : 0)
                if score < bestScore {
                    bestScore = score
                    best = step
                }
            }
        }
        return best ?? TickStep(mantissa: 1, exponent: baseExponent)
    }
}

/// Evenly spaced bands for groups (months, assets), with inner and outer padding as fractions of a step.
struct BandScale: Hashable, Sendable {
    let count: Int
    let rangeStart: Double
    let rangeEnd: Double
    let paddingInner: Double
    let paddingOuter: Double

    init(count: Int, range: (Double, Double), paddingInner: Double = 0.2, paddingOuter: Double = 0.1) {
        self.count = count
        self.rangeStart = range.0
        self.rangeEnd = range.1
        self.paddingInner = paddingInner
        self.paddingOuter = paddingOuter
    }

    var step: Double {
        (rangeEnd - rangeStart) / max(Double(count) - paddingInner + 2 * paddingOuter, 1)
    }
    var bandwidth: Double { step * (1 - paddingInner) }
    func start(_ index: Int) -> Double { rangeStart + step * (paddingOuter + Double(index)) }
    func center(_ index: Int) -> Double { start(index) + bandwidth / 2 }
}
