import Foundation
import Testing

@testable import FolioCharts

@Suite struct WaterfallChartTests {
    /// The demo's bridge since inception, in hryvnias: a zero start, millions in, a tiny fee out.
    static let demo: [WaterfallChart.Bar] = [
        .init(label: "Start value", value: 0, kind: .total),
        .init(label: "Deposits", value: 1_789_100.83, kind: .transfer),
        .init(label: "Withdrawals", value: -99_313.65, kind: .transfer),
        .init(label: "Price effect", value: 3_006_733.97),
        .init(label: "Currency effect", value: 1_499_698.72), .init(label: "Fees", value: -2_065.05),
        .init(label: "End value", value: 6_194_154.83, kind: .total),
    ]

    static func chart(
        _ bars: [WaterfallChart.Bar] = demo,
        _ theme: Theme = .light,
        _ locale: ChartLocale = .en,
        width: Double = 1200,
        height: Double = 675
    ) -> WaterfallChart {
        WaterfallChart(frame: frame(theme, locale, width: width, height: height), bars: bars, currency: .uah)
    }

    /// The bars' rectangles, in order: the fills in the up, down or first series colour.
    static func bars(_ scene: Scene, _ theme: Theme = .light) -> [(rect: Rect, fill: Color)] {
        scene.paths.compactMap { p in
            guard let fill = p.fill,
                [theme.up, theme.down, theme.total, theme.deposits, theme.withdrawals].contains(fill),
                let r = p.bounds
            else { return nil }
            return (r, fill)
        }
    }

