import FolioAnalytics
import FolioCharts
import FolioCore
import FolioReports
import FolioWorkloads
import Foundation
import Testing

/// The benchmark must never time a chart that draws the wrong picture: each workload's scene is checked
/// against numbers computed here, independently, from the same CSV files.
@Suite struct WorkloadTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples/bench")
    let data: WorkloadData
    let measurer = ApproximateMeasurer()

    init() throws { data = try WorkloadData(directory: Self.directory) }

    private func scene(_ workload: Workload) throws -> Scene { try workload.chart(data).scene(measurer: measurer) }

    private func discs(_ scene: Scene) -> [Point] {
        scene.paths.compactMap { p in
            guard p.elements.count == 3, case .arc(let c, _, 0, let end, true) = p.elements[1], end == 2 * .pi else {
                return nil
            }
            return c
        }
    }

    @Test func w1MarkersSitOnTheTrueMinimumAndMaximum() throws {
        let column = data.hourly.header.firstIndex(of: "ALFA")!
        let values = data.hourly.rows.map { Double($0[column])! }
        let (minIndex, maxIndex) = (
            values.indices.min { values[$0] < values[$1] }!, values.indices.max { values[$0] < values[$1] }!
        )
        let scene = try scene(.w1)
        let format = NumberFormat(locale: .en, style: .decimal(2))
        #expect(scene.text("Min " + format.string(values[minIndex])) != nil)
        #expect(scene.text("Max " + format.string(values[maxIndex])) != nil)
        let average = values.reduce(0, +) / Double(values.count)
        #expect(scene.texts.contains { $0.text.hasSuffix(format.string(average)) })
        // The discs sit on the line's vertices at the minimum's and maximum's hours.
        let line = try #require(scene.paths.first { $0.elements.count == 168 })
        func vertex(_ i: Int) -> Point? {
            switch line.elements[i] {
            case .move(let p), .line(let p): p
            default: nil
            }
        }
        let markers = discs(scene)
        #expect(markers.count == 2)
        #expect(markers.contains(try #require(vertex(minIndex))))
        #expect(markers.contains(try #require(vertex(maxIndex))))
        #expect(scene.overlappingTexts().isEmpty && scene.primitivesOutsideCanvas().isEmpty)
    }

    @Test func w2ShowsEachHoldingsShareOfTheTotal() throws {
        let values = data.holdings.rows.map { Double($0[3])! }
        let total = values.reduce(0, +)
        let scene = try scene(.w2)
        let percents = scene.texts.compactMap { run -> Double? in
            guard run.text.hasSuffix("%") else { return nil }
            return Double(run.text.dropLast().split(separator: " ").last ?? "")
        }
        #expect(percents.count >= 6)
        for share in values.map({ $0 / total * 100 }) where share >= 2 {
            #expect(percents.contains { abs($0 - share) < 0.051 }, "no label for \(share) %")
        }
        #expect(scene.overlappingTexts().isEmpty)
    }

    @Test func w3HasTwelveGroupsOfSixBarsAndALegend() throws {
        let scene = try scene(.w3)
        for asset in data.composition.header.dropFirst() {
            #expect(scene.text(asset) != nil, "no legend entry \(asset)")
        }
        for month in ["Jan 2024", "Jun", "Dec"] { #expect(scene.text(month) != nil, "no group label \(month)") }
        #expect(scene.overlappingTexts().isEmpty && scene.primitivesOutsideCanvas().isEmpty)
    }

    @Test func w4CellsShowTheCorrelationsTheAnalyticsCompute() throws {
        let matrix = try Workload.correlationMatrix(data)
        #expect(matrix.assets.count == 20)
        let scene = try scene(.w4)
        let cells = scene.texts.filter { $0.role == .annotation || $0.text.contains(".") }
        // Independently: Pearson of simple returns of two columns over all 781 return days.
        func returns(_ name: String) -> [Double] {
            let c = data.dailyCloses.header.firstIndex(of: name)!
            let closes = data.dailyCloses.rows.map { Double($0[c])! }
            return zip(closes.dropFirst(), closes).map { $0 / $1 - 1 }
        }
        func pearson(_ x: [Double], _ y: [Double]) -> Double {
            let n = Double(x.count)
            let mx = x.reduce(0, +) / n
            let my = y.reduce(0, +) / n
            let sxy = zip(x, y).map { ($0 - mx) * ($1 - my) }.reduce(0, +)
            let sxx = x.map { ($0 - mx) * ($0 - mx) }.reduce(0, +)
            let syy = y.map { ($0 - my) * ($0 - my) }.reduce(0, +)
            return sxy / (sxx * syy).squareRoot()
        }
        for (a, b) in [("ALFA", "BRVO"), ("CHRL", "DLTA"), ("KILO", "TNGO"), ("ECHO", "SIER")] {
            let expected = pearson(returns(a), returns(b))
            let computed = try #require(try matrix.correlation(AssetCode(a), AssetCode(b)))
            #expect(abs(computed - expected) < 1e-12)
            let label = NumberFormat(locale: .en, style: .decimal(2)).string(computed)
            #expect(cells.contains { $0.text == label }, "no cell shows \(label) for \(a)/\(b)")
        }
        #expect(scene.text("ALFA") != nil && scene.text("TNGO") != nil)
    }

    @Test func w5IsFourPagesWithTheTilesPieBarsAndTable() throws {
        let pages = try W5Report.scenes(data, measurer: measurer)
        #expect(pages.count == 4)
        let total = data.holdings.rows.map { Double($0[3])! }.reduce(0, +)
        let money = NumberFormat(locale: .en, style: .decimal(2), currency: .usd)
        #expect(pages[0].text(money.string(total)) != nil, "the value tile shows the holdings' total")
        #expect(pages[0].text("Allocation by asset") != nil)
        #expect(pages[1].text("ALFA") != nil && pages[1].text("JULT") != nil)
        #expect(pages[2].text("Portfolio composition by month") != nil)
        #expect(pages[3].text("Correlation of daily returns") != nil)
        #expect(pages[3].text("Page 4 of 4") != nil)
        for page in pages { #expect(page.overlappingTexts().isEmpty && page.primitivesOutsideCanvas().isEmpty) }
    }
}
