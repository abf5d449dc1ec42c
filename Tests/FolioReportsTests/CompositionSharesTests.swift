import FolioCore
import FolioDatasets
import FolioInputs
import FolioStore
import Testing

@testable import FolioCharts

/// "Share by asset" of the demo's DSX crypto portfolio, whose BTC balance was below zero for months: the
/// shares are stacked to 100 % of what was held each month, in the values chart's order, and BTC is named.
@Suite struct CompositionSharesTests {
    func chart(percent: Bool) throws -> BarChart {
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        var request = ChartRequest(kind: .bars)
        request.portfolio = "DSX crypto"
        request.percent = percent
        return try #require(try ChartPipeline.document(request, inputs: StoredInputs(store)).chart as? BarChart)
    }

    @Test func eachMonthIsAHundredPercentOfWhatWasHeldAndTheNegativeIsNamed() throws {
        let shares = try chart(percent: true)
        let values = try chart(percent: false)
        #expect(shares.mode == .shares && values.mode == .stacked)
        // One order up to "Other"; after it, the values' stack has the grey assets' negatives as a second
        // "Other" under zero, and the shares name each negative they leave out.
        let named = Array(values.series.map(\.name).prefix { $0 != "Other" }) + ["Other"]
        #expect(Array(shares.series.map(\.name).prefix(named.count)) == named)
        #expect(values.series.dropFirst(named.count).allSatisfy { $0.name == "Other" }, "\(values.series.map(\.name))")
        for g in shares.groups.indices {
            let stacked = shares.series.indices.map { shares.plotted($0, g) }.filter(\.isFinite)
            #expect(abs(stacked.reduce(0, +) - 1) < 1e-9, "\(shares.groups[g])")
            // The assets' shares are in the proportion of their values in the values chart (the first is BTC,
            // the largest, whenever it was held).
            let held = values.series.indices.filter { values.series[$0].name != "Other" && values.value($0, g) > 0 }
            for s in held.dropFirst() {
                let ratio = shares.plotted(s, g) / shares.plotted(held[0], g)
                #expect(abs(ratio - values.value(s, g) / values.value(held[0], g)) < 1e-9, "\(values.series[s].name)")
            }
            for s in values.series.indices where values.value(s, g) < 0 { #expect(shares.plotted(s, g).isNaN) }
        }
        let note = try #require(shares.notShownText)
        #expect(note.hasPrefix("Not shown: ") && note.contains("BTC ("), "\(note)")
        #expect(values.notShownText == nil)
    }
}
