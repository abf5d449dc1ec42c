import Foundation
import Testing

@testable import FolioCharts

@Suite struct PieChartTests {
    let holdings = [
        ("ALFA", 54_982.81), ("BRVO", 44_952.09), ("CHRL", 38_120.5), ("DLTA", 20_100), ("ECHO", 9_800),
        ("FXTR", 3_900), ("GOLF", 1_500), ("HTEL", 700),
    ].map { PieSlice(label: $0.0, value: $0.1) }

    @Test func largestFirstFromTwelveOClockClockwise() throws {
        let chart = PieChart(frame: frame(), slices: holdings.shuffled())
        #expect(chart.drawnSlices.first?.label == "ALFA")
        let scene = chart.scene(measurer: measurer)
        let first = try #require(scene.paths.first { $0.fill == Theme.light.seriesColor(0) })
        guard case .arc(_, _, let start, let end, let clockwise) = first.elements[1] else {
            Issue.record("no arc")
            return
        }
        #expect(abs(start + .pi / 2) < 1e-9)
        #expect(clockwise && end > start)
    }

    @Test func tinySlicesGoToOtherAndPercentagesAddUp() {
        let chart = PieChart(frame: frame(), slices: holdings)
        let drawn = chart.drawnSlices
        #expect(drawn.last?.label == "Other")
        #expect(abs(drawn.last!.value - 2_200) < 1e-9)
        let scene = chart.scene(measurer: measurer)
        let percents = scene.texts.filter { $0.text.hasSuffix("%") }.map { Double($0.text.dropLast()) ?? .nan }
        #expect(percents.count == drawn.count)
        // Each share is written as a table writes it (value / total, rounded alone), so they add up to
        // 100 within the rounding of each.
        #expect(abs(percents.reduce(0, +) - 100) <= 0.05 * Double(drawn.count))
        let total = holdings.map(\.value).reduce(0, +)
        for (slice, shown) in zip(drawn, percents) {
            #expect(
                String(format: "%.1f", shown)
                    == NumberFormat(locale: .en, style: .decimal(1)).string(slice.value / total * 100)
            )
        }
        for slice in drawn { #expect(scene.texts.contains { $0.text == slice.label }) }
        expectCleanLayout(scene, "pie")
    }

    /// On dark, where Okabe–Ito's yellow is itself (on white it is darkened to 3:1 for every mark).
    @Test func eightSlicesHaveEightColoursAndYellowIsOutlined() {
        let slices = (0..<8).map { PieSlice(label: "S\($0)", value: Double(20 - $0)) }
        let scene = PieChart(frame: frame(), slices: slices).scene(measurer: measurer)
        let fills = Set(
            scene.paths.filter { $0.elements.contains { if case .arc = $0 { true } else { false } } }.compactMap(\.fill)
        )
        #expect(fills.count == 8)
        #expect(!fills.contains(Color(hex: 0xF0E442)) && fills.contains(Color(hex: 0x9F972C)))
        // An asset's one colour is the line's too: no mark of the light palette needs darkening.
        #expect(Theme.light.series.allSatisfy { Theme.light.lineColor($0) == $0 })
    }

    @Test func manySmallSlicesNeverOverlap() {
        let slices = (0..<20).map { PieSlice(label: "Asset \($0)", value: $0 == 0 ? 1000 : Double(40 + $0)) }
        for donut in [false, true] {
            for size in [(1200.0, 675.0), (640.0, 360.0)] {
                let chart = PieChart(
                    frame: frame(width: size.0, height: size.1),
                    slices: slices,
                    donut: donut,
                    otherThreshold: 0,
                    maxSlices: 20
                )
                expectCleanLayout(chart.scene(measurer: measurer), "20 slices donut=\(donut) \(size)")
            }
        }
    }

