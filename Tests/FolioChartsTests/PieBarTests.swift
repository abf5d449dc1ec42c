import Foundation
import Testing

@testable import FolioCharts

/// A pie whose largest slice is over 90 % says one number: it draws itself as a 100 % bar with direct
/// labels (docs/chart-style.md), for the budget's income (98.2 % / 1.8 %) and a portfolio's kinds alike.
@Suite struct PieBarTests {
    /// The demo budget's income in Nov 2026.
    let income = [PieSlice(label: "Зарплатня", value: 45_655.64), PieSlice(label: "Депозит", value: 837.63)]

    /// The bar's segments: filled rectangles, left to right.
    func segments(_ scene: Scene) -> [(rect: Rect, fill: Color)] {
        scene.paths.compactMap { p in
            guard let fill = p.fill, p.elements.count == 5, let b = p.bounds, b.height > 0 else { return nil }
            return (b, fill)
        }.sorted { $0.rect.minX < $1.rect.minX }
    }

    func arcs(_ scene: Scene) -> Int {
        scene.paths.filter { $0.elements.contains { if case .arc = $0 { true } else { false } } }.count
    }

    @Test(arguments: [false, true]) func overNinetyPercentTheSlicesAreSegmentsOfOneBar(donut: Bool) throws {
        let chart = PieChart(
            frame: frame(),
            slices: income.reversed(),
            donut: donut,
            totalFormat: NumberFormat(locale: .en, style: .compact(decimals: 1), currency: .uah)
        )
        #expect(chart.drawsAsBar)
        let scene = chart.scene(measurer: measurer)
        #expect(arcs(scene) == 0)
        let bar = segments(scene)
        try #require(bar.count == 2)
        // Largest first from the left, in the pie's colours, widths in proportion to the shares, edge to edge.
        #expect(bar.map(\.fill) == [Theme.light.seriesColor(0), Theme.light.seriesColor(1)])
        let width = bar[1].rect.maxX - bar[0].rect.minX
        #expect(abs(bar[0].rect.maxX - bar[1].rect.minX) < 1e-9)
        #expect(abs(bar[0].rect.width / width - 45_655.64 / (45_655.64 + 837.63)) < 1e-9)
        // Direct labels: each name with its share of what is drawn, as a table rounds it, adding up to 100.
        for text in ["Зарплатня", "98.2%", "Депозит", "1.8%"] { #expect(scene.text(text) != nil, "\(text)") }
        // The largest is labelled inside its segment; the small one below the bar, left of its leader.
        let big = try #require(scene.text("Зарплатня"))
        let small = try #require(scene.text("1.8%"))
        #expect(bar[0].rect.contains(big.box))
        #expect(small.box.minY > bar[1].rect.maxY && small.box.maxX < bar[1].rect.midX)
        #expect(donut == (scene.text("₴46.5K") != nil && scene.text("Total") != nil))
        expectCleanLayout(scene, "income, donut \(donut)")
    }

    /// A bar needs less height than a pie: `barHeight` is what its title, bar and labels take, and drawn
    /// at that height nothing is cut or pressed together; a pie has none.
    @Test(arguments: [false, true]) func aBarSaysTheHeightItNeeds(donut: Bool) throws {
        var chart = PieChart(frame: frame(width: 590, height: 300), slices: income, donut: donut)
        let needed = try #require(chart.barHeight(measurer: measurer))
        #expect(needed < 300 * 0.6, "\(needed)")
        chart.frame.height = needed
        let scene = chart.scene(measurer: measurer)
        expectCleanLayout(scene, "at \(needed)")
        let bar = segments(scene)
        #expect(bar.count == 2 && bar.allSatisfy { $0.rect.height >= 2.4 * 9.75 - 0.01 }, "a full bar")
        #expect(scene.texts.allSatisfy { $0.box.maxY <= needed }, "nothing below the canvas")
        #expect(
            PieChart(frame: frame(), slices: [PieSlice(label: "A", value: 60), PieSlice(label: "B", value: 40)])
                .barHeight(measurer: measurer) == nil
        )
    }

