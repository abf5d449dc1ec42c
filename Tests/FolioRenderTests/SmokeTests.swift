import Foundation
import Testing
import FolioCharts
@testable import FolioRender

@Test func writeGallery() throws {
    let renderer = try Renderer()
    try FileManager.default.createDirectory(atPath: "/tmp/gallery", withIntermediateDirectories: true)
    for theme in [Theme.light, .dark] {
        for locale in ChartLocale.allCases {
            for (name, spec) in Gallery.charts(theme, locale) {
                let scene = spec.scene(measurer: renderer.measurer)
                try renderer.write(scene, to: URL(fileURLWithPath: "/tmp/gallery/\(name)-\(theme.name)-\(locale.rawValue).png"))
            }
        }
    }
}
