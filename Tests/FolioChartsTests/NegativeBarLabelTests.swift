import Testing

@testable import FolioCharts

/// The values chart names its negative bars (issue 19): once per run of months a series is below zero,
/// under the run's deepest bar, overlapping no other label or bar, readable on the background.
@Suite struct NegativeBarLabelTests {
    let months = ["Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let series = [
        BarSeries(name: "BTC", values: [-42, -61, -3, 55, 62, 61]),
        BarSeries(name: "ETH", values: [23, 25, 28, 24, 23, 23]),
        BarSeries(name: "EUR", values: [-5, -5, -5, -5, -5, -5]),
        BarSeries(name: "LTC", values: [0, 0, -2, -3, 1, -14]),
    ]

    @Test(arguments: [("light", 1200.0, 675.0), ("dark", 600, 338)])
    func eachRunBelowZeroIsNamedUnderItsDeepestBar(themeName: String, width: Double, height: Double) throws {
        let theme = try #require(Theme.named(themeName))
        let chart = BarChart(
            frame: ChartFrame(width: width, height: height, theme: theme, locale: .en),
            groups: months,
            series: series
        )
        let scene = chart.scene(measurer: measurer)
        expectCleanLayout(scene, "negative bars")
        for (run, contrast) in scene.textContrasts() { #expect(contrast >= Color.minimumTextContrast, "\(run.text)") }
        let labels = scene.texts.filter { $0.role == .annotation }
        // BTC's Jul–Sep and EUR's six months are one label each, LTC's Sep–Oct and Dec one each.
        #expect(labels.map(\.text).sorted() == ["BTC", "EUR", "LTC", "LTC"])
        let scaled = theme.scaled(for: width, height)
        let bars = scene.paths.compactMap { path -> (fill: Color, rect: Rect)? in
            guard let fill = path.fill, fill != scaled.background, let rect = path.bounds, path.elements.count == 5
            else { return nil }
            return (fill, rect)
        }
        let btc = bars.filter { $0.fill == chart.color(0, scaled) }
        let deepest = try #require(btc.max { $0.rect.maxY < $1.rect.maxY })
        let label = try #require(labels.first { $0.text == "BTC" })
        #expect(abs(label.box.midX - deepest.rect.midX) < 0.5 && label.box.minY > deepest.rect.maxY)
        for label in labels {
            // Clear of every bar (its own ends above it), and of the month labels under the plot.
            #expect(!bars.contains { $0.rect.intersects(label.box) }, "\(label.text) covers a bar")
            let monthTop = scene.texts.filter { months.contains($0.text) }.map(\.box.minY).min() ?? .infinity
            #expect(label.box.maxY < monthTop)
        }
    }

    /// Shares leave negatives out (and name them under the chart); a lone series is named by the title.
    @Test func sharesPositiveValuesAndALoneSeriesHaveNoLabels() {
        let positive = series.map { BarSeries(name: $0.name, values: $0.values.map(abs)) }
        for chart in [
            BarChart(frame: ChartFrame(), groups: months, series: positive),
            BarChart(frame: ChartFrame(), groups: months, series: series, mode: .shares),
            BarChart(frame: ChartFrame(), groups: months, series: [series[0]]),
        ] {
            #expect(!chart.scene(measurer: measurer).texts.contains { $0.role == .annotation })
        }
    }
}
