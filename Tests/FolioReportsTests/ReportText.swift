import FolioCharts
import FolioCore
import FolioTestSupport
import Foundation
import Testing

/// A rendered report read back as its reader reads it: the text of every page, as poppler's `pdftotext
/// -layout` lays it out, with no-break and thin spaces written as plain ones.
struct ReportText {
    let pages: [String]
    let locale: ChartLocale

    init(pdf: URL, locale: ChartLocale) throws {
        let r = try FolioProcess.tool("pdftotext", ["-layout", pdf.path, "-"])
        guard r.status == 0 else { throw ToolFailure(message: "pdftotext \(pdf.path): \(r.stderr)") }
        var pages = Self.plain(r.stdout).components(separatedBy: "\u{0C}")
        if pages.last?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true { pages.removeLast() }
        self.pages = pages
        self.locale = locale
    }

    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
    }

    var lines: [String] { pages.flatMap { $0.components(separatedBy: "\n") } }

    /// The cells of a table's line: pdftotext separates columns by two spaces or more, while a number's
    /// group separator (Ukrainian) and a date's are single spaces.
    static func cells(_ line: String) -> [String] {
        line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        .filter { !$0.isEmpty }
    }

    /// A figure as printed ("1,171,316.84", "−263,90", "37.28%", "1 234,5 %"), in its locale; nil for
    /// "—" or anything else.
    func number(_ text: String) -> Double? {
        var t = text.replacingOccurrences(of: "−", with: "-").replacingOccurrences(of: "%", with: "")
        t =
            locale == .uk
            ? t.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: ",", with: ".")
            : t.replacingOccurrences(of: ",", with: "").replacingOccurrences(of: " ", with: "")
        return Double(t)
    }

    /// A day as the report writes it: "18 Sep 2019" (en), "18.09.2019" (uk).
    func day(_ text: String) -> Day? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if locale == .uk {
            let p = t.split(separator: ".").compactMap { Int($0) }
            return p.count == 3 ? Day(year: p[2], month: p[1], day: p[0]) : nil
        }
        let p = t.split(separator: " ")
        guard p.count == 3, let d = Int(p[0]), let y = Int(p[2]),
            let m = ChartLocale.en.monthAbbreviations.firstIndex(where: { $0.hasPrefix(p[1]) })
        else { return nil }
        return Day(year: y, month: m + 1, day: d)
    }

    /// The rows of the table under the line `title` (its header and the rows to the first blank line
    /// or the total row, inclusive), each as its cells.
    func table(titled title: String) -> (header: [String], rows: [[String]])? {
        let lines = self.lines
        guard let t = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == title }) else { return nil }
        var i = t + 1
        while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i += 1 }
        guard i < lines.count else { return nil }
        let header = Self.cells(lines[i])
        var rows: [[String]] = []
        i += 1
        while i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty {
            rows.append(Self.cells(lines[i]))
            i += 1
        }
        return (header, rows)
    }
}
