import Foundation
import Testing

@testable import FolioCharts

@Suite struct PerformanceChartTests {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Year"]

    static func heatmap(
        _ theme: Theme = .light,
        _ locale: ChartLocale = .en,
        years: Int = 6,
        width: Double = 1200
    ) -> HeatmapChart {
        let values: [[Double]] = (0..<years).map { y in
            let months: [Double] = (0..<12).map { m in y == 0 && m < 2 ? Double.nan : sin(Double(y * 12 + m)) * 0.2 }
            return months + [1.12 - Double(y)]
        }
        return HeatmapChart(
            frame: frame(theme, locale, width: width),
            rowLabels: (0..<years).map { String(2013 + $0) },
            columnLabels: months,
            values: values,
            totalColumns: 1,
            format: NumberFormat(locale: locale, style: .percent(1))
        )
    }

    @Test func heatmapCellsReadAndFitInBothThemesLocalesAndSizes() {
        for theme in [Theme.light, .dark] {
            for locale in [ChartLocale.en, .uk] {
                for width in [1200.0, 600] {
                    let scene = Self.heatmap(theme, locale, width: width).scene(measurer: measurer)
                    expectCleanLayout(scene, "\(theme == .light ? "light" : "dark") \(locale) \(width)")
                }
            }
        }
        let chart = Self.heatmap()
        let scene = chart.scene(measurer: measurer)
        // Two empty months draw nothing; every other cell shows its value, the total column too.
        #expect(scene.texts.filter { $0.role == .cell }.count == 6 * 13 - 2)
        // The scale is the months': 0.2 × |sin| has its 90th percentile at 0.19…, so ±20 %; a total of
        // 112 % takes the end colour, not a pale one, and the key says that values go beyond it.
        #expect(chart.colourLimit?.value == 0.2)
        #expect(
            scene.text("20%\u{00A0}or more") != nil && scene.text("−20%\u{00A0}or less") != nil
                && scene.text("0%") != nil
        )
    }

    /// The colour scale's end (issue 32): the 90th percentile of the months' sizes (linear between ranks),
    /// rounded up to a multiple of half its leading power of ten.
    @Test(arguments: [
        // Nine ordinary months and one +81.8 %: rank 8.1 → 0.09 + 0.1 × 0.728 = 0.1628 → 4 × 0.05.
        ([0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.818], 0.2, 2),
        ([0.032], 0.035, 3),  // 7 × 0.005
        ([0.15], 0.15, 2),  // already a multiple: 3 × 0.05, not 4
        ([0.1], 0.1, 2),  // 2 × 0.05
        ([1.2], 1.5, 1),  // 3 × 0.5
        ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.05], 0.05, 3),  // nine in ten flat: the largest, 10 × 0.005
        ([0, 0], 0.01, 2),  // all flat: a nominal 1 %
    ])
    func colourLimitIsARoundedNinetiethPercentile(magnitudes: [Double], limit: Double, decimals: Int) {
        let found = HeatmapChart.robustLimit(magnitudes)
        #expect(found.value == limit && found.decimals == decimals, "\(magnitudes)")
    }

    @Test func anOutlierSaturatesAndOrdinaryMonthsKeepTheirColours() {
        let months = [0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.818, -0.05, -0.185]
        for theme in [Theme.light, .dark] {
            let chart = HeatmapChart(
                frame: frame(theme),
                rowLabels: ["2015"],
                columnLabels: Self.months,
                values: [months + [1.4]],
                totalColumns: 1,
                format: NumberFormat(locale: .en, style: .percent(1))
            )
            let scene = chart.scene(measurer: measurer)
            let cells = scene.paths.filter { $0.fill != nil && $0.elements.count == 5 && ($0.bounds?.height ?? 0) > 20 }
            func fill(_ text: String) -> Color? {
                guard let run = scene.text(text) else { return nil }
                return cells.first { $0.bounds?.contains(run.box) == true }?.fill
            }
            // ±20 %: 81.8 % and the year's 140 % take the end colour; −18.5 % is not beyond, so not the end's.
            #expect(fill("81.8%") == theme.heatmapColor(1) && fill("140.0%") == theme.heatmapColor(1))
            #expect(fill("−18.5%") != theme.heatmapColor(-1))
            // Each ordinary month its own colour, and 9 % is 45 % of the way to the end, not 11 % as on a
            // scale that the outlier sets (where it would be all but the midpoint's colour).
            let ordinary = ["1.0%", "2.0%", "3.0%", "4.0%", "5.0%", "6.0%", "7.0%", "8.0%", "9.0%"].compactMap(fill)
            #expect(Set(ordinary.map(\.hexString)).count == 9)
            #expect(fill("9.0%")?.hexString == theme.heatmapColor(0.45).hexString)
            #expect(scene.text("20%\u{00A0}or more") != nil && scene.text("−20%") != nil, "nothing is below −20 %")
        }
    }

    @Test func aLargerMonthStandsOutMoreOnEitherPage() {
        // On dark, RdBu's near-white zero made the quietest months the brightest blocks on the page.
        for theme in [Theme.light, .dark] {
            let steps = stride(from: 0.0, through: 1.0, by: 0.1)
            for sign in [1.0, -1.0] {
                let contrasts = steps.map { theme.heatmapColor(sign * $0).contrast(with: theme.background) }
                #expect(zip(contrasts, contrasts.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "\(theme.name) \(sign)")
            }
        }
        #expect(Theme.dark.heatmapColor(0).contrast(with: Theme.dark.background) < 1.5)
        #expect(Theme.dark.heatmapColor(1).contrast(with: Theme.dark.background) > 9)
        #expect(Theme.dark.heatmapColor(-1).contrast(with: Theme.dark.background) > 9)
    }

    @Test func cellFiguresAreAtLeastEightPointsOnAReportBlock() {
        // The portfolio report's block: the A4 content width widened by the chart's margins, 220 points tall.
        for locale in [ChartLocale.en, .uk] {
            // Figures as wide as the demo's: months within ±20 % (−19.9%), years of 112.0 %.
            var chart = Self.heatmap(.light, locale).resized(width: 511 + 2 * 18, height: 220)
            chart.values = chart.values.map { row in row.prefix(12) + [1.12] }
            chart.frame.footnote = ""
            let scene = chart.scene(measurer: measurer)
            let figures = scene.texts.filter { $0.role == .cell }
            #expect(figures.count == 6 * 13 - 2)
            #expect(figures.allSatisfy { $0.size >= HeatmapChart.smallestFigure }, "\(figures.map(\.size).min() ?? 0)")
            expectCleanLayout(scene, "\(locale) report block")
        }
        // Too small for 8-point figures: the colours alone, never smaller type.
        let tiny = Self.heatmap().resized(width: 300, height: 150).scene(measurer: measurer)
        #expect(tiny.texts.filter { $0.role == .cell }.isEmpty)
    }

    @Test func heatmapCellTextContrasts() {
        let scene = Self.heatmap(.dark).scene(measurer: measurer)
        let cells = scene.paths.filter { $0.fill != nil && $0.elements.count == 5 }
        #expect(cells.count >= 6 * 13 - 2)
        for text in scene.texts where text.role == .cell {
            guard let fill = cells.first(where: { $0.bounds?.contains(text.box.insetBy(dx: 1, dy: 1)) == true })?.fill
            else {
                Issue.record("no cell under \(text.text)")
                continue
            }
            #expect(fill.contrast(with: text.color) >= 4.5, "\(text.text)")
        }
    }

    @Test func drawdownMarksTheDeepestTroughInsideThePlot() {
        let days = (0..<400).map { 1_700_000_000 + Double($0) * 86_400 }
        let depths = days.indices.map { i in i < 5 ? 0 : -0.3 * sin(Double(i) / 60).magnitude }
        for locale in [ChartLocale.en, .uk] {
            for theme in [Theme.light, .dark] {
                let chart = DrawdownChart(frame: frame(theme, locale), times: days, depths: depths)
                let scene = chart.scene(measurer: measurer)
                expectCleanLayout(scene, "\(locale)")
                let trough = chart.trough!
                #expect(depths[trough] == depths.min())
                let label = scene.texts.first { $0.text.hasPrefix(ChartLocale.minus + "30") }
                #expect(label != nil, "the trough's depth is labelled")
                #expect(discs(scene).count == 1)
            }
        }
        // A short report block: fewer ticks, none overlapping.
        expectCleanLayout(
            DrawdownChart(frame: frame(width: 510, height: 150), times: days, depths: depths.map { $0 * 2 })
                .scene(measurer: measurer),
            "510x150"
        )
        // The line's end says where it stands on the last day.
        let last = DrawdownChart(frame: frame(), times: days, depths: depths).scene(measurer: measurer)
        #expect(last.text(NumberFormat(locale: .en, style: .percent(1)).string(depths[depths.count - 1])) != nil)
        // Never below its peak: no trough to mark.
        let flat = DrawdownChart(frame: frame(), times: Array(days.prefix(10)), depths: Array(repeating: 0, count: 10))
        #expect(flat.trough == nil && discs(flat.scene(measurer: measurer)).isEmpty)
    }

    /// Growth of 100 on a log scale (the cumulative return), each line's end labelled with its name and
    /// last figure, one line or two.
    @Test func lineEndsCarryTheirLastFigures() {
        let days = (0..<400).map { 1_700_000_000 + Double($0) * 86_400 }
        let growth = LineSeries(
            name: "Demo UAH",
            times: days,
            values: days.indices.map { 100 * pow(1.006, Double($0)) }
        )
        let benchmark = LineSeries(name: "USD", times: days, values: days.indices.map { 100 + Double($0) * 0.6 })
        for locale in [ChartLocale.en, .uk] {
            let format = NumberFormat(locale: locale, style: .decimal(1))
            for series in [[growth], [growth, benchmark]] {
                var chart = LineChart(
                    frame: frame(.light, locale),
                    series: series,
                    valueFormat: format,
                    annotateWindow: false,
                    logScale: true
                )
                chart.endFigures = true
                let scene = chart.scene(measurer: measurer)
                expectCleanLayout(scene, "\(locale) \(series.count)")
                for s in series {
                    #expect(
                        scene.text(s.name + "\u{00A0}" + format.string(s.values.last!)) != nil,
                        "\(s.name) \(locale)"
                    )
                }
                // 100 × 1.006³⁹⁹ ≈ 1,088: ticks 100, 200, 500, 1,000, written for the locale.
                let ticks = ["100", "200", "500", locale == .en ? "1,000" : "1\u{202F}000"]
                #expect(ticks.allSatisfy { scene.text($0) != nil }, "\(locale)")
            }
        }
    }

    /// A time plot keeps at least the room it is given on either side: two charts over the same days
    /// given the larger of their own label room start and end at the same x.
    @Test func minimumInsetsLineUpTwoPlots() {
        let days = (0..<400).map { 1_700_000_000 + Double($0) * 86_400 }
        var line = LineChart(
            frame: frame(width: 547, height: 276),
            series: [LineSeries(name: "Demo UAH", times: days, values: days.map { _ in 150 })],
            valueFormat: NumberFormat(locale: .en, style: .decimal(1)),
            annotateWindow: false,
            logScale: true
        )
        line.endFigures = true
        var drawdown = DrawdownChart(
            frame: frame(width: 547, height: 270),
            times: days,
            depths: days.indices.map { -Double($0 % 50) / 100 }
        )
        let a = line.labelInsets(measurer: measurer)!
        let b = drawdown.labelInsets(measurer: measurer)!
        #expect(a.left != b.left && a.right != b.right, "the test needs charts that differ")
        let shared = PlotInsets(left: max(a.left, b.left), right: max(a.right, b.right))
        line.minimumInsets = shared
        drawdown.minimumInsets = shared
        let p = line.plotArea(measurer: measurer)!
        let q = drawdown.plotArea(measurer: measurer)!
        #expect(p.minX == q.minX && p.maxX == q.maxX && p.minX == shared.left && p.maxX == 547 - shared.right)
        #expect(line.timeSpan == drawdown.timeSpan)
    }
}
