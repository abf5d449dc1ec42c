import Foundation
import Testing

@testable import FolioCharts

@Suite struct CorrelationChartTests {
    @Test func cellsShowTwoDecimalsWithATrueMinusAndDashesForUndefined() {
        let chart = CorrelationChart(
            frame: frame(),
            labels: ["A", "B", "C"],
            matrix: [[1, -0.25, .nan], [-0.25, 1, 0.004], [.nan, 0.004, 1]]
        )
        #expect(chart.cellText(0, 1) == "\u{2212}0.25")
        #expect(chart.cellText(0, 2) == "—")
        #expect(chart.cellText(1, 2) == "0.00")
        let scene = chart.scene(measurer: measurer)
        #expect(scene.texts.filter { $0.text == "\u{2212}0.25" }.count == 2)
        #expect(scene.texts.filter { $0.text == "—" }.count == 2)
        expectCleanLayout(scene, "3×3")
    }

    @Test func cellTextContrastsAtLeastFourAndAHalfToOne() {
        for theme in [Theme.light, .dark] {
            for k in 0...200 {
                let fill = theme.divergingColor(Double(k) / 100 - 1)
                let text = fill.bestText(among: theme.cellTextCandidates)
                #expect(fill.contrast(with: text) >= 4.5, "value \(Double(k) / 100 - 1)")
            }
        }
    }

    @Test func fortyAssetsWithLongNamesFit() {
        let labels = (0..<40).map {
            $0 % 7 == 0 ? "Asset with a really very long name that goes on and on and on \($0)" : "A\($0)"
        }
        let matrix = (0..<40).map { i in (0..<40).map { j in i == j ? 1 : sin(Double(i * 40 + j)) } }
        for size in [(1200.0, 675.0), (1200.0, 1200.0)] {
            let scene = CorrelationChart(frame: frame(width: size.0, height: size.1), labels: labels, matrix: matrix)
                .scene(measurer: measurer)
            expectCleanLayout(scene, "40 assets \(size)")
            #expect(scene.texts.filter { $0.rotation != 0 }.count == 40)
            #expect(scene.texts.contains { $0.text.hasSuffix("…") })
        }
    }

    @Test func diagonalIsMuted() {
        let chart = CorrelationChart(frame: frame(), labels: ["A", "B"], matrix: [[1, 0.5], [0.5, 1]])
        let scene = chart.scene(measurer: measurer)
        let ones = scene.texts.filter { $0.text == "1.00" }
        #expect(ones.count == 2)
        #expect(ones.allSatisfy { $0.color == Theme.light.secondaryText })
    }
}

@Suite struct TableChartTests {
    @Test func numbersRightAlignedTextLeftAligned() throws {
        let f = NumberFormat(locale: .en, style: .decimal(2))
        let chart = TableChart(
            frame: frame(),
            header: ["Asset", "Value"],
            rows: [[.text("ALFA"), .number(1234.5, f)], [.text("B"), .number(-3, f)], [.text("C"), .number(10, f)]]
        )
        let scene = chart.scene(measurer: measurer)
        let values = ["1,234.50", "\u{2212}3.00", "10.00"].compactMap { scene.text($0) }
        #expect(values.count == 3)
        let rights = values.map(\.box.maxX)
        #expect(rights.allSatisfy { abs($0 - rights[0]) < 1e-9 })
        #expect(scene.text("ALFA")?.anchor == .start)
        #expect(scene.paths.contains { $0.fill == Theme.light.zebra })
        expectCleanLayout(scene, "table")
    }

    @Test func tooManyRowsSaysHowManyMore() {
        let rows = (0..<100).map { [TableCell.text("Row \($0)")] }
        let scene = TableChart(frame: frame(width: 640, height: 360), header: ["Name"], rows: rows).scene(
            measurer: measurer
        )
        #expect(scene.texts.contains { $0.text.hasSuffix("more") })
        expectCleanLayout(scene, "long table")
    }
}

@Suite struct SceneInspectionTests {
    @Test func overlapTestUsesTurnedOutlines() {
        let layout = TextLayout(measurer: measurer)
        let style = TextStyle(size: 12, weight: .regular, color: Color(hex: 0), role: .axis)
        let a = layout.run("ALFA label", at: Point(x: 100, y: 100), style: style, rotation: -.pi / 4)
        let b = layout.run("BRVO label", at: Point(x: 120, y: 100), style: style, rotation: -.pi / 4)
        #expect(a.box.intersects(b.box))
        #expect(!a.overlaps(b))
        let c = layout.run("CHRL", at: Point(x: 105, y: 98), style: style)
        #expect(a.overlaps(c))
    }

    @Test func colourContrastMatchesWCAG() {
        #expect(abs(Color(hex: 0xFFFFFF).contrast(with: Color(hex: 0x000000)) - 21) < 1e-9)
        #expect(Color(hex: 0x777777).contrast(with: Color(hex: 0xFFFFFF)) > 4.47)
    }
}
