/// Length-limited canonical Huffman codes for deflate (RFC 1951 §3.2.2): code lengths from symbol
/// frequencies, none longer than a maximum (15 bits for literals/lengths and distances, 7 for the
/// code-length alphabet). A plain Huffman tree can be deeper than that on skewed histograms
/// (Fibonacci-like frequencies), which inflate rejects; then the package-merge algorithm (Larmore &
/// Hirschberg) gives the optimal lengths under the limit.
enum HuffmanCode {
    /// Code lengths (0 for unused symbols) for `frequencies`, none longer than `maxLength`. Every code
    /// it returns is complete (Kraft sum exactly 1): when fewer than two symbols occur, the lowest unused
    /// symbols are given a frequency of 1, because inflate rejects incomplete codes in most positions.
    static func lengths(frequencies: [UInt32], maxLength: Int) -> [UInt8] {
        var counts = frequencies
        var used = counts.reduce(0) { $1 > 0 ? $0 + 1 : $0 }
        var s = 0
        while used < 2 && s < counts.count {
            if counts[s] == 0 {
                counts[s] = 1
                used += 1
            }
            s += 1
        }
        precondition(used >= 2 && used <= 1 << maxLength, "cannot build a code of \(used) symbols")

        // Leaves sorted by weight, ties by symbol (deterministic output): weight << 16 | symbol sorts as one
        // integer, without a comparison closure.
        let keys = counts.indices.compactMap { counts[$0] > 0 ? UInt64(counts[$0]) << 16 | UInt64($0) : nil }.sorted()
        let n = keys.count
        let weights = UnsafeMutablePointer<UInt64>.allocate(capacity: n)
        defer { weights.deallocate() }
        for i in 0..<n { weights[i] = keys[i] >> 16 }

        var result = [UInt8](repeating: 0, count: counts.count)
        if huffmanLengths(weights: weights, n: n, maxLength: maxLength, into: &result, symbols: keys) { return result }

        // List 0 is the deepest (the leaves alone); each shallower list merges the leaves with the packages
        // (pairs) of the list below it. Only which entries are leaves is kept: the selected entries of every
        // list form a prefix, so counting the leaves in that prefix is all the backtracking needed. Each list
        // has fewer than 2n entries.
        let width = 2 * n
        let isLeaf = UnsafeMutablePointer<Bool>.allocate(capacity: maxLength * width)
        var previous = UnsafeMutablePointer<UInt64>.allocate(capacity: width)
        var merged = UnsafeMutablePointer<UInt64>.allocate(capacity: width)
        defer {
            isLeaf.deallocate()
            previous.deallocate()
            merged.deallocate()
        }
        previous.update(from: weights, count: n)
        for i in 0..<n { isLeaf[i] = true }
        var previousCount = n
        for level in 1..<maxLength {
            let flags = isLeaf + level * width
            var leaf = 0
            var pair = 0
            var m = 0
            while leaf < n || pair + 1 < previousCount {
                let package = pair + 1 < previousCount ? previous[pair] + previous[pair + 1] : UInt64.max
                if leaf < n && weights[leaf] <= package {
                    merged[m] = weights[leaf]
                    flags[m] = true
                    leaf += 1
                } else {
                    merged[m] = package
                    flags[m] = false
                    pair += 2
                }
                m += 1
            }
            swap(&previous, &merged)
            previousCount = m
        }

        // Take the 2n−2 lightest entries of the shallowest list; every list a leaf is selected in adds one
        // bit to its code.
        var selected = 2 * n - 2
        var level = maxLength - 1
        while selected > 0 && level >= 0 {
            let flags = isLeaf + level * width
            var leavesInPrefix = 0
            for i in 0..<selected where flags[i] { leavesInPrefix += 1 }
            for i in 0..<leavesInPrefix { result[Int(keys[i] & 0xFFFF)] += 1 }
            selected = 2 * (selected - leavesInPrefix)
            level -= 1
        }
        return result
    }

    /// Huffman's algorithm on weights sorted ascending, with two queues (the leaves, and the internal nodes,
    /// which are made in ascending weight order): O(n), and on real histograms almost always within the
    /// limit, so package-merge (O(n · maxLength), ~10× the work) runs only when it is not. Writes the code
    /// lengths by symbol (`symbols[i] & 0xFFFF` for leaf i) and returns true when no code is longer than
    /// `maxLength`.
    private static func huffmanLengths(
        weights: UnsafeMutablePointer<UInt64>,
        n: Int,
        maxLength: Int,
        into result: inout [UInt8],
        symbols: [UInt64]
    ) -> Bool {
        // Nodes 0..<n are the leaves, n + k the k-th internal node; the root is the last, 2n − 2.
        let parent = UnsafeMutablePointer<Int>.allocate(capacity: 2 * n - 1)
        let internalWeight = UnsafeMutablePointer<UInt64>.allocate(capacity: n - 1)
        let depth = UnsafeMutablePointer<Int>.allocate(capacity: 2 * n - 1)
        defer {
            parent.deallocate()
            internalWeight.deallocate()
            depth.deallocate()
        }
        var leaf = 0
        var node = 0
        for k in 0..<(n - 1) {
            var sum: UInt64 = 0
            for _ in 0..<2 {
                if leaf < n && (node >= k || weights[leaf] <= internalWeight[node]) {
                    sum += weights[leaf]
                    parent[leaf] = n + k
                    leaf += 1
                } else {
                    sum += internalWeight[node]
                    parent[n + node] = n + k
                    node += 1
                }
            }
            internalWeight[k] = sum
        }
        depth[2 * n - 2] = 0
        for j in stride(from: 2 * n - 3, through: 0, by: -1) {
            depth[j] = depth[parent[j]] + 1
            if depth[j] > maxLength { return false }
        }
        for i in 0..<n { result[Int(symbols[i] & 0xFFFF)] = UInt8(depth[i]) }
        return true
    }

    /// Canonical codes for `lengths` (RFC 1951 §3.2.2), bit-reversed because deflate sends Huffman codes
    /// most significant bit first into a least-significant-bit-first stream.
    static func codes(lengths: [UInt8]) -> [UInt16] {
        var countOfLength = [UInt16](repeating: 0, count: 16)
        for l in lengths where l > 0 { countOfLength[Int(l)] += 1 }
        var next = [UInt16](repeating: 0, count: 16)
        var code: UInt16 = 0
        for bits in 1..<16 {
            code = (code &+ countOfLength[bits - 1]) << 1
            next[bits] = code
        }
        return lengths.map { l in
            guard l > 0 else { return 0 }
            let c = next[Int(l)]
            next[Int(l)] += 1
            return UInt16(truncatingIfNeeded: UInt32(c).bitReversed(count: Int(l)))
        }
    }
}

extension UInt32 {
    /// The low `count` bits in reverse order.
    @inline(__always) func bitReversed(count: Int) -> UInt32 {
        var v = self
        var r: UInt32 = 0
        for _ in 0..<count {
            r = r << 1 | (v & 1)
            v >>= 1
        }
        return r
    }
}
