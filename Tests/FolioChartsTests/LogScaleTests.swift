import Foundation
import Testing

@testable import FolioCharts

/// `--log`: equal ratios at equal heights, ticks at 1–2–5 in each decade, the values exact decimals.
@Suite struct LogScaleTests {
    @Test func ticksAreOneTwoFiveInsideTheData() {
        let scale = LogScale(dataMin: 12.13, dataMax: 246.85, range: (600, 0))
        #expect(scale.ticks == [20, 50, 100, 200])
        #expect(scale.lower == 12.13 && scale.upper == 246.85 && scale.tickDecimals == 0)
        // Tiny prices: the decimals each tick needs, and 0.2 is the double nearest 0.2.
        let small = LogScale(dataMin: 0.013, dataMax: 0.9, range: (600, 0))
        #expect(small.ticks == [0.02, 0.05, 0.1, 0.2, 0.5] && small.tickDecimals == 2)
    }

    @Test func manyDecadesAreThinnedToAtMostSeven() {
        let wide = LogScale(dataMin: 0.001, dataMax: 2_000_000, range: (600, 0))
        #expect(wide.ticks.count <= 7 && wide.ticks.count >= 4, "\(wide.ticks)")
        #expect(wide.ticks.allSatisfy { [1.0].contains($0 / pow(10, log10($0).rounded(.down))) })
        let three = LogScale(dataMin: 1, dataMax: 1000, range: (600, 0))
        #expect(three.ticks == [1, 5, 10, 50, 100, 500, 1000])
    }

    @Test func aNarrowOrFlatSpanReachesOutToTwoTicks() {
        let narrow = LogScale(dataMin: 120, dataMax: 180, range: (600, 0))
        #expect(narrow.ticks == [100, 200] && narrow.lower == 100 && narrow.upper == 200)
        let flat = LogScale(dataMin: 100, dataMax: 100, range: (600, 0))
        #expect(flat.ticks == [50, 100, 200])
        #expect(flat(100) > 0 && flat(100) < 600)
    }

    @Test func equalRatiosAreEqualDistances() {
        let scale = LogScale(dataMin: 10, dataMax: 1000, range: (600, 0))
        #expect(abs(scale(10) - 600) < 1e-9 && abs(scale(1000)) < 1e-9)
        #expect(abs((scale(10) - scale(20)) - (scale(100) - scale(200))) < 1e-9)
    }

    @Test func aLineOnALogScaleLabelsItsTicks() {
        let days = (0..<1000).map { 1_500_000_000 + Double($0) * 86_400 }
        let growth = LineSeries(name: "NVDA", times: days, values: days.indices.map { 12 * pow(1.003, Double($0)) })
        for single in [true, false] {
            let series =
                single ? [growth] : [growth, LineSeries(name: "AAPL", times: days, values: days.map { _ in 40 })]
            let scene = LineChart(frame: frame(), series: series, annotateWindow: single, logScale: true).scene(
                measurer: measurer
            )
            for tick in ["20", "50", "100", "200"] { #expect(scene.text(tick) != nil, "\(tick) single=\(single)") }
            expectCleanLayout(scene, "log single=\(single)")
        }
        let rebased = CompareChart(frame: frame(), series: [growth], logScale: true).scene(measurer: measurer)
        #expect(rebased.text("1,000") != nil && rebased.text("100") != nil)
    }
}
