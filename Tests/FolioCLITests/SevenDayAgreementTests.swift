import Foundation
import Testing

/// "7 days" is one window everywhere: the 7-day line's headline, `folio table window` and the market
/// report's coins table give BTC's change on 30 June 2020 as one figure (the chart to one decimal, the
/// tables to two).
@Suite struct SevenDayAgreementTests {
    @Test func chartTableAndReportAgreeOnSevenDays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-7d-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let chart = directory.appendingPathComponent("btc.pdf")
        _ = try FolioProcess.table(["chart", "line", "--asset", "BTC", "--as-of", "2020-06-30", "--out", chart.path])
        let chartText = try FolioProcess.tool("pdftotext", [chart.path, "-"]).stdout
        let window = try FolioProcess.json([
            "table", "window", "--asset", "BTC", "--currency", "USD", "--window", "7", "--as-of", "2020-06-30",
        ])
        let percent = try #require(window.number(window.row("asset", "BTC"), "change_percent"))
        let shown = String(format: "%+.2f%%", percent)
        // A chart writes a percentage to one decimal, a table to two: the same figure rounded for its place.
        let charted = String(format: "%+.1f%%", percent)
        #expect(chartText.contains("(" + charted + ")"), "the chart's headline says \(charted)")
        let pdf = directory.appendingPathComponent("market.pdf")
        _ = try FolioProcess.table(["report", "market", "--out", pdf.path])
        let report = try FolioProcess.tool("pdftotext", ["-layout", pdf.path, "-"]).stdout
        let row = try #require(
            report.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("BTC ") }
        )
        #expect(row.hasSuffix(shown) || row.contains(" " + shown + " "), "coins table: \(row)")
    }
}
