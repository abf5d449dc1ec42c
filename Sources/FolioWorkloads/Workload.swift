import FolioAnalytics
import FolioCharts
import FolioCore
import Foundation

/// The standard chart workloads W1–W4 (`samples/bench/README.md`), each the computation its chart
/// shows plus the chart itself: the benchmark times them and the tests check what they draw.
package enum Workload: String, CaseIterable, Sendable {
    case w1, w2, w3, w4

    /// The chart, computed from the data in memory (extremes, shares, returns and correlations).
    package func chart(_ data: WorkloadData) throws -> any Chart {
        switch self {
        case .w1: try Self.sevenDayLine(data, asset: "ALFA")
        case .w2: try Self.allocation(data)
        case .w3: try Self.composition(data)
        case .w4: Self.correlation(try Self.correlationMatrix(data))
        }
    }

    package var fileName: String {
        switch self {
        case .w1: "w1-line.png"
        case .w2: "w2-pie.png"
        case .w3: "w3-bars.png"
        case .w4: "w4-correlation.png"
        }
    }

    /// W1: 168 hourly points of one asset with min, max and average markers.
    static func sevenDayLine(_ data: WorkloadData, asset: String) throws -> LineChart {
        let series = LineSeries(
            name: asset,
            times: data.hourlyTimes,
            values: data.hourly.numbers(try data.hourly.column(asset))
        )
        return LineChart(
            frame: ChartFrame(
                title: "\(asset) · 7 days",
                subtitle: "Hourly close, USD",
                footnote: "Source: bench hourly_7d.csv"
            ),
            series: [series]
        )
    }

    /// W2: the 8 holdings by value; the chart computes the shares.
    static func allocation(_ data: WorkloadData) throws -> PieChart {
        let value = try data.holdings.column("value")
        let slices = zip(data.holdings.rows, data.holdings.numbers(value)).map { PieSlice(label: $0[0], value: $1) }
        return PieChart(
            frame: ChartFrame(
                title: "Allocation by asset",
                subtitle: "Market value, USD",
                footnote: "Source: bench holdings.csv"
            ),
            slices: slices
        )
    }

    /// W3: 12 month ends × 6 assets, clustered, with a legend.
    static func composition(_ data: WorkloadData) throws -> BarChart {
        let table = data.composition
        let locale = ChartLocale.en
        let groups = table.rows.map { row -> String in
            let parts = row[0].split(separator: "-")
            guard parts.count == 2, let m = Int(parts[1]), (1...12).contains(m) else { return row[0] }
            return locale.monthAbbreviations[m - 1] + (m == 1 ? " " + parts[0] : "")
        }
        let series = table.header.indices.dropFirst().map {
            BarSeries(name: table.header[$0], values: table.numbers($0))
        }
        return BarChart(
            frame: ChartFrame(
                title: "Portfolio composition by month",
                subtitle: "Month-end value, USD",
                footnote: "Source: bench composition.csv"
            ),
            groups: groups,
            series: series,
            valueFormat: NumberFormat(locale: locale, style: .decimal(0), currency: .usd)
        )
    }

    /// W4: Pearson correlations of simple daily returns over all three years, by the analytics module
    /// (pairwise-complete, at least 20 common days), as a 20 × 20 table.
    static func correlation(_ matrix: CorrelationMatrix) -> CorrelationChart {
        let n = matrix.assets.count
        let cells = (0..<n).map { i in (0..<n).map { j in matrix[i, j] ?? .nan } }
        return CorrelationChart(
            frame: ChartFrame(
                title: "Correlation of daily returns",
                subtitle: "\(n) assets, 2022–2024",
                footnote: "Source: bench daily_closes.csv"
            ),
            labels: matrix.assets.map(\.rawValue),
            matrix: cells
        )
    }

    /// The matrix W4 draws, for the benchmark and for tests that check the drawing against it.
    package static func correlationMatrix(_ data: WorkloadData) throws -> CorrelationMatrix {
        let table = data.dailyCloses
        var prices: [AssetCode: [DatedValue]] = [:]
        for column in table.header.indices.dropFirst() {
            prices[AssetCode(table.header[column])] = zip(data.days, table.numbers(column)).map {
                DatedValue(day: $0, value: $1)
            }
        }
        let returns = DailyReturns(prices: prices, calendar: .common)
        return try CorrelationMatrix(returns)
    }
}
