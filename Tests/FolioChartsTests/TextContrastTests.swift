import Foundation
import Testing

@testable import FolioCharts

/// Every text a chart draws reads at WCAG AA (≥ 4.5:1) against what is painted behind it — the canvas,
/// a table's zebra stripe, a heatmap cell, a pie slice — in both themes (docs/chart-style.md, Colour).
@Suite struct TextContrastTests {
    static let codes = ["AAPL", "MSFT", "AMZN", "GOOGL", "JPM", "BAC", "XOM", "JNJ", "KO", "NVDA"]
    static let days = (0..<90).map { 1_704_067_200 + Double($0) * 86_400 }

    /// A wavy price per asset, each on its own level, rising or falling over the window.
    static func prices(_ k: Int) -> LineSeries {
        LineSeries(
            name: codes[k % codes.count],
            times: days,
            values: days.indices.map { i -> Double in
                let trend = Double(i) * (k.isMultiple(of: 2) ? 0.2 : -0.15)
                return 50 + Double(k) * 20 + sin(Double(i + k) / 6) * 8 + trend
            }
        )
    }

    /// One chart of every kind, with as many series colours as the palette has.
    static func charts(_ theme: Theme) -> [(String, any Chart)] {
        let f = frame(theme)
        let tenLines = (0..<10).map(prices)
        let slices = codes.prefix(9).enumerated().map { PieSlice(label: $0.element, value: Double(30 - 3 * $0.offset)) }
        let bars = codes.prefix(8).enumerated().map { k, code -> BarSeries in
            // The seventh (yellow) series has one negative month.
            let values: [Double] = (0..<6).map { m in Double(10 + k * 3 + m) * (k == 6 && m == 2 ? -1 : 1) }
            return BarSeries(name: code, values: values)
        }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun"]
        var matrix = [[Double]](repeating: [Double](repeating: 1, count: 5), count: 5)
        for r in 0..<5 { for c in 0..<5 where r != c { matrix[r][c] = cos(Double(r * 5 + c)) } }
        // Four years of monthly returns (all the diverging classes) and a year's total after them.
        var returns = [[Double]](repeating: [], count: 4)
        for y in 0..<4 {
            returns[y] = (0..<12).map { m in sin(Double(y * 12 + m)) * 0.08 } + [0.3 - Double(y) * 0.2]
        }
        let depths: [Double] = days.indices.map { i in -abs(sin(Double(i) / 14)) * 0.3 }
        return [
            ("compare of ten", CompareChart(frame: f, series: tenLines)),
            ("lines of five", LineChart(frame: f, series: Array(tenLines.prefix(5)), annotateWindow: false)),
            ("7-day line up", LineChart(frame: f, series: [prices(0)])),
            ("7-day line down", LineChart(frame: f, series: [prices(1)])),
            ("pie", PieChart(frame: f, slices: slices)),
            ("donut", PieChart(frame: f, slices: slices, donut: true)),
            ("bars", BarChart(frame: f, groups: months, series: bars)),
            ("percent bars", BarChart(frame: f, groups: months, series: bars, mode: .shares)),
            (
                "hbars",
                HBarChart(
                    frame: f,
                    categories: months,
                    series: [
                        BarSeries(name: "In", values: [5, 3, 0, 7, 2, 4]),
                        BarSeries(name: "Out", values: [-2, -4, -1, 0, -3, -5]),
                    ]
                )
            ),
            ("small multiples", SmallMultiplesChart(frame: f, series: tenLines)),
            (
                "table",
                TableChart(
                    frame: f,
                    header: ["Asset", "Value"],
                    rows: codes.map {
                        [.text($0), .number(Double($0.count) * 1234.5, NumberFormat(locale: .en, style: .decimal(2)))]
                    }
                )
            ),
            (
                "heatmap",
                HeatmapChart(
                    frame: f,
                    rowLabels: ["2021", "2022", "2023", "2024"],
                    columnLabels: months + months.map { $0 + "′" } + ["Year"],
                    values: returns,
                    totalColumns: 1,
                    format: NumberFormat(locale: .en, style: .percent(1))
                )
            ),
            ("correlation", CorrelationChart(frame: f, labels: Array(codes.prefix(5)), matrix: matrix)),
            ("drawdown", DrawdownChart(frame: f, times: days, depths: depths)),
        ]
    }

    @Test(arguments: ["light", "dark"])
    func everyTextReadsAgainstWhatIsBehindIt(themeName: String) throws {
        let theme = try #require(Theme.named(themeName))
        for (name, chart) in Self.charts(theme) {
            let scene = chart.scene(measurer: measurer)
            #expect(scene.texts.count > 3, "\(name): no texts drawn")
            for (run, contrast) in scene.textContrasts() where contrast < Color.minimumTextContrast {
                Issue.record(
                    "\(theme.name) \(name): '\(run.text)' in \(run.color.hexString) has contrast \(String(format: "%.2f", contrast))"
                )
            }
        }
    }

