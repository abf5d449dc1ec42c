import Foundation
import Testing

@testable import FolioCharts

/// Sparklines and small multiples say their scale and place points by time (issue 19).
@Suite struct SmallMultiplesScaleTests {
    static let day = 86_400.0
    /// Wednesday 3 January 2024, 00:00 UTC.
    static let wednesday = 1_704_240_000.0

    /// A stock's closes Thursday to Wednesday (no weekend quotes) and a coin's every day from the Wednesday before.
    let stock = LineSeries(
        name: "AAPL · USD",
        times: [1, 2, 5, 6, 7].map { wednesday + $0 * day },
        values: [190.5, 181.18, 185.56, 184.4, 186]
    )
    let coin = LineSeries(
        name: "BTC · USD",
        times: (0...7).map { wednesday + Double($0) * day },
        values: [44_100, 42_500, 43_900, 44_200, 43_800, 44_050, 46_950, 45_500]
    )

    /// Each panel's data line's points and the baseline under its plot (the plot's left and right edge).
    func panels(_ scene: Scene, theme: Theme) -> [(points: [Point], plot: ClosedRange<Double>)] {
        let lines = scene.paths.filter { $0.fill == nil && $0.stroke?.color != theme.grid && $0.elements.count > 2 }
        let baselines = scene.paths.filter { $0.stroke?.color == theme.grid && $0.elements.count == 2 }
        return zip(lines, baselines).map { line, base in
            let points = line.elements.compactMap {
                if case .move(let p) = $0 { p } else if case .line(let p) = $0 { p } else { nil }
            }
            let ends = base.elements.compactMap {
                if case .move(let p) = $0 { p.x } else if case .line(let p) = $0 { p.x } else { nil }
            }
            return (points, ends.min()!...ends.max()!)
        }
    }

    /// A pair without prices in the days (the market report's PLN with no week of rates) keeps its
    /// panel, named, with why it is empty, instead of disappearing from the page.
    @Test func aSeriesWithoutValuesIsANamedEmptyPanel() {
        let empty = LineSeries(name: "PLN/UAH", times: [], values: [])
        let chart = SmallMultiplesChart(frame: ChartFrame(width: 900, height: 300), series: [stock, coin, empty])
        let texts = chart.scene(measurer: ApproximateMeasurer()).texts.map(\.text)
        #expect(texts.contains("PLN/UAH") && texts.contains(ChartLocale.en.noData), "\(texts)")
    }

    @Test(arguments: [
        (ChartLocale.en, ["190.50", "181.18", "46,950.00", "42,500.00"]),
        (ChartLocale.uk, ["190,50", "181,18", "46\u{202F}950,00", "42\u{202F}500,00"]),
    ])
    func pointsStandByTimeAndTheScaleIsLabelled(locale: ChartLocale, figures: [String]) throws {
        let theme = Theme.light
        let scene = SmallMultiplesChart(
            frame: ChartFrame(width: 600, height: 338, theme: theme, locale: locale),
            series: [stock, coin]
        )
        .scene(measurer: measurer)
        expectCleanLayout(scene, "two panels")
        let drawn = panels(scene, theme: theme)
        try #require(drawn.count == 2)
        // Friday to Monday is three days, Monday to Tuesday one: three times the step.
        let x = drawn[0].points.map(\.x)
        #expect(abs((x[2] - x[1]) - 3 * (x[3] - x[2])) < 1e-6, "\(x)")
        // One time axis: a day is the same share of each plot, and the stock's Thursday is a day in.
        for (panel, series) in zip(drawn, [stock, coin]) {
            let width = panel.plot.upperBound - panel.plot.lowerBound
            for (p, t) in zip(panel.points, series.times) {
                #expect(abs((p.x - panel.plot.lowerBound) / width - (t - Self.wednesday) / (7 * Self.day)) < 1e-9)
            }
        }
        // The scale: each panel's maximum at its plot's top edge and minimum at its bottom, left of the plot.
        for (panel, pair) in zip(drawn, [figures[0...1], figures[2...3]]) {
            let top = try #require(
                scene.texts.first { $0.text == pair.first && $0.role == .axis },
                "\(scene.texts.map(\.text))"
            )
            let bottom = try #require(scene.texts.first { $0.text == pair.last && $0.role == .axis })
            let ys = panel.points.map(\.y)
            #expect(abs(top.box.midY - ys.min()!) < 1 && abs(bottom.box.midY - ys.max()!) < 1)
            #expect(top.box.maxX < panel.plot.lowerBound && bottom.box.maxX < panel.plot.lowerBound)
        }
    }

    /// 25 panels at 600 × 338 keep their scales and still overlap nothing.
    @Test func manyPanelsKeepTheirScale() {
        let series = (0..<25).map { k in
            LineSeries(name: "A\(k)", times: coin.times, values: coin.values.map { $0 / Double(k + 1) })
        }
        let scene = SmallMultiplesChart(frame: ChartFrame(width: 600, height: 338), series: series).scene(
            measurer: measurer
        )
        expectCleanLayout(scene, "25 panels")
        // Each panel: its minimum and maximum, and its first and last day.
        #expect(scene.texts.filter { $0.role == .axis }.count == 100)
    }
}
