import Foundation
import Testing
@testable import FolioCharts

@Suite struct PerformanceChartTests {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec", "Year"]

    static func heatmap(_ theme: Theme = .light, _ locale: ChartLocale = .en, years: Int = 6, width: Double = 1200) -> HeatmapChart {
        let values: [[Double]] = (0 ..< years).map { y in
            let months: [Double] = (0 ..< 12).map { m in y == 0 && m < 2 ? Double.nan : sin(Double(y * 12 + m)) * 0.2 }
            return months + [1.12 - Double(y)]
        }
        return HeatmapChart(frame: frame(theme, locale, width: width), rowLabels: (0 ..< years).map { String(2013 + $0) },
                            columnLabels: months, values: values, totalColumns: 1, format: NumberFormat(locale: locale, style: .percent(1)))
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
        #expect(scene.texts.filter { $0.text.hasSuffix("%") }.count == 6 * 13 - 2 + 3)  // + the key's three labels
        // The scale is the months': ±0.2 at most, so a total of 112 % takes the end colour, not a pale one.
        #expect(abs(chart.extent - 0.2) < 0.01)
    }

    @Test func heatmapCellTextContrasts() {
        let scene = Self.heatmap(.dark).scene(measurer: measurer)
        let cells = scene.paths.filter { $0.fill != nil && $0.elements.count == 5 }
        #expect(cells.count >= 6 * 13 - 2)
        for text in scene.texts where text.role == .cell {
            guard let fill = cells.first(where: { $0.bounds?.contains(text.box.insetBy(dx: 1, dy: 1)) == true })?.fill else {
                Issue.record("no cell under \(text.text)"); continue
            }
            #expect(fill.contrast(with: text.color) >= 4.5, "\(text.text)")
        }
    }

    @Test func drawdownMarksTheDeepestTroughInsideThePlot() {
        let days = (0 ..< 400).map { 1_700_000_000 + Double($0) * 86_400 }
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
        expectCleanLayout(DrawdownChart(frame: frame(width: 510, height: 150), times: days, depths: depths.map { $0 * 2 })
            .scene(measurer: measurer), "510x150")
        // Never below its peak: no trough to mark.
        let flat = DrawdownChart(frame: frame(), times: Array(days.prefix(10)), depths: Array(repeating: 0, count: 10))
        #expect(flat.trough == nil && discs(flat.scene(measurer: measurer)).isEmpty)
    }
}