    /// Line-end names are in the text colour, each after a key in its line's colour with a leader from its
    /// line's end: Okabe–Ito's orange and yellow darkened to 4.5:1 are two near-identical golds as text,
    /// and a name that stacking moved off its line's level would float without the leader.
    @Test func lineEndNamesAreKeyedInTheirLinesColourAndLedToTheirEnds() throws {
        for theme in [Theme.light, .dark] {
            // Seven lines ending within a few points of each other, so that the names must stack.
            let series = (0..<7).map { k in
                LineSeries(
                    name: Self.codes[k],
                    times: Self.days,
                    values: Self.days.indices.map { 100 + Double($0) * 0.1 + Double(k) * 0.05 }
                )
            }
            let scene = CompareChart(frame: frame(theme), series: series).scene(measurer: measurer)
            expectCleanLayout(scene, theme.name)
            let paths = scene.paths
            var keyColours: [Color] = []
            for (k, s) in series.enumerated() {
                let name = try #require(scene.text(s.name))
                #expect(name.color == theme.text, "\(s.name) in \(name.color.hexString)")
                let line = theme.lineColor(theme.color(nil, position: k))
                // The key: a short thick stroke in the line's colour ending just before the name, level with it.
                let key = try #require(
                    paths.first {
                        guard let b = $0.bounds, let stroke = $0.stroke, stroke.color == line else { return false }
                        return b.height <= stroke.width + 0.01 && abs(b.midY - name.box.midY) < 0.5
                            && b.maxX < name.box.minX && name.box.minX - b.maxX < theme.axisSize
                    },
                    "\(theme.name) \(s.name): no key"
                )
                keyColours.append(try #require(key.stroke?.color))
                // The leader: from the line's last point to the key's start.
                guard case .move(let start) = key.elements.first,
                    case .line(let end) = paths.first(where: { $0.stroke?.color == line && $0.elements.count > 2 })?
                        .elements.last
                else { throw Failure.noLine }
                let leader = paths.contains {
                    guard $0.stroke?.color == line, $0.elements.count == 2,
                        case .move(let a) = $0.elements[0], case .line(let b) = $0.elements[1]
                    else { return false }
                    return abs(a.y - end.y) < 0.01 && a.x >= end.x && abs(b.x - start.x) < 0.01
                        && abs(b.y - start.y) < 0.01
                }
                #expect(leader, "\(theme.name) \(s.name): no leader")
            }
            #expect(Set(keyColours).count == 7, "one colour a line")
            // The seventh line (yellow) is stroked, and keyed, in its hue darkened to a graphic's 3:1 on white.
            if theme == .light { #expect(keyColours[6].contrast(with: theme.background) >= 3) }
        }
    }

    enum Failure: Error { case noLine }

    @Test func readableShadeIsTheSmallestStepThatReaches() {
        let white = Color(hex: 0xFFFFFF)
        let dark = Theme.dark.background
        for colour in Theme.okabeIto {
            for background in [white, dark] {
                let shade = colour.readable(on: background)
                #expect(shade.contrast(with: background) >= 4.5)
                // A colour that reads already is kept: blue on white, yellow on dark.
                if colour.contrast(with: background) >= 4.5 { #expect(shade == colour) }
            }
        }
        // Darkening on white, lightening on dark.
        let orange = Color(hex: 0xE69F00)
        #expect(orange.readable(on: white).relativeLuminance < orange.relativeLuminance)
        #expect(Color(hex: 0x0072B2).readable(on: dark).relativeLuminance > Color(hex: 0x0072B2).relativeLuminance)
    }

    @Test func backdropIsTheFillUnderThePoint() {
        let cell = Color(hex: 0x67001F)
        let ring = PieGeometry.slice(
            centre: Point(x: 100, y: 100),
            outer: 50,
            inner: 30,
            start: 0,
            end: 2 * .pi,
            fill: cell,
            separator: nil
        )
        let scene = Scene(width: 200, height: 200, background: Color(hex: 0xFFFFFF), primitives: [.path(ring)])
        #expect(scene.backdrop(at: Point(x: 140, y: 100), before: 1) == cell)
        // The donut's hole and the canvas outside are the background.
        #expect(scene.backdrop(at: Point(x: 100, y: 100), before: 1) == scene.background)
        #expect(scene.backdrop(at: Point(x: 10, y: 10), before: 1) == scene.background)
    }
}
