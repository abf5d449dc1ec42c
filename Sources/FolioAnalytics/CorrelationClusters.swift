import Foundation

extension CorrelationMatrix {
    /// The assets' indices in the order of a hierarchical clustering of their correlations: average
    /// linkage on the distance 1 − r (an undefined pair counts as unrelated, r = 0), the leaves of the
    /// tree read left to right, each merge putting the larger cluster first (ties: the one holding the
    /// lower index). Assets that move together stand together, so that a matrix of forty reads as
    /// blocks of colour instead of noise. The same matrix always gives the same order.
    public func clusterOrder() -> [Int] {
        let n = assets.count
        guard n > 2 else { return Array(0..<n) }
        func distance(_ a: Int, _ b: Int) -> Double {
            guard let r = self[a, b] else { return 1 }
            return 1 - r
        }
        // Each cluster: its leaves in order; the distances between clusters by average linkage.
        var clusters: [[Int]] = (0..<n).map { [$0] }
        var d: [[Double]] = (0..<n).map { a in (0..<n).map { b in distance(a, b) } }
        while clusters.count > 1 {
            var best = (i: 0, j: 1, d: Double.infinity)
            for i in clusters.indices {
                for j in (i + 1)..<clusters.count where d[i][j] < best.d {
                    best = (i, j, d[i][j])
                }
            }
            let (a, b) = (clusters[best.i], clusters[best.j])
            let first = a.count > b.count || (a.count == b.count && (a.min() ?? .max) < (b.min() ?? .max)) ? a : b
            let merged = first == a ? a + b : b + a
            // The merged cluster's distance to every other: the mean of its members' distances.
            let row = clusters.indices.map { k -> Double in
                (d[best.i][k] * Double(a.count) + d[best.j][k] * Double(b.count)) / Double(a.count + b.count)
            }
            for k in clusters.indices {
                d[best.i][k] = row[k]
                d[k][best.i] = row[k]
            }
            d[best.i][best.i] = 0
            clusters[best.i] = merged
            clusters.remove(at: best.j)
            d.remove(at: best.j)
            for k in d.indices { d[k].remove(at: best.j) }
        }
        return clusters[0]
    }
}
