import Foundation
import Testing

@testable import FolioCharts

@Suite struct LineChartTests {
    let wave = hourly(168) { 35 + 2 * sin(Double($0) / 10) + Double($0) * 0.01 }

    @Test func marksMinimumMaximumAndAverageWithTheirValues() throws {
        let chart = LineChart(frame: frame(), series: [wave])
        let scene = chart.scene(measurer: measurer)
        let summary = try #require(chart.summary)
        let format = NumberFormat(locale: .en, style: .price(minimum: 2, significant: 4))
        #expect(scene.text("Max " + format.string(summary.maximum)) != nil)
        #expect(scene.text("Min " + format.string(summary.minimum)) != nil)
        #expect(scene.text("Avg " + format.string(summary.average)) != nil)
        #expect(summary.maximum == wave.values.max())
        #expect(summary.minimum == wave.values.min())
        expectCleanLayout(scene, "7-day line")
    }

    /// The change over the window takes the decimals its prices show: last − first as a reader computes
    /// it from the figures (−0.75 beside 32.50, not −0.7500), and a sub-cent price keeps its digits.
    @Test func theChangeIsWrittenWithItsPricesDecimals() throws {
        for (first, last, change) in [
            (32.5, 31.75, "\u{2212}0.75"), (0.0000000016812, 0.0000000016012, "\u{2212}0.000000000080"),
        ] {
            let series = LineSeries(
                name: "X",
                times: (0..<7).map { 1_735_084_800 + Double($0) * 86_400 },
                values: (0..<7).map { first + (last - first) * Double($0) / 6 }
            )
            let scene = LineChart(frame: frame(), series: [series]).scene(measurer: measurer)
            #expect(scene.texts.contains { $0.text.hasPrefix(change + " (") }, "\(scene.texts.map(\.text))")
        }
    }