    /// Over 90 %, not at it; one slice alone stays a whole pie (no sliver to lose).
    @Test func theBarIsForALargestSliceOverNinetyPercentBesideOthers() {
        func chart(_ values: [Double]) -> PieChart {
            PieChart(
                frame: frame(),
                slices: values.enumerated().map { PieSlice(label: "S\($0.offset)", value: $0.element) }
            )
        }
        #expect(!chart([90, 10]).drawsAsBar)
        #expect(chart([90.01, 9.99]).drawsAsBar)
        #expect(!chart([5]).drawsAsBar)
        #expect(arcs(chart([90, 10]).scene(measurer: measurer)) == 2)
        // A negative slice is not drawn, so it is not part of the whole: 95 of 100 drawn is a bar.
        #expect(chart([95, 5, -50]).drawsAsBar)
    }

    /// Up to four small slices and "Other" under a 91 % one, long names, pie and donut, on a report's
    /// column, a desktop canvas and a phone: no label overlaps another or leaves the canvas, every small
    /// label stands below the bar and left of its own leader, and the shares add up to 100.
    @Test(arguments: ChartLocale.allCases) func smallSlicesStairBelowTheBarWithoutOverlaps(locale: ChartLocale) throws {
        let names = [
            "Savings account interest", "Gifts", "Refunds from the tax office", "Sale of an old bicycle", "Cashback",
        ]
        for small in 1...5 {
            let rest = (0..<small).map { PieSlice(label: names[$0], value: 9.0 / Double(small) - Double($0) * 0.1) }
            let slices = [PieSlice(label: "Salary and wages", value: 91)] + rest + [PieSlice(label: "Tips", value: 0.3)]
            for donut in [false, true] {
                for (w, h) in [(1200.0, 675.0), (595.0, 220.0), (390.0, 300.0)] {
                    let chart = PieChart(
                        frame: frame(.light, locale, width: w, height: h),
                        slices: slices,
                        donut: donut
                    )
                    let name = "\(small) small, donut \(donut), \(Int(w))×\(Int(h))"
                    #expect(chart.drawsAsBar, "\(name)")
                    let scene = chart.scene(measurer: measurer)
                    expectCleanLayout(scene, name)
                    let bar = segments(scene)
                    #expect(bar.count == chart.drawnSlices.count, "\(name)")
                    let percents = scene.texts.filter { $0.text.hasSuffix("%") }
                    #expect(percents.count == bar.count, "\(name)")
                    let sum = percents.compactMap {
                        Double($0.text.replacingOccurrences(of: ",", with: ".").filter { $0.isNumber || $0 == "." })
                    }
                    #expect(abs(sum.reduce(0, +) - 100) <= 0.05 * Double(sum.count), "\(name): \(sum)")
                    // Leaders: vertical segments from the bar's bottom, one per small slice, each with its
                    // label's right end left of it and no other label crossing it.
                    let barBottom = bar.map(\.rect.maxY).max() ?? 0
                    let leaders = scene.paths.compactMap { p -> (x: Double, bottom: Double)? in
                        guard p.elements.count == 2, case .move(let a) = p.elements[0],
                            case .line(let b) = p.elements[1],
                            a.x == b.x, abs(a.y - barBottom) < 0.01, b.y > a.y
                        else { return nil }
                        return (a.x, b.y)
                    }
                    #expect(leaders.count == bar.count - 1, "\(name)")
                    for leader in leaders {
                        let crossing = scene.texts.filter {
                            $0.box.minX < leader.x && $0.box.maxX > leader.x && $0.box.maxY > barBottom
                                && $0.box.minY < leader.bottom
                        }
                        #expect(crossing.isEmpty, "\(name): \(crossing.map(\.text)) cross a leader")
                    }
                }
            }
        }
    }
}