    @Test func singleSliceAndNoSlices() {
        let one = PieChart(frame: frame(), slices: [PieSlice(label: "USD", value: 5)]).scene(measurer: measurer)
        #expect(one.texts.contains { $0.text == "100.0%" })
        #expect(one.texts.contains { $0.text == "USD" })
        expectCleanLayout(one, "one slice")
        let none = PieChart(frame: frame(), slices: []).scene(measurer: measurer)
        #expect(none.text("No data") != nil)
        let negative = PieChart(frame: frame(), slices: [PieSlice(label: "X", value: -3)]).scene(measurer: measurer)
        #expect(negative.text("No data") != nil)
    }

    @Test func donutShowsTheTotal() {
        let chart = PieChart(
            frame: frame(.dark, .uk),
            slices: holdings,
            donut: true,
            totalFormat: NumberFormat(locale: .uk, style: .compact(decimals: 1), currency: .uah)
        )
        let scene = chart.scene(measurer: measurer)
        #expect(scene.text("174,1\u{00A0}тис.\u{00A0}грн") != nil)
        #expect(scene.text("Усього") != nil)
        #expect(scene.text("Інше") != nil)
        expectCleanLayout(scene, "donut")
    }

    /// DSX crypto's holdings on 30 Jun 2020: two negative balances. The labels were shares of the net
    /// value ($293) while the arcs drew the positive holdings ($313): they added up to 106.8 %.
    @Test func sharesAreOfWhatIsDrawnAndTheCentreSaysHeldAndNet() throws {
        let slices = [
            ("BTC", 195.63), ("ETH", 66.18), ("EOS", 24.39), ("BCH", 17.63), ("USD", 8.84), ("XRP", 0.46),
            ("LTC", -14.27), ("EUR", -5.83),
        ].map { PieSlice(label: $0.0, value: $0.1) }
        let chart = PieChart(
            frame: frame(),
            slices: slices,
            donut: true,
            totalFormat: NumberFormat(locale: .en, style: .compact(decimals: 0), currency: .usd)
        )
        #expect(abs(chart.total - 313.13) < 1e-9 && abs(chart.netTotal - 293.03) < 1e-9)
        let scene = chart.scene(measurer: measurer)
        let percents = scene.texts.compactMap { $0.text.hasSuffix("%") ? Double($0.text.dropLast()) : nil }
        #expect(abs(percents.reduce(0, +) - 100) <= 0.05 * Double(percents.count), "\(percents)")
        #expect(scene.text("62.5%") != nil)  // 195.63 / 313.13
        #expect(chart.notShownText == "Not shown: LTC −$14.27, EUR −$5.83 (net $293.03)")
        #expect(scene.text("$313") != nil && scene.text("held") != nil && scene.text("$293 net") != nil)
        #expect(scene.text("Total") == nil)
        expectCleanLayout(scene, "held and net")
        // On page 1's small donut (590 × 215 points) the three lines shrink to stay inside the hole.
        var small = chart
        small.frame = frame(width: 590, height: 215)
        let drawn = small.scene(measurer: measurer)
        let arcs = drawn.paths.flatMap(\.elements).compactMap { e -> (Point, Double)? in
            if case .arc(let c, let r, _, _, _) = e { (c, r) } else { nil }
        }
        let (centre, hole) = try #require(arcs.min { $0.1 < $1.1 })
        for text in ["$313", "held", "$293 net"] {
            let box = try #require(drawn.text(text)).box
            for (x, y) in [(box.minX, box.minY), (box.maxX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY)] {
                #expect(hypot(x - centre.x, y - centre.y) <= hole, "\(text) reaches the ring")
            }
        }
    }

