import Foundation
import Testing
import FolioCharts
@testable import FolioRender

@Test func lineChartRendersToPNG() throws {
    let renderer = try Renderer()
    let scene = Fixtures.lineChart(width: 1200, height: 675).scene(measurer: renderer.measurer)
    try renderer.write(scene, to: URL(fileURLWithPath: "/tmp/folio-line.png"))
    try renderer.write(scene, to: URL(fileURLWithPath: "/tmp/folio-line.pdf"))
}

@Test func printMetrics() throws {
    let fonts = try FontSet.shared()
    print("digits regular", fonts.digitAdvances(weight: .regular))
    print("digits bold", fonts.digitAdvances(weight: .bold))
    for s in ["−", "+", "-", "–", "\u{202F}", "\u{A0}", " ", "₴", "zł", "€", "$"] {
        print(s.unicodeScalars.map { String($0.value, radix: 16) }, fonts.width(of: s, size: 1, weight: .regular), fonts.width(of: s, size: 1, weight: .bold))
    }
    print("ascent", fonts.ascent, "descent", fonts.descent)
}
