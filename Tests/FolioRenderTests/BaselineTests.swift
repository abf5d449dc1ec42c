import FolioCharts
import FolioRender
import FolioTestSupport
import Foundation
import Testing

/// Every chart kind in both themes and both locales, and the edge cases, against committed baselines in
/// `Baselines/`: the scene's dump (what is drawn where, every label) and the image (RMS tolerance).
/// The kinds come from `ChartKind.allCases`, so a new kind fails here until its baselines are recorded.
@Suite struct BaselineTests {
    static let variants: [(Theme, ChartLocale)] = [(.light, .en), (.light, .uk), (.dark, .en), (.dark, .uk)]
    static let snapshots = Snapshots(
        directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Baselines"),
        group: "FolioRenderTests"
    )

    /// Both the dump and the image, so that a failing image comes with the labels that moved.
    static func check(
        _ chart: any Chart,
        name: String,
        renderer: Renderer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scene = chart.scene(measurer: renderer.measurer)
        try snapshots.checkScene(name, scene, sourceLocation: sourceLocation)
        try snapshots.checkImage(
            name,
            try renderer.rgb(scene),
            write: { url in
                var smallest = renderer
                smallest.pngEncoding = PNGEncoding(level: 12)  // baselines live in git
                try smallest.writePNG(scene, to: url)
            },
            sourceLocation: sourceLocation
        )
    }

    @Test(arguments: ChartKind.allCases)
    func galleryMatchesBaselines(kind: ChartKind) throws {
        let renderer = try Renderer()
        for (theme, locale) in Self.variants {
            try Self.check(
                Gallery.chart(kind, theme, locale),
                name: "\(kind.rawValue)-\(theme.name)-\(locale.rawValue)",
                renderer: renderer
            )
        }
    }

    @Test func edgeCasesMatchBaselines() throws {
        let renderer = try Renderer()
        for (name, spec) in EdgeCases.charts() {
            try Self.check(spec, name: "edge-\(name)", renderer: renderer)
        }
    }

    /// A baseline nobody checks any more (a kind renamed, an edge case dropped) is left-over weight that
    /// reads as coverage: every file in `Baselines/` belongs to a chart above.
    @Test func everyBaselineBelongsToAChart() throws {
        let names =
            ChartKind.allCases.flatMap { kind in Self.variants.map { "\(kind.rawValue)-\($0.0.name)-\($0.1.rawValue)" }
            }
            + EdgeCases.charts().map { "edge-\($0.name)" }
        let expected = Set(names.flatMap { [$0 + ".png", $0 + ".txt"] } + ["README.md"])
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snapshots.directory.path))
        #expect(files.subtracting(expected).isEmpty, "not checked by any test: \(files.subtracting(expected).sorted())")
    }
}

/// Layout invariants with the real fonts: the same checks as the pure scene tests, on the measurer that draws.
@Suite struct RealFontLayoutTests {
    @Test(arguments: 0..<4)
    func galleryHasNoOverlapsAndStaysOnCanvas(variant: Int) throws {
        let renderer = try Renderer()
        let (theme, locale) = BaselineTests.variants[variant]
        for (name, spec) in Gallery.charts(theme, locale) + EdgeCases.charts() {
            for size in [(640.0, 360.0), (1200.0, 675.0)] {
                let scene = spec.resized(width: size.0, height: size.1).scene(measurer: renderer.measurer)
                for (a, b) in scene.overlappingTexts() {
                    Issue.record("\(name) \(size): '\(a.text)' overlaps '\(b.text)'")
                }
                for p in scene.primitivesOutsideCanvas() { Issue.record("\(name) \(size): outside the canvas: \(p)") }
            }
        }
    }
}