    /// A percentage drawn inside a slice lies wholly in it: within the ring of a donut, within the slice's angles.
    @Test func aLabelInsideASliceFitsTheRing() throws {
        for donut in [true, false] {
            for size in [(600.0, 340.0), (360.0, 200.0)] {
                let chart = PieChart(frame: frame(width: size.0, height: size.1), slices: holdings, donut: donut)
                let scene = chart.scene(measurer: measurer)
                let rings = scene.paths.compactMap { path -> (Point, Double)? in
                    guard
                        case .arc(let c, let r, _, _, _)? = path.elements.first(where: {
                            if case .arc = $0 { true } else { false }
                        })
                    else { return nil }
                    return (c, r)
                }
                let (centre, outer) = try #require(rings.max { $0.1 < $1.1 })
                let inner = donut ? outer * 0.58 : 0
                for text in scene.texts where text.text.hasSuffix("%") {
                    let corners = [
                        (text.box.minX, text.box.minY), (text.box.maxX, text.box.minY), (text.box.minX, text.box.maxY),
                        (text.box.maxX, text.box.maxY),
                    ]
                    let radii = corners.map { hypot($0.0 - centre.x, $0.1 - centre.y) }
                    let within = radii.allSatisfy { $0 <= outer + 0.5 && $0 >= inner - 0.5 }
                    let outside = radii.allSatisfy { $0 > outer }
                    #expect(within || outside, "\(text.text) straddles the edge (donut \(donut), \(size))")
                }
            }
        }
    }

    @Test func aHoldingWithoutARateIsNamedAndTheCentreIsNotATotal() {
        let chart = PieChart(frame: frame(), slices: holdings, donut: true, leftOut: ["EUR — no rate after 1 Dec 2017"])
        #expect(chart.notShownText == "Not shown: EUR — no rate after 1 Dec 2017")
        let scene = chart.scene(measurer: measurer)
        #expect(scene.text("shown") != nil && scene.text("Total") == nil)
        #expect(scene.texts.contains { $0.text == "Not shown: EUR — no rate after 1 Dec 2017" })
    }

    @Test func longNamesAreShortenedWithAnEllipsis() {
        let long = "Very Long Asset Name Incorporated International Holdings Group"
        let scene = PieChart(
            frame: frame(width: 640, height: 360),
            slices: [PieSlice(label: long, value: 3), PieSlice(label: "B", value: 1)]
        )
        .scene(measurer: measurer)
        #expect(scene.texts.contains { $0.text.hasSuffix("…") && long.hasPrefix($0.text.dropLast()) })
        expectCleanLayout(scene, "long names")
    }
}

@Suite struct BarChartTests {
    let groups = ["Jan", "Feb", "Mar"]

    @Test func negativeBarsHangBelowTheZeroLine() throws {
        let chart = BarChart(
            frame: frame(),
            groups: groups,
            series: [BarSeries(name: "A", values: [10, -5, 3]), BarSeries(name: "B", values: [4, 6, -8])]
        )
        let scene = chart.scene(measurer: measurer)
        let zero = try #require(scene.paths.last { $0.stroke?.color == Theme.light.axis })
        guard case .move(let p) = zero.elements[0] else {
            Issue.record("no zero line")
            return
        }
        let bars = scene.paths.filter { $0.fill == Theme.light.seriesColor(0) && $0.elements.count == 5 }
        #expect(bars.count == 3 + 1)  // three bars and the legend swatch
        let negative = try #require(bars.compactMap(\.bounds).first { $0.minY >= p.y - 1 && $0.height > 1 })
        #expect(negative.minY >= p.y - 1)
        #expect(scene.text("A") != nil && scene.text("B") != nil)
        expectCleanLayout(scene, "bars")
    }

