import FolioCharts
import FolioTestSupport
import Foundation
import Testing

/// Every page of the four reports as text, in both languages, against committed dumps (`Baselines/
/// text-*.txt`): a figure, a label or a page break that changes fails here and names its lines, so that
/// what a reader sees changes only on purpose. The page images (`RenderedReportTests`) compare pixels
/// within a tolerance a changed digit can pass; these compare every character. Re-record with
/// FOLIO_RECORD_BASELINES=1 and read the diff before committing it.
@Suite(.serialized) struct ReportSnapshotTests {
    static let texts = Snapshots(
        directory: ReportFiles.root.appendingPathComponent("Tests/FolioReportsTests/Baselines"),
        group: "FolioReportsTests-text"
    )

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
    }
}
