import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioRender
import FolioTestSupport
import Foundation
import Testing

@testable import FolioReports

/// The portfolio report's "Against target" (issue 47): only for a portfolio with targets; the bullet
/// graph of each line against its target and band, and the trades back (`folio table rebalance --sell`).
/// Its page, laid out with the real fonts, against a text dump and an image in both languages.
@Suite(.serialized) struct TargetSectionTests {
    /// Three stocks of five shares each and 1,500 USD deposited (about 600 left in cash), against
    /// S00=30 S01=20 S02=20 USD=30 with a 5-point band: S00 under its band, S02 and cash over it.
    static let targets = try? PortfolioTargets(
        basis: .asset,
        lines: [TargetLine("S00", 30), TargetLine("S01", 20), TargetLine("S02", 20), TargetLine("USD", 30)]
    )

    static func input(targets: PortfolioTargets? = Self.targets) -> PortfolioReportInput {
        SyntheticPortfolio.input(assets: 3, trades: 3, deposit: 1_500, targets: targets)
    }

    func builder(_ locale: ChartLocale, measurer: any TextMeasurer = ApproximateMeasurer()) throws -> ReportBuilder {
        ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: measurer
        )
    }

    /// The blocks from `heading` to the next heading.
    func blocks(after heading: String, in pages: [LaidOutPage]) -> [any LayoutBlock]? {
        let all = pages.flatMap { $0.blocks.map(\.block) }
        guard let start = all.firstIndex(where: { ($0 as? HeadingBlock)?.text == heading }) else { return nil }
        let rest = all[(start + 1)...]
        let end = rest.firstIndex { $0 is HeadingBlock } ?? all.endIndex
        return Array(all[(start + 1)..<end])
    }

    @Test(arguments: ChartLocale.allCases) func aPortfolioWithoutTargetsHasNoSection(locale: ChartLocale) throws {
        let pages = try builder(locale).pages(PortfolioReportData(Self.input(targets: nil), locale: locale))
        #expect(blocks(after: Catalogue.for(locale)[.againstTarget], in: pages) == nil)
        #expect(!pages.contains { $0.blocks.contains { ($0.block as? ChartBlock)?.chart is BulletChart } })
    }

    @Test(arguments: ChartLocale.allCases) func theChartAndTheTradesAreTheRebalancingsFigures(
        locale: ChartLocale
    ) throws {
        #expect(Self.targets != nil)
        let input = Self.input()
        let strings = Catalogue.for(locale)
        let pages = try builder(locale).pages(PortfolioReportData(input, locale: locale))
        let section = try #require(blocks(after: strings[.againstTarget], in: pages))
        let charts = section.compactMap { ($0 as? ChartBlock)?.chart as? BulletChart }
        let chart = try #require(charts.first)
        // Independently: each line's value at the as-of day's end over the whole.
        let valuation = input.inputs.valuation(at: input.asOf)
        let value = { (code: AssetCode) in valuation.assets.first { $0.asset == code }?.value ?? 0 }
        let total = valuation.assets.compactMap(\.value).reduce(0, +)
        let codes: [AssetCode] = ["S00", "S01", "S02", "USD"]
        #expect(chart.lines.map(\.name) == codes.map(\.rawValue))
        for (line, code) in zip(chart.lines, codes) {
            #expect(abs(line.weight - value(code) / total * 100) < 1e-9)
        }
        #expect(chart.lines.map(\.outOfBand) == [true, false, true, true])
        // The trades: each line to its target of the whole, sales included, the cash the rest; in cents.
        // Under its own title, which is a heading of its own.
        let tables = pages.flatMap { $0.blocks.compactMap { $0.block as? TableBlock } }
        let table = try #require(tables.first { $0.source == "rebalance" })
        let trade = try #require(table.columns.firstIndex { $0.title.hasPrefix(strings[.tradeAmount] + ",") })
        func cents(_ text: String) -> Int? {
            Int(text.filter(\.isNumber)).map { text.contains(ChartLocale.minus) ? -$0 : $0 }
        }
        let targets = [30.0, 20, 20, 30]
        for (row, (code, target)) in zip(table.rows, zip(codes, targets)) {
            #expect(row[0].text == code.rawValue)
            let expected = Int(((target / 100 * total - value(code)) * 100).rounded())
            #expect(cents(row[trade].text).map { abs($0 - expected) <= 1 } == true, "\(code): \(row[trade].text)")
        }
        #expect(table.rows.count == 5 && table.rows.last?[0].text == strings[.total])
    }

    /// The section's page as the PDF prints it: its text, and its image at 50 dpi.
    @Test(arguments: ChartLocale.allCases) func thePageReadsAndLooksAsItsBaselines(locale: ChartLocale) throws {
        let renderer = try Renderer()
        let builder = try builder(locale, measurer: renderer.measurer)
        let data = PortfolioReportData(Self.input(), locale: locale)
        let pages = try builder.pages(data)
        let heading = Catalogue.for(locale)[.againstTarget]
        let n = try #require(
            pages.firstIndex { $0.blocks.contains { ($0.block as? HeadingBlock)?.text == heading } }
        )
        let scenes = try builder.scenes(data)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folio-target-section-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("against-target-\(locale.rawValue).pdf")
        try renderer.writePDF([scenes[n]], to: pdf, metadata: PDFMetadata())
        let text = try FolioProcess.tool("pdftotext", ["-layout", pdf.path, "-"])
        #expect(text.status == 0, "\(text.stderr)")
        let dump =
            text.stdout.components(separatedBy: "\n").map { ReportText.cells($0).joined(separator: " | ") }
            .filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
        let snapshots = ReportSnapshotTests.texts
        try snapshots.checkText("text-against-target-\(locale.rawValue)", dump)
        let png = dir.appendingPathComponent("page")
        let ppm = try FolioProcess.tool("pdftoppm", ["-r", "50", "-png", "-singlefile", pdf.path, png.path])
        #expect(ppm.status == 0, "\(ppm.stderr)")
        try ReportSnapshotTests.images.checkImage(
            "page-against-target-\(locale.rawValue)",
            file: png.appendingPathExtension("png")
        )
    }
}
