/// The name a user most likely meant when the one typed names nothing: `tabel` for `table`, `t212`
/// for `T212`. A candidate matches when it differs only in case, or by at most two edits (a letter
/// added, dropped, changed or two swapped) in a word of five letters or more, one in a word of three or
/// four (`Z` is not a typo of `P`).
public enum NearMatch {
    /// The closest candidate to `typed`, nil when none is close enough; ties go to the first given.
    public static func best(_ typed: String, among candidates: some Sequence<String>) -> String? {
        let wanted = Array(typed.lowercased())
        let allowed = wanted.count >= 5 ? 2 : wanted.count >= 3 ? 1 : 0
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = Self.distance(wanted, Array(candidate.lowercased()))
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Names are short; beyond this the answer is "far" anyway, and the table stays small.
        guard abs(a.count - b.count) <= 2, a.count <= 200, b.count <= 200 else { return .max }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, table[i - 2][j - 2] + 1) }
                table[i][j] = d
            }
        }
        return table[a.count][b.count]
    }
}
