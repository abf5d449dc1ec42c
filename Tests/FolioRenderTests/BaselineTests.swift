import Foundation
import Testing
import FolioCharts
import FolioRender

/// Every chart kind in both themes and both locales, and the edge cases, against committed images.
@Suite struct BaselineTests {
    static let variants: [(Theme, ChartLocale)] = [(.light, .en), (.light, .uk), (.dark, .en), (.dark, .uk)]

    @Test(arguments: 0..<4)
    func galleryMatchesBaselines(variant: Int) throws {
        let renderer = try Renderer()
        let (theme, locale) = Self.variants[variant]
        for (name, spec) in Gallery.charts(theme, locale) {
            try Baselines.check(spec.scene(measurer: renderer.measurer), name: "\(name)-\(theme.name)-\(locale.rawValue)", renderer: renderer)
        }
    }

    @Test func edgeCasesMatchBaselines() throws {
        let renderer = try Renderer()
        for (name, spec) in EdgeCases.charts() {
            try Baselines.check(spec.scene(measurer: renderer.measurer), name: "edge-\(name)", renderer: renderer)
        }
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
                for (a, b) in scene.overlappingTexts() { Issue.record("\(name) \(size): '\(a.text)' overlaps '\(b.text)'") }
                for p in scene.primitivesOutsideCanvas() { Issue.record("\(name) \(size): outside the canvas: \(p)") }
            }
        }
    }
}