    @Test func markersSitOnTheExtremePoints() throws {
        let chart = LineChart(frame: frame(), series: [wave])
        let scene = chart.scene(measurer: measurer)
        let summary = try #require(chart.summary)
        let markers = discs(scene)
        #expect(markers.count == 2)
        #expect(
            scene.texts.contains { $0.text.hasPrefix("Max ") } && scene.texts.contains { $0.text.hasPrefix("Min ") }
        )
        // The line's own vertices at the min and max indices are where the discs are.
        let line = try #require(
            scene.paths.first { $0.stroke?.width == Theme.light.singleLineWidth * 1.0 && $0.elements.count == 168 }
        )
        func vertex(_ i: Int) -> Point? {
            switch line.elements[i] {
            case .move(let p), .line(let p): p
            default: nil
            }
        }
        let maxPoint = try #require(vertex(summary.maxIndex))
        let minPoint = try #require(vertex(summary.minIndex))
        #expect(markers.contains { $0.center == maxPoint })
        #expect(markers.contains { $0.center == minPoint })
        // Maximum is drawn higher (smaller y) than the minimum.
        #expect(maxPoint.y < minPoint.y)
    }

    @Test func changeIsSignedColouredAndPercent() throws {
        let falling = hourly(168) { 40 - Double($0) * 0.05 }
        let scene = LineChart(frame: frame(), series: [falling]).scene(measurer: measurer)
        let change = try #require(scene.texts.first { $0.text.contains("%") })
        #expect(change.text.hasPrefix("\u{2212}"))
        // The down colour darkened to read as text on white, and the arrow (a filled triangle) in the same shade.
        #expect(change.color == Theme.light.labelColor(for: Theme.light.down))
        #expect(change.color.contrast(with: Theme.light.background) >= 4.5)
        #expect(scene.paths.contains { $0.fill == change.color && $0.elements.count == 4 })
        let rising = LineChart(frame: frame(), series: [hourly(168) { 30 + Double($0) * 0.05 }]).scene(
            measurer: measurer
        )
        let up = try #require(rising.texts.first { $0.text.contains("%") })
        #expect(up.text.hasPrefix("+"))
        #expect(up.color == Theme.light.labelColor(for: Theme.light.up))
    }

    @Test func gapsBreakTheLine() throws {
        var values = wave.values
        for i in 50..<60 { values[i] = .nan }
        var times = wave.times
        times.removeSubrange(100..<124)  // a missing day
        values.removeSubrange(100..<124)
        let scene = LineChart(frame: frame(), series: [LineSeries(name: "ALFA", times: times, values: values)]).scene(
            measurer: measurer
        )
        let line = try #require(scene.paths.first { $0.stroke?.width == Theme.light.singleLineWidth })
        let moves = line.elements.filter { if case .move = $0 { true } else { false } }
        #expect(moves.count == 3)
        #expect(line.elements.count == 168 - 24 - 10)
        expectCleanLayout(scene, "gaps")
    }

    static let edgeCases: [(String, [Double])] = {
        let negative: [Double] = (0..<168).map { i in -10.0 - sin(Double(i) / 7) }
        let tiny: [Double] = (0..<168).map { i in 0.000000001681 * (1.0 + sin(Double(i) / 9) / 10) }
        return [
            ("one point", [35.0]), ("flat", [Double](repeating: 35, count: 168)), ("all negative", negative),
            ("tiny prices", tiny), ("all NaN", [Double](repeating: Double.nan, count: 24)),
            ("isolated points", [1, Double.nan, 2, Double.nan, 3]),
        ]
    }()

    @Test(arguments: edgeCases)
    func edgeCasesLayOutCleanly(name: String, values: [Double]) {
        for theme in [Theme.light, .dark] {
            for locale in ChartLocale.allCases {
                for size in [(1200.0, 675.0), (640.0, 360.0)] {
                    let series = hourly(values.count) { values[$0] }
                    let scene = LineChart(frame: frame(theme, locale, width: size.0, height: size.1), series: [series])
                        .scene(measurer: measurer)
                    expectCleanLayout(scene, "\(name) \(theme.name) \(locale) \(size)")
                }
            }
        }
    }

    @Test func tinyPricesKeepTheirDigits() {
        let tiny = hourly(168) { 0.000000001681 + Double($0) * 1e-12 }
        let scene = LineChart(frame: frame(), series: [tiny]).scene(measurer: measurer)
        #expect(scene.texts.contains { $0.text == "Min 0.000000001681" })
        #expect(!scene.texts.contains { $0.text.hasSuffix(" 0.00") })
    }

    @Test func allNaNSaysNoData() {
        let scene = LineChart(frame: frame(), series: [hourly(10) { _ in .nan }]).scene(measurer: measurer)
        #expect(scene.text("No data") != nil)
    }

    @Test func severalSeriesAreLabelledAtTheirEnds() {
        let series = (0..<5).map { k in
            LineSeries(name: "Asset \(k)", times: wave.times, values: wave.values.map { $0 + Double(k) * 0.01 })
        }
        let scene = LineChart(frame: frame(), series: series).scene(measurer: measurer)
        for k in 0..<5 { #expect(scene.text("Asset \(k)") != nil) }
        #expect(discs(scene).isEmpty)
        expectCleanLayout(scene, "five close series")
    }

    @Test func comparisonRebasesAndRescales() {
        let a = hourly(10) { 50 + Double($0) }
        let b = LineSeries(name: "B", times: a.times, values: a.values.map { $0 * 3 })
        let rebased = CompareChart(frame: frame(), series: [a, b], normalisation: .rebased).normalised
        #expect(rebased[0].values.first == 100)
        #expect(rebased[0].values == rebased[1].values)
        let minMax = CompareChart(frame: frame(), series: [a, hourly(3) { _ in 7 }], normalisation: .minMax).normalised
        #expect(minMax[0].values.first == 0 && minMax[0].values.last == 1)
        #expect(minMax[1].values == [0.5, 0.5, 0.5])
        expectCleanLayout(CompareChart(frame: frame(), series: [a, b]).scene(measurer: measurer), "compare")
    }

    @Test func smallMultiplesShowEveryAsset() {
        let series = (0..<10).map { k in
            LineSeries(name: "Asset number \(k) with a long name", times: wave.times, values: wave.values)
        }
        let scene = SmallMultiplesChart(frame: frame(), series: series).scene(measurer: measurer)
        #expect(scene.texts.filter { $0.text.hasPrefix("Asset number") }.count == 10)
        expectCleanLayout(scene, "small multiples")
    }

    /// A panel short of room drops the currency, then the last value, but never cuts the code.
    @Test func aPanelNeverCutsItsCode() {
        let big = LineSeries(name: "GOOGL · USD", times: wave.times, values: wave.values.map { $0 * 10_000 })
        let narrow = ChartFrame(width: 330, height: 300, theme: .light, locale: .uk)
        let scene = SmallMultiplesChart(frame: narrow, series: [big, big, big], columns: 3).scene(measurer: measurer)
        #expect(!scene.texts.contains { $0.text.contains("…") }, "\(scene.texts.map(\.text))")
        #expect(scene.texts.filter { $0.text.hasPrefix("GOOGL") }.count == 3)
        expectCleanLayout(scene, "narrow small multiples")
    }

    /// 25 assets on a mail-sized canvas (as the compare dataset draws more lines than colours): every
    /// panel named, nothing overlapping or cut.
    @Test func twentyFivePanelsFitAMailCanvas() {
        let series = (0..<25).map { k in
            LineSeries(name: "A\(k)", times: wave.times, values: wave.values.map { $0 * Double(k + 1) })
        }
        let scene = SmallMultiplesChart(frame: ChartFrame(width: 600, height: 338), series: series).scene(
            measurer: measurer
        )
        #expect(Set(scene.texts.map(\.text)).isSuperset(of: (0..<25).map { "A\($0)" }))
        #expect(!scene.texts.contains { $0.text.contains("…") })
        expectCleanLayout(scene, "25 panels at 600 × 338")
    }
}