    @Test func stepsFloatFromTheRunningTotalAndTotalsStandOnZero() {
        let chart = Self.chart([
            .init(label: "Start", value: 100, kind: .total), .init(label: "Up", value: 50),
            .init(label: "Down", value: -30),
            .init(label: "End", value: 120, kind: .total),
        ])
        #expect(chart.levels.map(\.from) == [0, 100, 150, 0] && chart.levels.map(\.to) == [100, 150, 120, 120])
        let scene = chart.scene(measurer: measurer)
        let bars = Self.bars(scene)
        #expect(
            bars.map(\.fill) == [
                Theme.light.total, Theme.light.up, Theme.light.down, Theme.light.total,
            ]
        )
        // The end bar is as tall as the start bar plus the up step less the down step.
        let heights = bars.map(\.rect.height)
        #expect(abs(heights[3] - (heights[0] + heights[1] - heights[2])) < 0.01)
        // The up step's bottom is the start's top; the down step's top is the up step's top.
        #expect(abs(bars[1].rect.maxY - bars[0].rect.minY) < 0.01 && abs(bars[2].rect.minY - bars[1].rect.minY) < 0.01)
        // Signed labels, so that the colour is never the only sign; totals unsigned.
        let texts = scene.texts.map(\.text)
        #expect(
            texts.contains("+50\u{00A0}₴") == false && texts.contains("+₴50")
                && texts.contains("\(ChartLocale.minus)₴30")
        )
        #expect(texts.contains("₴100") && texts.contains("₴120"))
        // One connector between each pair of neighbours.
        let connectors = scene.paths.filter {
            $0.fill == nil && $0.stroke?.color == Theme.light.axis && $0.elements.count == 2
        }
        .filter { p in bars.contains { abs(($0.rect.maxX) - (p.bounds?.minX ?? 0)) < 0.6 } }
        #expect(connectors.count == 3)
    }

    @Test func theDemoBridgeIsCleanInBothThemesLocalesAndSizes() {
        for theme in [Theme.light, .dark] {
            for locale in [ChartLocale.en, .uk] {
                for (width, height) in [(1200.0, 675.0), (510, 260), (390, 300)] {
                    let scene = Self.chart(Self.demo, theme, locale, width: width, height: height).scene(
                        measurer: measurer
                    )
                    expectCleanLayout(scene, "\(theme.name) \(locale) \(width)")
                    #expect(Self.bars(scene, theme).count == 7)
                    #expect(!scene.texts.contains { $0.text.contains("…") }, "a name is never cut")
                    // Every bar's label and name are drawn, and the labels do not touch a bar they do not name.
                    #expect(scene.texts.filter { $0.role == .annotation }.count == 7)
                    let rects = Self.bars(scene, theme).map(\.rect)
                    for label in scene.texts where label.role == .annotation {
                        #expect(
                            rects.filter { $0.intersects(label.box) }.isEmpty,
                            "\(label.text) over a bar at \(width)"
                        )
                    }
                }
            }
        }
    }

    @Test func aSmallAmountBesideMillionsStillHasABarAndNamesWrap() {
        let scene = Self.chart(width: 510, height: 260).scene(measurer: measurer)
        let fees = Self.bars(scene)[5]
        #expect(fees.rect.height >= 1 && fees.fill == Theme.light.down)
        // At a report block's width "Currency effect" takes two lines.
        #expect(scene.texts.contains { $0.text == "Currency" } && scene.texts.contains { $0.text == "effect" })
        // Whole figures where they fit the bars' steps, without the currency the axis names.
        #expect(scene.texts.contains { $0.text == "+3,006,734" } && scene.texts.contains { $0.text == "₴6,000,000" })
        // On the full canvas the figures are whole.
        #expect(Self.chart().scene(measurer: measurer).texts.contains { $0.text == "+₴3,006,734" })
    }

    @Test func moneyMovedIsNeitherAGainNorALoss() {
        let scene = Self.chart().scene(measurer: measurer)
        let bars = Self.bars(scene)
        // Deposits and withdrawals in the flows' neutral pair (no asset's colour), labelled in the text colour.
        #expect(bars[1].fill == Theme.light.deposits && bars[2].fill == Theme.light.withdrawals)
        #expect(!Theme.light.series.contains(bars[1].fill) && !Theme.light.series.contains(bars[2].fill))
        #expect(scene.texts.first { $0.text == "\(ChartLocale.minus)₴99,314" }?.color == Theme.light.text)
        #expect(scene.texts.first { $0.text == "+₴3,006,734" }?.color == Theme.light.labelColor(for: Theme.light.up))
    }

    @Test func anAmountThatRoundsToNothingKeepsItsCents() {
        let bars: [WaterfallChart.Bar] = [
            .init(label: "Start", value: 0, kind: .total), .init(label: "In", value: 1_310.98, kind: .transfer),
            .init(label: "Currency", value: -0.02), .init(label: "End", value: 1_310.96, kind: .total),
        ]
        let texts = Self.chart(bars).scene(measurer: measurer).texts.map(\.text)
        #expect(
            texts.contains("\(ChartLocale.minus)₴0.02") && texts.contains("+₴1,311") && texts.contains("₴0"),
            "\(texts)"
        )
    }

    /// DSX crypto's bridge since it rose above zero: a start below zero, a hundred dollars in, a small gain.
    static let dsx: [WaterfallChart.Bar] = [
        .init(label: "Start value", value: -15.96, kind: .total),
        .init(label: "Net deposits", value: 110.4, kind: .transfer),
        .init(label: "Price effect", value: 202.83), .init(label: "Currency effect", value: -0.09),
        .init(label: "Fees", value: -4.01), .init(label: "End value", value: 293.17, kind: .total),
    ]

    /// The demo's last calendar year: labels that land on the 4 M and 6 M gridlines.
    static let lastYear: [WaterfallChart.Bar] = [
        .init(label: "Start value", value: 4_058_718, kind: .total),
        .init(label: "Deposits", value: 375_863, kind: .transfer), .init(label: "Price effect", value: 1_407_965),
        .init(label: "Currency effect", value: 229_055), .init(label: "Fees", value: -692),
        .init(label: "End value", value: 6_070_910, kind: .total),
    ]

    /// A gridline or the zero line never strikes a bar's figure through: where one passes behind a label,
    /// a halo of the background is drawn over the line and under the figure (CHART-STYLE.md's bridges).
    /// At a report block's size (590 × 290, as the portfolio report draws them) the axis has four to six
    /// ticks.
    @Test func labelsAreClearOfGridlinesAndTheAxisHasFourToSixTicks() {
        for bars in [Self.demo, Self.dsx, Self.lastYear] {
            for theme in [Theme.light, .dark] {
                for (width, height) in [(1200.0, 675.0), (590, 290)] {
                    let scene = Self.chart(bars, theme, width: width, height: height).scene(measurer: measurer)
                    let name = "\(bars[0].value) \(theme.name) \(width)"
                    expectCleanLayout(scene, name)
                    let order = scene.primitives
                    // Horizontal lines across the plot: the gridlines and the zero line.
                    let lines = order.indices.compactMap { i -> (Int, Double, ClosedRange<Double>)? in
                        guard case .path(let p) = order[i], p.fill == nil, let stroke = p.stroke,
                            [theme.grid, theme.axis].contains(stroke.color), let b = p.bounds,
                            b.height <= stroke.width + 0.01,
                            b.width > width * 0.5
                        else { return nil }
                        return (i, b.midY, b.minX...b.maxX)
                    }
                    #expect(lines.count >= 3, "\(name): gridlines \(lines.count)")
                    for i in order.indices {
                        guard case .text(let label) = order[i], label.role == .annotation else { continue }
                        for (j, y, xs) in lines
                        where y > label.box.minY && y < label.box.maxY && xs.overlaps(label.box.minX...label.box.maxX) {
                            // Between the line and the label, a background rect over the label's box.
                            let halo = order[j..<i].contains {
                                guard case .path(let p) = $0, p.fill == theme.background, let b = p.bounds else {
                                    return false
                                }
                                return b.contains(label.box)
                            }
                            #expect(halo, "\(name): the line at \(y) strikes \(label.text) through")
                        }
                    }
                    if height == 290 {
                        let ticks = scene.texts.filter { $0.role == .axis && $0.text.contains(where: \.isNumber) }
                        #expect((4...6).contains(ticks.count), "\(name): \(ticks.map(\.text))")
                    }
                }
            }
        }
    }

    @Test func withoutBarsItSaysWhy() {
        let note = "Not shown: USD/UAH has no rate on 12 Jan 2024"
        let scene = WaterfallChart(frame: frame(), bars: [], currency: .uah, emptyNote: note).scene(measurer: measurer)
        #expect(scene.texts.contains { $0.text == note } && Self.bars(scene).isEmpty)
        #expect(
            WaterfallChart(frame: frame(), bars: []).scene(measurer: measurer).texts.contains { $0.text == "No data" }
        )
    }
}
