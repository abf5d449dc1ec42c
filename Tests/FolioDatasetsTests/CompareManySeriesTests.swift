import FolioCharts
import FolioCore
import FolioInputs
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDatasets

/// A comparison of more assets than the palette has colours is drawn as small multiples: the lines
/// could not be told apart on one axis.
@Suite struct CompareManySeriesTests {
    @Test func moreAssetsThanColoursBecomePanels() throws {
        let db = try TemporaryStore()
        let codes = (1...10).map { String(format: "S%02d", $0) }
        var quotes = "date,asset,currency,price,market,source\n"
        for n in 0..<30 {
            let day = d("2024-01-01").advanced(by: n)
            for (k, code) in codes.enumerated() {
                quotes += "\(day.iso),\(code),USD,\(100 + Double((n * (k + 1)) % 17)),exchange,test\n"
            }
        }
        try db.importText(quotes, as: .quotes)
        for count in [8, 9] {
            var request = ChartRequest(kind: .compare)
            try request.set(.asset, Array(codes.prefix(count)))
            let chart = try ChartPipeline.document(request, inputs: StoredInputs(db.store)).chart
            if count <= 8 {
                #expect(chart is CompareChart)
            } else {
                let panels = try #require(chart as? SmallMultiplesChart)
                #expect(panels.series.map(\.name) == Array(codes.prefix(count)))
            }
        }
    }
}
