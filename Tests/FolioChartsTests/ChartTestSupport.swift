import Testing

@testable import FolioCharts

/// Layout invariants every chart must keep: no two text boxes overlap, nothing leaves the canvas.
func expectCleanLayout(_ scene: Scene, _ name: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    for (a, b) in scene.overlappingTexts() {
        Issue.record("\(name): '\(a.text)' overlaps '\(b.text)'", sourceLocation: sourceLocation)
    }
    for p in scene.primitivesOutsideCanvas() {
        Issue.record("\(name): outside the canvas: \(p)", sourceLocation: sourceLocation)
    }
}

/// Hourly data starting 2024-12-25T00:00Z with values from a formula.
func hourly(_ count: Int, _ value: (Int) -> Double) -> LineSeries {
    LineSeries(
        name: "ALFA",
        times: (0..<count).map { 1_735_084_800 + Double($0) * 3600 },
        values: (0..<count).map(value)
    )
}

func frame(
    _ theme: Theme = .light,
    _ locale: ChartLocale = .en,
    width: Double = 1200,
    height: Double = 675
) -> ChartFrame {
    ChartFrame(
        width: width,
        height: height,
        theme: theme,
        locale: locale,
        title: "ALFA · 7 days",
        subtitle: "Hourly close, USD",
        footnote: "Source: Folio · as of 31 Dec 2024"
    )
}

let measurer = ApproximateMeasurer()

/// Discs in a scene (marker paths): centre and radius.
func discs(_ scene: Scene) -> [(center: Point, radius: Double, fill: Color?)] {
    scene.paths.compactMap { p in
        guard p.elements.count == 3, case .arc(let c, let r, 0, let end, true) = p.elements[1], end == 2 * .pi else {
            return nil
        }
        return (c, r, p.fill)
    }
}
