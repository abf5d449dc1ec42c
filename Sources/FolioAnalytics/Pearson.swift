import Foundation

/// Pearson correlation computed the careful way: means first, then centred sums (two passes), which
/// stays accurate for returns around 1e-4 where the one-pass formula loses digits to cancellation.
enum Pearson {
    /// The correlation of the pairs where both values are present (NaN marks absent), or nil when fewer
    /// than `minimumOverlap` pairs remain or either side is constant over them.
    static func pairwise(
        _ x: UnsafeBufferPointer<Double>,
        _ y: UnsafeBufferPointer<Double>,
        minimumOverlap: Int
    ) -> (Double?, Int) {
        var n = 0
        var sx = 0.0
        var sy = 0.0
        for i in 0..<x.count where !x[i].isNaN && !y[i].isNaN {
            n += 1
            sx += x[i]
            sy += y[i]
        }
        guard n >= max(2, minimumOverlap) else { return (nil, n) }
        let (mx, my) = (sx / Double(n), sy / Double(n))
        var sxx = 0.0
        var syy = 0.0
        var sxy = 0.0
        var firstX = Double.nan
        var firstY = Double.nan
        var constantX = true
        var constantY = true
        for i in 0..<x.count where !x[i].isNaN && !y[i].isNaN {
            if firstX.isNaN {
                firstX = x[i]
                firstY = y[i]
            }
            if x[i] != firstX { constantX = false }
            if y[i] != firstY { constantY = false }
            let (dx, dy) = (x[i] - mx, y[i] - my)
            sxx += dx * dx
            syy += dy * dy
            sxy += dx * dy
        }
        // A constant series has no correlation; testing equality, not the variance, because the mean of
        // equal values can differ from them in the last bit and leave a tiny non-zero variance.
        guard !constantX, !constantY, sxx > 0, syy > 0 else { return (nil, n) }
        return (clamp(sxy / (sxx.squareRoot() * syy.squareRoot())), n)
    }

    static func clamp(_ r: Double) -> Double { Swift.min(1, Swift.max(-1, r)) }

    /// Centres and scales a complete column to unit length, so that the correlation of two complete
    /// columns is their dot product. Nil for a constant column.
    static func standardised(_ x: UnsafeBufferPointer<Double>) -> [Double]? {
        guard let first = x.first, x.contains(where: { $0 != first }) else { return nil }
        var s = 0.0
        for v in x { s += v }
        let mean = s / Double(x.count)
        var z = x.map { $0 - mean }
        var ss = 0.0
        for v in z { ss += v * v }
        guard ss > 0 else { return nil }
        let scale = 1 / ss.squareRoot()
        for i in z.indices { z[i] *= scale }
        return z
    }

    /// Dot product with four accumulators, which lets the compiler keep the loop in vector registers.
    static func dot(_ a: UnsafeBufferPointer<Double>, _ b: UnsafeBufferPointer<Double>) -> Double {
        let n = a.count
        var s0 = 0.0
        var s1 = 0.0
        var s2 = 0.0
        var s3 = 0.0
        var i = 0
        while i + 4 <= n {
            s0 += a[i] * b[i]
            s1 += a[i + 1] * b[i + 1]
            s2 += a[i + 2] * b[i + 2]
            s3 += a[i + 3] * b[i + 3]
            i += 4
        }
        while i < n {
            s0 += a[i] * b[i]
            i += 1
        }
        return (s0 + s1) + (s2 + s3)
    }
}
