import Foundation

/// What a value axis needs of its scale: where a value goes, where the ticks are, and the decimals that
/// print every tick exactly.
protocol ValueScale: Sendable {
    var ticks: [Double] { get }
    var tickDecimals: Int { get }
    func callAsFunction(_ v: Double) -> Double
}

extension LinearScale: ValueScale {
    var tickDecimals: Int { step.decimals }
}

/// A logarithmic map from a positive data domain to a pixel range, for prices that span many times over
/// the window (BTC or NVDA over five years): equal ratios are equal distances, so the early years are not
/// flattened. The domain is the data's own (a "nice" one, extended to the next 1-2-5 value, would leave
/// up to a 2.5-fold band empty), widened to the 1-2-5 values around it only when fewer than two ticks
/// fall inside. Ticks are at 1, 2 and 5 times each power of ten, thinned to 1 and 5, then to 1 alone,
/// then to every k-th decade, until at most `maxTicks` remain; their values come from `TickStep`, so
/// 0.2 is 0.2.
struct LogScale: ValueScale, Hashable {
    let lower: Double
    let upper: Double
    let rangeStart: Double
    let rangeEnd: Double
    let ticks: [Double]
    let tickDecimals: Int

    /// `dataMin` must be above zero (callers refuse data that is not, `--log`'s one-line error).
    init(dataMin: Double, dataMax: Double, range: (Double, Double), maxTicks: Int = 7) {
        var lo = max(min(dataMin, dataMax), .leastNormalMagnitude)
        var hi = max(dataMin, dataMax, lo)
        let first = Int(log10(lo).rounded(.down)) - 1
        let last = Int(log10(hi).rounded(.up)) + 1
        let candidates = (first...last).flatMap { e in [1, 2, 5].map { TickStep(mantissa: $0, exponent: e) } }
        var inside = candidates.filter { $0.size >= lo && $0.size <= hi }
        if inside.count < 2 {
            // A narrow span (or a flat one): out to the 1-2-5 values either side, so that two are named.
            lo = candidates.last { $0.size < lo }?.size ?? lo
            hi = candidates.first { $0.size > hi }?.size ?? hi
            inside = candidates.filter { $0.size >= lo && $0.size <= hi }
        }
        var shown = inside
        for mantissas in [[1, 2, 5], [1, 5], [1]] {
            shown = inside.filter { mantissas.contains($0.mantissa) }
            if shown.count <= maxTicks { break }
        }
        if shown.count > maxTicks {
            let every = (shown.count + maxTicks - 1) / maxTicks
            shown = shown.enumerated().filter { $0.offset % every == 0 }.map(\.element)
        }
        lower = lo
        upper = hi
        ticks = shown.map(\.size)
        tickDecimals = shown.map(\.decimals).max() ?? 0
        rangeStart = range.0
        rangeEnd = range.1
    }

    func callAsFunction(_ v: Double) -> Double {
        let span = log10(upper) - log10(lower)
        return rangeStart + (span > 0 ? (log10(v) - log10(lower)) / span : 0.5) * (rangeEnd - rangeStart)
    }
}
