import Foundation
import Testing

@testable import FolioCharts

@Suite struct BulletChartTests {
    /// 10 AAPL at 100 and 5 MSFT at 200 against 60/40 with a 5-point band (docs/targets.md's example),
    /// and a cash line of 0 % held at 5 % (a 2.5-point band): AAPL and cash out of band, MSFT not.
    static let lines: [BulletChart.Line] = [
        .init(name: "AAPL", weight: 47.5, target: 60, tolerance: 5, outOfBand: true),
        .init(name: "MSFT", weight: 47.5, target: 40, tolerance: 10, outOfBand: false),
        .init(name: "USD", weight: 5, target: 0, tolerance: 2.5, outOfBand: true),
    ]

    static func chart(
        _ lines: [BulletChart.Line] = lines,
        _ theme: Theme = .light,
        _ locale: ChartLocale = .en,
        width: Double = 1200,
        height: Double = 675
    ) -> BulletChart {
        BulletChart(frame: frame(theme, locale, width: width, height: height), lines: lines)
    }

    /// The filled rectangles of one colour, top to bottom.
    static func rects(_ scene: Scene, _ fill: Color) -> [Rect] {
        scene.paths.filter { $0.fill == fill }.compactMap(\.bounds).sorted { $0.minY < $1.minY }
    }

    /// The target rules: vertical segments in the text colour.
    static func rules(_ scene: Scene, _ theme: Theme = .light) -> [Rect] {
        scene.paths.filter { $0.fill == nil && $0.stroke?.color == theme.text }.compactMap(\.bounds)
            .sorted { $0.minY < $1.minY }
    }

    @Test func outOfBandLinesAreLabelledWithTheirDriftAndTheOthersAreQuiet() throws {
        let scene = Self.chart().scene(measurer: measurer)
        let texts = scene.texts.map(\.text)
        #expect(texts.contains("\(ChartLocale.minus)12.5\u{00A0}pp out of band"))
        #expect(texts.contains("+5.0\u{00A0}pp out of band"))
        #expect(!texts.contains { $0.contains("+7.5") }, "MSFT is within its band: no label")
        // Each label stands in its own line's row, right of the furthest of the bar, band and rule.
        let aapl = try #require(scene.text("AAPL"))
        let label = try #require(scene.texts.first { $0.text.hasPrefix(ChartLocale.minus + "12.5") })
        #expect(abs(label.box.midY - aapl.box.midY) < 1)
        let band = Self.rects(scene, Theme.light.shade)[0]
        #expect(label.box.minX > band.maxX)
        // The label is not the only carrier, but the bar of a line out of band is vermillion, others blue.
        #expect(Self.rects(scene, Theme.light.down).count == 2 && Self.rects(scene, Theme.light.series[0]).count == 1)
        expectCleanLayout(scene, "bullet")
    }

    @Test func theTargetRuleStandsAtTheTargetAndTheBandSpansItsTolerance() throws {
        let chart = Self.chart()
        let scene = chart.scene(measurer: measurer)
        let rules = Self.rules(scene)
        let bands = Self.rects(scene, Theme.light.shade)
        let bars = (Self.rects(scene, Theme.light.down) + Self.rects(scene, Theme.light.series[0])).sorted {
            $0.minY < $1.minY
        }
        try #require(rules.count == 3 && bands.count == 3 && bars.count == 3)
        // The axis is linear from the bars' common start (0 %): AAPL's bar (47.5) to its rule (60) is as
        // 47.5 to 60, and its band runs from 55 to 65.
        let zero = bars[0].minX
        let perPoint = bars[0].width / 47.5
        #expect(abs(rules[0].midX - (zero + 60 * perPoint)) < 0.6)
        #expect(abs(bands[0].minX - (zero + 55 * perPoint)) < 0.6 && abs(bands[0].maxX - (zero + 65 * perPoint)) < 0.6)
        // MSFT's rule at 40, its band 30…50; USD's rule at 0 and its band cut at 0 (no weight is below it).
        #expect(abs(rules[1].midX - (zero + 40 * perPoint)) < 0.6)
        #expect(abs(bands[1].minX - (zero + 30 * perPoint)) < 0.6)
        #expect(abs(rules[2].midX - zero) < 0.6 && abs(bands[2].minX - zero) < 0.6)
        #expect(abs(bands[2].maxX - (zero + 2.5 * perPoint)) < 0.6)
        // The rule crosses the bar: it is taller than the bar and centred on it.
        #expect(rules[0].height > bars[0].height && abs(rules[0].midY - bars[0].midY) < 0.6)
        // Rows in the targets' order, top to bottom.
        let names = ["AAPL", "MSFT", "USD"].compactMap { scene.text($0)?.box.midY }
        #expect(names.count == 3 && names == names.sorted())
    }

    @Test func aDriftThatOneDecimalWouldRoundOntoItsBandTakesTwo() {
        let edge = [BulletChart.Line(name: "AAPL", weight: 7.99, target: 10, tolerance: 2, outOfBand: true)]
        let texts = Self.chart(edge).scene(measurer: measurer).texts.map(\.text)
        #expect(texts.contains("\(ChartLocale.minus)2.01\u{00A0}pp out of band"))
    }

    @Test func aNarrowCanvasWritesTheDriftAloneAndANoteSaysWhatALabelMeans() {
        for locale in [ChartLocale.en, .uk] {
            let scene = Self.chart(Self.lines, .light, locale, width: 320, height: 300).scene(measurer: measurer)
            let texts = scene.texts.map(\.text)
            #expect(texts.contains("+5\(locale.decimalSeparator)0\u{00A0}\(locale.percentagePoints)"))
            #expect(!texts.contains { $0.contains(locale.outOfBand) && $0 != locale.labelledOutOfBand })
            #expect(texts.contains(locale.labelledOutOfBand))
            expectCleanLayout(scene, "bullet 320 \(locale)")
        }
    }

    @Test func everySizeThemeAndLocaleIsClean() {
        let many = (0..<12).map {
            BulletChart.Line(
                name: "ASSET\($0)",
                weight: Double($0 % 5) * 3,
                target: 100 / 12,
                tolerance: 2,
                outOfBand: $0 % 2 == 0
            )
        }
        for theme in [Theme.light, .dark] {
            for locale in [ChartLocale.en, .uk] {
                for (width, height) in [(1200.0, 675.0), (510, 340), (375, 420)] {
                    for lines in [Self.lines, many] {
                        let scene = Self.chart(lines, theme, locale, width: width, height: height).scene(
                            measurer: measurer
                        )
                        expectCleanLayout(scene, "\(theme.name) \(locale) \(width) \(lines.count)")
                    }
                }
            }
        }
    }

    @Test func noLinesSayNoData() {
        let scene = Self.chart([]).scene(measurer: measurer)
        #expect(scene.texts.map(\.text).contains(ChartLocale.en.noData))
    }
}
