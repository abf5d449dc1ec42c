import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioReports
import Foundation

/// W5 (`samples/bench/README.md`): an A4 PDF of four pages — title, six KPI tiles and the W2 pie;
/// ten 7-day small multiples of the hourly data; the W3 bars; the W4 table — laid out by the report
/// engine's own blocks, paginator and page composer, so the benchmark times the path reports take.
package enum W5Report {
    /// The pages as scenes, computing every figure from the data in memory.
    package static func scenes(_ data: WorkloadData, measurer: any TextMeasurer) throws -> [Scene] {
        let setup = PageSetup(
            size: .a4,
            orientation: .portrait,
            margins: Margins(top: 60, right: 42, bottom: 56, left: 42)
        )
        let style = ReportStyle(theme: .light, locale: .en, measurer: measurer)
        let composer = PageComposer(
            setup: setup,
            header: PageLine(left: "Bench portfolio", right: "as of {asOf}"),
            footer: PageLine(left: "Folio · W5", right: "Page {page} of {pages}"),
            style: style,
            strings: Catalogue.for(.en),
            values: ["asOf": "31 Dec 2024"],
            title: "W5 bench report"
        )
        let width = composer.content.width
        func chart(_ chart: any Chart, height: Double) -> ChartBlock {
            ChartBlock(chart: chart, height: height, measurer: measurer)
        }
        let hourly = data.hourly.header.indices.dropFirst().map { c in
            LineSeries(name: data.hourly.header[c], times: data.hourlyTimes, values: data.hourly.numbers(c))
        }
        // The tiles' average correlation and the page 4 table are the same matrix: compute it once.
        let correlations = try Workload.correlationMatrix(data)
        let blocks: [any LayoutBlock] = [
            HeadingBlock(text: "Bench portfolio report", style: style),
            TextBlock(
                text: "Eight positions, hourly prices over the last seven days, 2022–2024 daily closes.",
                style: style
            ),
            KPIBlock(tiles: try tiles(data, correlations: correlations), style: style),
            chart(try Workload.w2.chart(data).resized(width: width, height: 330), height: 330),
            PageBreakBlock(),
            SmallMultiplesBlock(
                title: "Holdings, last 7 days",
                frame: ChartFrame(width: width, height: 120, theme: .light, locale: .en),
                series: hourly,
                columns: 2,
                rowHeight: 120,
                continuedTitle: "Holdings, last 7 days (continued)",
                style: style,
                measurer: measurer
            ),
            PageBreakBlock(),
            chart(try Workload.w3.chart(data).resized(width: width, height: 420), height: 420),
            PageBreakBlock(),
            chart(Workload.correlation(correlations).resized(width: width, height: 560), height: 560),
        ]
        return composer.scenes(Paginator.paginate(blocks, content: composer.content, gap: style.blockGap))
    }

    /// Six figures of the bench portfolio: its value, the change over the last day and the 7 days of
    /// hourly data (valued at each holding's hourly prices), the largest position, the number of
    /// positions and the average pairwise correlation of daily returns.
    static func tiles(_ data: WorkloadData, correlations matrix: CorrelationMatrix) throws -> [KPITile] {
        let money = NumberFormat(locale: .en, style: .decimal(2), currency: .usd)
        let percent = NumberFormat(locale: .en, style: .percent(2), explicitPlus: true)
        var signed = money
        signed.explicitPlus = true
        let (ticker, quantity, value) = (0, try data.holdings.column("quantity"), try data.holdings.column("value"))
        let (quantities, values) = (data.holdings.numbers(quantity), data.holdings.numbers(value))
        // A cell that is not a number counts as nothing.
        func orZero(_ cell: Double) -> Double { cell.isNaN ? 0 : cell }
        let positions = data.holdings.rows.indices.map { i in
            (ticker: data.holdings.rows[i][ticker], quantity: orZero(quantities[i]), value: orZero(values[i]))
        }
        let total = positions.map(\.value).compensatedSum()
        // The hourly file starts with the holdings' tickers: value the same quantities at each hour.
        func worth(atHour hour: Int) throws -> Double {
            try positions.map { p in p.quantity * data.hourly.numbers(try data.hourly.column(p.ticker))[hour] }
                .compensatedSum()
        }
        let last = data.hourly.rows.count - 1
        let (now, dayAgo, weekAgo) = (
            try worth(atHour: last), try worth(atHour: max(last - 24, 0)), try worth(atHour: 0)
        )
        func change(_ label: String, from then: Double) -> KPITile {
            KPITile(
                label: label,
                value: signed.string(now - then),
                detail: percent.string((now - then) / then),
                tone: now > then ? .up : now < then ? .down : .neutral
            )
        }
        let largest = positions.max { $0.value < $1.value }
        let n = matrix.assets.count
        let pairs = (0..<n).flatMap { i in ((i + 1)..<n).compactMap { j in matrix[i, j] } }
        return [
            KPITile(label: "Value", value: money.string(total)),
            change("Change, 24 hours", from: dayAgo),
            change("Change, 7 days", from: weekAgo),
            KPITile(
                label: "Largest position",
                value: largest?.ticker ?? "—",
                detail: largest.map { percent.string($0.value / total).replacingOccurrences(of: "+", with: "") } ?? ""
            ),
            KPITile(label: "Positions", value: "\(positions.count)"),
            KPITile(
                label: "Average correlation",
                value: NumberFormat(locale: .en, style: .decimal(2)).string(pairs.reduce(0, +) / Double(pairs.count))
            ),
        ]
    }
}
