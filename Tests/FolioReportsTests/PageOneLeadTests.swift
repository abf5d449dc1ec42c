import FolioCharts
import FolioCore
import FolioDeliver
import FolioRender
import FolioStore
import Foundation
import Testing

@testable import FolioReports

/// Page 1 of the portfolio report as the demo database draws it, with the real fonts: one figure leads
/// (the value, larger than every other), captions a reader can read, and two sums written out with their
/// operators — value = net deposits + gain, realised + unrealised + dividends and interest = gain — that
/// add up as printed (Demo UAH's ₴1.17M + ₴3.34M, rounded each on its own, would make ₴4.51M).
@Suite(.serialized) struct PageOneLeadTests {
    static func pageOne(_ portfolio: String, _ locale: ChartLocale) throws -> [(KPIBlock, [TextRun])] {
        let store = try Store(path: try RenderedReportTests.database.get().path, access: .read)
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("portfolio"),
            theme: .light,
            locale: locale,
            measurer: try Renderer().measurer
        )
        let reports = PortfolioReports(portfolio: portfolio, locale: locale).following(builder.definition)
        let pages = try builder.pages(PortfolioReportData(try reports.input(store), locale: locale))
        return try #require(pages.first).blocks.compactMap { placed in
            (placed.block as? KPIBlock).map { block in
                (
                    block,
                    block.draw(in: placed.rect).compactMap { if case .text(let run) = $0 { run } else { nil } }
                )
            }
        }
    }

    /// A tile's figure in hundredths of the unit it is written in ("₴6.19M" → 619, "−$20.35" → −2035,
    /// "6,19 млн ₴" → 619), and that unit ("M", "млн", "" for whole currency).
    static func figure(_ text: String, _ locale: ChartLocale) -> (hundredths: Int, unit: String)? {
        let plain = text.replacingOccurrences(of: "\u{00A0}", with: " ")
        let decimal: Character = locale == .uk ? "," : "."
        let digits = plain.filter { $0.isNumber || $0 == decimal }.replacingOccurrences(of: ",", with: ".")
        guard let value = Double(digits) else { return nil }
        let unit = plain.filter(\.isLetter)
        let sign = plain.contains("−") ? -1.0 : 1.0
        return (Int((sign * value * 100).rounded()), unit)
    }

    @Test(arguments: ["Demo UAH", "DSX crypto"], ChartLocale.allCases)
    func theValueLeadsAndTheSumsAddUpAsPrinted(portfolio: String, locale: ChartLocale) throws {
        let blocks = try Self.pageOne(portfolio, locale)
        #expect(blocks.count == 3, "the lead, the gain's parts, the changes")
        let (lead, leadTexts) = try #require(blocks.first)
        #expect(lead.lead && lead.operators == ["=", "+"])
        // The value's figure is the largest text of the tiles; every caption is at least 9 points.
        let figures = blocks.flatMap { block, texts in texts.filter { t in block.tiles.contains { $0.value == t.text } }
        }
        let value = try #require(leadTexts.first { $0.text == lead.tiles[0].value })
        #expect(figures.allSatisfy { $0 == value || $0.size < value.size * 0.7 }, "\(figures.map(\.size))")
        let captions = blocks.flatMap(\.1).filter { $0.role == .axis }
        #expect(!captions.isEmpty && captions.allSatisfy { $0.size >= 9 })
        // Each sum adds up as printed, in one unit.
        var gains: [String] = []
        for (block, texts) in blocks where !block.operators.isEmpty {
            let written = try block.tiles.map { try #require(Self.figure($0.value, locale), "\($0.value)") }
            let nonzero = Set(written.filter { $0.hundredths != 0 }.map(\.unit))
            #expect(nonzero.count == 1, "one unit: \(block.tiles.map(\.value))")
            let equals = try #require(block.operators.firstIndex(of: "="))
            let total = equals == 0 ? 0 : block.tiles.count - 1
            var sum = 0
            for i in block.tiles.indices where i != total {
                sum += (i > 0 && block.operators[i - 1] == "−" ? -1 : 1) * written[i].hundredths
            }
            #expect(sum == written[total].hundredths, "\(block.tiles.map(\.value)) \(block.operators)")
            // The operators are drawn, one between each pair of tiles.
            #expect(block.operators.allSatisfy { op in texts.contains { $0.text == op } })
            gains += block.tiles.filter { $0.label == lead.tiles.last?.label }.map(\.value)
        }
        #expect(gains.count == 2 && Set(gains).count == 1, "the gain written twice, alike: \(gains)")
    }
}