    @Test func sharesAreStackedToAHundredPercentOfWhatIsHeld() throws {
        // B is below zero in February: no share, left out of that stack and named under the chart.
        let chart = BarChart(
            frame: frame(),
            groups: groups,
            series: [
                BarSeries(name: "A", values: [1, 1, 3]),
                BarSeries(name: "B", values: [3, -2, 1]),
                BarSeries(name: "C", values: [.nan, 3, 0]),
            ],
            mode: .shares
        )
        #expect(chart.plotted(0, 0) == 0.25 && chart.plotted(1, 0) == 0.75)
        #expect(chart.plotted(0, 1) == 0.25 && chart.plotted(1, 1).isNaN && chart.plotted(2, 1) == 0.75)
        let scene = chart.scene(measurer: measurer)
        let colours = (0..<3).map { Theme.light.seriesColor($0) }
        let segments = scene.paths.filter {
            $0.elements.count == 5 && colours.contains($0.fill ?? Theme.light.background)
        }
        .compactMap { p in p.bounds.map { (p.fill!, $0) } }
        .filter { $0.1.width > 20 }  // the stacks, not the legend's keys
        // One bar per group, its segments touching from the zero line up to the 100 % line.
        let hundred = try #require(scene.text("100%"))
        let zero = try #require(scene.text("0%"))
        let columns = Dictionary(grouping: segments, by: { Int($0.1.midX.rounded()) })
        #expect(columns.count == 3)
        for (_, column) in columns {
            // (Bounds take in half the parting hairline on each side.)
            let top = column.map(\.1.minY).min()!
            let bottom = column.map(\.1.maxY).max()!
            #expect(abs(top - hundred.box.midY) < 1.5 && abs(bottom - zero.box.midY) < 1.5, "\(column)")
            let heights = column.map(\.1.height).reduce(0, +)
            #expect(
                abs(heights - (bottom - top)) <= Double(column.count - 1) * 0.75 + 0.01,
                "segments overlap or leave gaps"
            )
        }
        #expect(chart.notShownText == "Not shown: B (Feb)")
        #expect(scene.text("Not shown: B (Feb)") != nil)
        expectCleanLayout(scene, "stacked shares")
    }

    @Test func groupedSharesSumWhatIsHeldAndKeepTheirNegativesNamed() throws {
        let series = (1...10).map {
            BarSeries(name: "S\($0)", values: [Double($0), $0 == 2 ? -5 : Double($0), Double($0)])
        }
        let values = BarSeries.keepingLargest(series, limit: 4, otherName: "Other")
        let shares = BarSeries.keepingLargest(series, limit: 4, otherName: "Other", for: .shares)
        // The same order as the values chart; Other of the held values only, then S2's negative alone.
        #expect(shares.map(\.name) == values.map(\.name) + ["S2"])
        #expect(values[3].values == [28, 21, 28] && shares[3].values == [28, 26, 28])
        #expect(shares[4].swatch == .other && shares[4].values[1] == -5 && shares[4].values[0].isNaN)
        let chart = BarChart(frame: frame(), groups: groups, series: shares, mode: .shares)
        #expect(chart.notShownText == "Not shown: S2 (Feb)")
        for g in groups.indices {
            let total = shares.indices.map { chart.plotted($0, g) }.filter(\.isFinite).reduce(0, +)
            #expect(abs(total - 1) < 1e-12)
        }
        let scene = chart.scene(measurer: measurer)
        #expect(!scene.texts.contains { $0.text == "S2" }, "a series that is never held has no key in the legend")
        expectCleanLayout(scene, "grouped shares")
    }

    /// A stack of values draws the grey assets' negatives under zero as "Other", under the one grey key:
    /// DSX's value by asset had three grey keys, Other, EUR and LTC, that no reader could tell apart.
    @Test func aStacksGreyNegativesAreOtherUnderOneKey() throws {
        let grey = (1...10).map { (n: Int) -> BarSeries in
            let v = Double(n)
            return BarSeries(name: "S\(n)", values: [v, n <= 2 ? -v : v, v])
        }
        let withNegatives = BarSeries.keepingLargest(grey, limit: 4, otherName: "Other", for: .stacked)
        #expect(withNegatives.map(\.name) == ["S10", "S9", "S8", "Other", "Other"])
        #expect(withNegatives[3].values == [28, 25, 28])
        #expect(
            withNegatives[4].values[1] == -3 && withNegatives[4].values[0].isNaN && withNegatives[4].swatch == .other
        )
        let chart = BarChart(frame: frame(), groups: groups, series: withNegatives, mode: .stacked)
        let scene = chart.scene(measurer: measurer)
        #expect(scene.texts.filter { $0.text == "Other" }.count == 1, "one key for Other, above and below zero")
        #expect(!scene.texts.contains { $0.text == "S1" || $0.text == "S2" })
        expectCleanLayout(scene, "stacked values")
    }

    @Test func notShownGroupsReadAsRanges() {
        let months = ["Jan 2017", "Feb", "Mar", "Apr", "May", "Jun"]
        let chart = BarChart(
            frame: frame(),
            groups: months,
            series: [
                BarSeries(name: "A", values: [5, 5, 5, 5, 5, 5]),
                BarSeries(name: "BTC", values: [-1, -1, -1, 2, -1, 3]),
            ],
            mode: .shares
        )
        #expect(chart.notShownText == "Not shown: BTC (Jan 2017 – Mar, May)")
    }

    @Test func twelveMonthsBySixAssetsFit() {
        let months = ChartLocale.uk.monthAbbreviations
        let series = (0..<6).map { s in
            BarSeries(name: "Asset \(s)", values: (0..<12).map { Double(30_000 + s * 5_000 + $0 * 300) })
        }
        for size in [(1200.0, 675.0), (640.0, 360.0)] {
            let scene = BarChart(
                frame: frame(.light, .uk, width: size.0, height: size.1),
                groups: months,
                series: series
            ).scene(measurer: measurer)
            expectCleanLayout(scene, "12×6 \(size)")
        }
    }

    @Test func allNegativeAndEmpty() {
        let scene = BarChart(frame: frame(), groups: groups, series: [BarSeries(name: "A", values: [-1, -2, -3])])
            .scene(measurer: measurer)
        expectCleanLayout(scene, "all negative")
        #expect(BarChart(frame: frame(), groups: [], series: []).scene(measurer: measurer).text("No data") != nil)
    }

    @Test func horizontalBarsLabelTheirValues() {
        let chart = HBarChart(
            frame: frame(),
            categories: groups,
            series: [
                BarSeries(name: "Deposits", values: [1200, 0, 500]),
                BarSeries(name: "Withdrawals", values: [-300, -700, .nan]),
            ],
            valueFormat: NumberFormat(locale: .en, style: .decimal(0), currency: .usd)
        )
        let scene = chart.scene(measurer: measurer)
        #expect(scene.text("$1,200") != nil)
        #expect(scene.text("\u{2212}$700") != nil)
        expectCleanLayout(scene, "hbars")
    }

    /// A negative balance is not a slice: the shares are of what is drawn, the negative named with the net whole.
    @Test func aNegativeSliceIsNamedUnderThePieAndCountsInTheTotal() {
        let slices = [
            PieSlice(label: "BTC", value: 109.29), PieSlice(label: "ETH", value: 18.03),
            PieSlice(label: "USD", value: 22.9),
            PieSlice(label: "EUR", value: -5.83), PieSlice(label: "LTC", value: -3.76),
        ]
        for locale in [ChartLocale.en, .uk] {
            let chart = PieChart(
                frame: frame(.light, locale),
                slices: slices,
                donut: true,
                totalFormat: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: Currency(code: "USD"))
            )
            #expect(abs(chart.total - 150.22) < 1e-9 && abs(chart.netTotal - 140.63) < 1e-9)
            let scene = chart.scene(measurer: measurer)
            expectCleanLayout(scene, "\(locale)")
            let note = try? #require(scene.texts.first { $0.text.hasPrefix(locale.notShown) })
            #expect(note?.text.contains("EUR") == true && note?.text.contains("LTC") == true)
            #expect(
                scene.texts.contains {
                    $0.text == NumberFormat(locale: locale, style: .percent(1)).string(109.29 / 150.22)
                }
            )
        }
        #expect(PieChart(frame: frame(), slices: Array(slices.prefix(3))).notShownText == nil)
    }
}
