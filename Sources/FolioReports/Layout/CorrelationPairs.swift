import FolioCharts
import FolioDatasets

/// A correlation matrix of more assets than its cells can carry figures for (forty holdings): the pairs a
/// reader looks for in it, the most and the least correlated, listed with their figures in one table
/// under the matrix, each half under its heading.
struct CorrelationPairs {
    /// Pairs in each half of the table.
    static let count = 10

    var most: [(pair: String, r: Double)]
    var least: [(pair: String, r: Double)]

    /// The pairs of different assets with a correlation, highest first and lowest first (ties by name).
    init(_ chart: CorrelationChart) {
        var pairs: [(pair: String, r: Double)] = []
        for a in chart.labels.indices {
            for b in chart.labels.indices where b > a {
                let r = chart.matrix[a][b]
                guard r.isFinite else { continue }
                let names = [chart.labels[a], chart.labels[b]].sorted()
                pairs.append((names[0] + " · " + names[1], r))
            }
        }
        let sorted = pairs.sorted { ($0.r, $1.pair) > ($1.r, $0.pair) }
        most = Array(sorted.prefix(Self.count))
        least = Array(sorted.reversed().prefix(Self.count))
    }

    func table(strings: Catalogue, style: ReportStyle) -> TableBlock {
        // Written as the matrix's cells write them: two decimals, a true minus.
        let format = NumberFormat(locale: strings.locale, style: .decimal(2), grouping: false)
        let rows = (0..<max(most.count, least.count)).map { i -> [String] in
            func cells(_ list: [(pair: String, r: Double)]) -> [String] {
                i < list.count ? [list[i].pair, format.string(list[i].r)] : ["", ""]
            }
            return cells(most) + cells(least)
        }
        let (high, low) = (strings.mostCorrelated(most.count), strings.leastCorrelated(least.count))
        return TableBlock(
            columns: [
                TableColumn(title: strings.pair, numeric: false, group: high),
                TableColumn(title: strings[.correlation], numeric: true, group: high),
                TableColumn(title: strings.pair, numeric: false, group: low),
                TableColumn(title: strings[.correlation], numeric: true, group: low),
            ],
            rows: rows,
            style: style
        )
    }
}
