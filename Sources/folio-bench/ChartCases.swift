import Foundation
import FolioCharts
import FolioCore
import FolioRender

/// The chart workloads W1–W4 of `../shared/bench/README.md` and a one-page PDF of W1. Each timed run
/// computes what its chart shows from the CSV data already in memory (extremes, shares, returns,
/// correlations), lays the chart out, renders, encodes and writes the file.
func chartCases() -> [BenchCase] {
    [
        BenchCase(name: "w1-line-png") { context in
            let (renderer, series) = try (Renderer(), ChartWorkloads.hourlySeries(context, column: "ALFA"))
            let url = context.outputDirectory.appendingPathComponent("w1-line.png")
            return {
                let scene = ChartWorkloads.w1(series).scene(measurer: renderer.measurer)
                try renderer.writePNG(scene, to: url)
                return ChartWorkloads.size(url)
            }
        },
        BenchCase(name: "w1-line-pdf") { context in
            let (renderer, series) = try (Renderer(), ChartWorkloads.hourlySeries(context, column: "ALFA"))
            let url = context.outputDirectory.appendingPathComponent("w1-line.pdf")
            return {
                let scene = ChartWorkloads.w1(series).scene(measurer: renderer.measurer)
                try renderer.write(scene, to: url)
                return ChartWorkloads.size(url)
            }
        },
        BenchCase(name: "w2-pie-png") { context in
            let renderer = try Renderer()
            let table = try ChartWorkloads.csv(context, "holdings.csv")
            let valueColumn = table.header.firstIndex(of: "value") ?? 3
            let url = context.outputDirectory.appendingPathComponent("w2-pie.png")
            return {
                let slices = table.rows.map { PieSlice(label: $0[0], value: Double($0[valueColumn]) ?? .nan) }
                let chart = PieChart(frame: ChartFrame(title: "Allocation by asset", subtitle: "Market value, USD",
                                                       footnote: "Source: bench holdings.csv"), slices: slices)
                try renderer.writePNG(chart.scene(measurer: renderer.measurer), to: url)
                return ChartWorkloads.size(url)
            }
        },
        BenchCase(name: "w3-bars-png") { context in
            let renderer = try Renderer()
            let table = try ChartWorkloads.csv(context, "composition.csv")
            let url = context.outputDirectory.appendingPathComponent("w3-bars.png")
            return {
                let chart = ChartWorkloads.w3(table)
                try renderer.writePNG(chart.scene(measurer: renderer.measurer), to: url)
                return ChartWorkloads.size(url)
            }
        },
        BenchCase(name: "w4-correlation-png") { context in
            let renderer = try Renderer()
            let table = try ChartWorkloads.csv(context, "daily_closes.csv")
            let closes = table.header.indices.dropFirst().map { c in table.rows.map { Double($0[c]) ?? .nan } }
            let url = context.outputDirectory.appendingPathComponent("w4-correlation.png")
            return {
                let chart = CorrelationChart(
                    frame: ChartFrame(title: "Correlation of daily returns", subtitle: "20 assets, 2022–2024",
                                      footnote: "Source: bench daily_closes.csv"),
                    labels: Array(table.header.dropFirst()), matrix: ChartWorkloads.pearsonOfReturns(closes))
                try renderer.writePNG(chart.scene(measurer: renderer.measurer), to: url)
                return ChartWorkloads.size(url)
            }
        },
    ]
}

/// Loading and computing for the chart workloads; kept beside the cases so a case reads top to bottom.
enum ChartWorkloads {
    struct Table {
        var header: [String]
        var rows: [[String]]
    }

    static func csv(_ context: BenchContext, _ name: String) throws -> Table {
        let text = try String(contentsOf: context.workloadDirectory.appendingPathComponent(name), encoding: .utf8)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        guard let header = lines.first else { throw CocoaError(.fileReadCorruptFile) }
        return Table(header: header, rows: Array(lines.dropFirst()))
    }

    static func hourlySeries(_ context: BenchContext, column: String) throws -> LineSeries {
        let table = try csv(context, "hourly_7d.csv")
        guard let c = table.header.firstIndex(of: column) else { throw CocoaError(.fileReadCorruptFile) }
        let times = table.rows.map { ISOTime.parse($0[0])?.timeIntervalSince1970 ?? .nan }
        return LineSeries(name: column, times: times, values: table.rows.map { Double($0[c]) ?? .nan })
    }

    static func w1(_ series: LineSeries) -> LineChart {
        LineChart(frame: ChartFrame(title: "\(series.name) · 7 days", subtitle: "Hourly close, USD",
                                    footnote: "Source: bench hourly_7d.csv"), series: [series])
    }

    static func w3(_ table: Table) -> BarChart {
        let locale = ChartLocale.en
        let groups = table.rows.map { row -> String in
            let parts = row[0].split(separator: "-")
            guard parts.count == 2, let m = Int(parts[1]), (1...12).contains(m) else { return row[0] }
            return locale.monthAbbreviations[m - 1] + (m == 1 ? " " + parts[0] : "")
        }
        let series = table.header.indices.dropFirst().map { c in
            BarSeries(name: table.header[c], values: table.rows.map { Double($0[c]) ?? .nan })
        }
        return BarChart(frame: ChartFrame(title: "Portfolio composition by month", subtitle: "Month-end value, USD",
                                          footnote: "Source: bench composition.csv"), groups: groups, series: series,
                        valueFormat: NumberFormat(locale: locale, style: .compact(decimals: 0), currency: .usd))
    }

    /// Pearson correlation of simple daily returns, pairwise over the days where both assets have returns.
    static func pearsonOfReturns(_ closes: [[Double]]) -> [[Double]] {
        let returns = closes.map { c in zip(c.dropFirst(), c).map { $1 != 0 ? $0 / $1 - 1 : .nan } }
        let n = returns.count
        var matrix = [[Double]](repeating: [Double](repeating: .nan, count: n), count: n)
        for i in 0..<n {
            for j in i..<n {
                var count = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
                for (x, y) in zip(returns[i], returns[j]) where x.isFinite && y.isFinite {
                    count += 1; sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
                }
                let cov = sxy - sx * sy / count
                let den = ((sxx - sx * sx / count) * (syy - sy * sy / count)).squareRoot()
                let r = count > 2 && den > 0 ? min(max(cov / den, -1), 1) : .nan
                matrix[i][j] = r
                matrix[j][i] = r
            }
        }
        return matrix
    }

    static func size(_ url: URL) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int) ?? 0
    }
}
