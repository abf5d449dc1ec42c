/// The rows of a broker's file a preset does not take, by the broker's own name for them, each said
/// with where it is: `ignored 3 rows of type "Stock split (manual)": t212.csv:4, t212.csv:9,
/// t212.csv:12 (why)`. Nothing a file holds is dropped without a line that names it.
struct IgnoredRows {
    private var kinds: [(type: String, why: String, locations: [String])] = []

    /// Locations named per type; a history of thousands of card payments says how many more.
    static let locationsShown = 10

    var count: Int { kinds.reduce(0) { $0 + $1.locations.count } }

    mutating func add(_ type: String, at location: String, _ why: String) {
        if let i = kinds.firstIndex(where: { $0.type == type && $0.why == why }) {
            kinds[i].locations.append(location)
        } else {
            kinds.append((type, why, [location]))
        }
    }

    /// One note per type, in the order first met.
    var notes: [String] {
        kinds.map { kind in
            let n = kind.locations.count
            var shown = kind.locations.prefix(Self.locationsShown).joined(separator: ", ")
            if n > Self.locationsShown { shown += " and \(n - Self.locationsShown) more" }
            return "ignored \(n) \(n == 1 ? "row" : "rows") of type \"\(kind.type)\": \(shown) (\(kind.why))"
        }
    }

    /// Adds the count and the notes to a file's summary.
    func report(into summary: inout ImportSummary) {
        summary.ignored += count
        summary.notes += notes
    }
}
