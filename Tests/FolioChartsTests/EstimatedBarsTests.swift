import Foundation
import Testing

@testable import FolioCharts

/// Bars that are estimates (projected income): the same series' colour, paler, and one "Estimated" key.
@Suite struct EstimatedBarsTests {
    @Test(arguments: ChartLocale.allCases) func anEstimateIsItsSeriesPalerUnderOneKey(locale: ChartLocale) throws {
        let chart = BarChart(
            frame: ChartFrame(width: 600, height: 300, locale: locale),
            groups: ["Jan", "Feb", "Mar", "Apr"],
            series: [
                BarSeries(name: "KO", values: [10, 0, 0, 0], swatch: .palette(2)),
                BarSeries(name: "JNJ", values: [0, 12, 0, 0], swatch: .palette(0)),
                BarSeries(name: "KO", values: [0, 0, 11, 0], swatch: .palette(2), isEstimate: true),
                BarSeries(name: "JNJ", values: [0, 0, 0, 13], swatch: .palette(0), isEstimate: true),
            ],
            mode: .stacked
        )
        let scene = chart.scene(measurer: ApproximateMeasurer())
        let theme = Theme.light
        let ko = theme.seriesColor(2)
        let paleKO = ko.mixed(with: theme.background, amount: 0.55)
        #expect(chart.color(0, theme) == ko && chart.color(2, theme) == paleKO)
        #expect(chart.color(3, theme) == theme.seriesColor(0).mixed(with: theme.background, amount: 0.55))
        // Each series named once, then the one key of the estimates.
        let keys = scene.texts.map(\.text).filter { ["KO", "JNJ", locale.estimated].contains($0) }
        #expect(keys == ["KO", "JNJ", locale.estimated])
        // Four bars (and the legend's swatches): KO's solid and pale.
        #expect(scene.paths.contains { $0.fill == paleKO && $0.elements.count == 5 })
        expectCleanLayout(scene, "estimated bars")
    }
}
