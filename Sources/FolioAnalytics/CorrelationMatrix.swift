import FolioCore
import Foundation

/// Pearson correlations of daily returns between every two assets, over pairwise-complete days: each
/// pair uses the days on which both have a return. A pair with fewer than `minimumOverlap` such days, or
/// with a constant series, is undefined (nil) — never 0, which would claim "unrelated".
public struct CorrelationMatrix: Hashable, Sendable {
    public var assets: [AssetCode]
    public var minimumOverlap: Int
    /// Row-major n×n; NaN for undefined (see `subscript`).
    private var values: [Double]
    /// Row-major n×n: days both had a return.
    private var overlaps: [Int]

    public static let defaultMinimumOverlap = 20

    /// Correlations over all the days of `returns` (restrict or cut it first for a window).
    public init(
        _ returns: DailyReturns,
        minimumOverlap: Int = CorrelationMatrix.defaultMinimumOverlap
    ) throws(AnalyticsError) {
        guard minimumOverlap >= 2 else {
            throw .invalidArgument(name: "minimum overlap", value: "\(minimumOverlap)", expected: "at least 2")
        }
        let n = returns.assets.count
        let m = returns.days.count
        let columns: [[Double]] = returns.returns.map { $0.map { $0 ?? .nan } }
        let complete = columns.map { !$0.contains(where: \.isNaN) }
        // Fast path: complete columns are standardised once, then each pair is one dot product.
        let standardised: [[Double]?] = columns.indices.map { a in
            complete[a] && m >= minimumOverlap ? columns[a].withUnsafeBufferPointer(Pearson.standardised) : nil
        }
        var values = [Double](repeating: .nan, count: n * n)
        var overlaps = [Int](repeating: 0, count: n * n)
        for a in 0..<n {
            for b in a..<n {
                var r: Double?
                var overlap: Int
                if complete[a] && complete[b] {
                    overlap = m
                    if let za = standardised[a], let zb = standardised[b] {
                        r =
                            a == b
                            ? 1
                            : za.withUnsafeBufferPointer { pa in
                                zb.withUnsafeBufferPointer { Pearson.clamp(Pearson.dot(pa, $0)) }
                            }
                    }
                } else {
                    (r, overlap) = columns[a].withUnsafeBufferPointer { pa in
                        columns[b].withUnsafeBufferPointer { Pearson.pairwise(pa, $0, minimumOverlap: minimumOverlap) }
                    }
                    if a == b, r != nil { r = 1 }
                }
                values[a * n + b] = r ?? .nan
                values[b * n + a] = r ?? .nan
                overlaps[a * n + b] = overlap
                overlaps[b * n + a] = overlap
            }
        }
        self.assets = returns.assets
        self.minimumOverlap = minimumOverlap
        self.values = values
        self.overlaps = overlaps
    }

    /// The correlation of `assets[i]` and `assets[j]`; nil when undefined.
    public subscript(i: Int, j: Int) -> Double? {
        let v = values[i * assets.count + j]
        return v.isNaN ? nil : v
    }

    /// Days on which both had a return.
    public func overlap(_ i: Int, _ j: Int) -> Int { overlaps[i * assets.count + j] }

    /// The correlation of two assets by code; throws when either is not in the matrix.
    public func correlation(_ a: AssetCode, _ b: AssetCode) throws(AnalyticsError) -> Double? {
        guard let i = assets.firstIndex(of: a) else { throw .unknownAsset(a, argument: "asset") }
        guard let j = assets.firstIndex(of: b) else { throw .unknownAsset(b, argument: "asset") }
        return self[i, j]
    }
}

extension CorrelationMatrix {
    /// Table `correlation`: one row per asset, one column per asset (a square matrix).
    public var table: ResultTable {
        ResultTable(
            columns: [.init("asset", .text)] + assets.map { .init($0.rawValue, .number, ratio: true) },
            rows: assets.indices.map { i in [.text(assets[i].rawValue)] + assets.indices.map { .finite(self[i, $0]) } }
        )
    }
}
