import FolioCharts
import FolioTestSupport
import Foundation
import Testing

/// Every page of the four reports, in both languages, twice: as text against committed dumps (`Baselines/
/// text-*.txt`) and as a 50-dpi image against committed pages (`Baselines/page-*.png`). The text
/// compares every character: a figure, a label or a page break that changes fails and names its lines.
/// The image compares pixels within a tolerance a changed digit can pass, and catches what text cannot:
/// a chart, a colour, a rule or a label that moved. Re-record with FOLIO_RECORD_BASELINES=1, read the
/// text diff and LOOK at every changed page before committing them.
@Suite(.serialized) struct ReportSnapshotTests {
    static let texts = Snapshots(
        directory: ReportFiles.root.appendingPathComponent("Tests/FolioReportsTests/Baselines"),
        group: "FolioReportsTests-text"
    )
    static let images = Snapshots(directory: texts.directory, group: "FolioReportsTests-pages")

    /// Each report once per language, on the sample database, as of its data's last day (given, so that
    /// new sample data does not move them).
    static let reports: [(name: String, arguments: [String])] = [
        ("portfolio-demo", ["portfolio", "--portfolio", "Demo UAH", "--as-of", "2018-02-07"]),
        ("portfolio-dsx", ["portfolio", "--portfolio", "DSX crypto", "--as-of", "2020-06-30"]),
        ("market", ["market", "--as-of", "2020-12-31"]),
        ("budget", ["budget", "--as-of", "2026-11-30"]),
        ("tax-2017", ["tax", "--portfolio", "Demo UAH", "--year", "2017"]),
    ]

    @Test(arguments: Self.reports.map(\.name), [ChartLocale.en, .uk])
    func everyPageReadsAsItsDump(report: String, locale: ChartLocale) throws {
        let arguments = try #require(Self.reports.first { $0.name == report }?.arguments)
        let pdf = try ReportTextTests.render(
            arguments + ["--locale", locale.rawValue],
            "text-\(report)-\(locale.rawValue).pdf"
        )
        let text = try ReportText(pdf: pdf, locale: locale)
        // Each line's cells (`ReportText.cells`) joined by " | ", blank lines dropped: a figure or a word
        // that changes fails, a column that moves by a space (pdftotext's layout) does not.
        let dump =
            text.pages.enumerated().map { n, page in
                (["=== page \(n + 1)"]
                    + page.components(separatedBy: "\n").map { ReportText.cells($0).joined(separator: " | ") }
                    .filter { !$0.isEmpty })
                    .joined(separator: "\n")
            }
            .joined(separator: "\n") + "\n"
        try Self.texts.checkText("text-\(report)-\(locale.rawValue)", dump)
        try checkPages(of: pdf, prefix: "page-\(report)-\(locale.rawValue)-")
    }

    /// The PDF's pages turned to PNG by poppler at 50 dpi, each against its baseline; a baseline of a
    /// page the report no longer has is one nobody checks: it fails, and recording removes it.
    func checkPages(of pdf: URL, prefix: String) throws {
        let dir = pdf.deletingPathExtension().appendingPathExtension("pages")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let ppm = try FolioProcess.tool(
            "pdftoppm",
            ["-r", "50", "-png", pdf.path, dir.appendingPathComponent("p").path]
        )
        #expect(ppm.status == 0, "\(ppm.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".png") }
            .sorted()
        let names = Set(pages.map { prefix + $0 })
        let stale = try FileManager.default.contentsOfDirectory(atPath: Self.images.directory.path)
            .filter { $0.hasPrefix(prefix) && !names.contains($0) }.sorted()
        if Snapshots.recording {
            for old in stale {
                try FileManager.default.removeItem(at: Self.images.directory.appendingPathComponent(old))
            }
        }
        #expect(stale.isEmpty, "baselines of pages the report no longer has: \(stale)")
        for page in pages {
            try Self.images.checkImage(prefix + page.dropLast(".png".count), file: dir.appendingPathComponent(page))
        }
    }
}
