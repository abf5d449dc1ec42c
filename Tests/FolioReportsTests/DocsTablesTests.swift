import FolioCharts
import FolioDatasets
import FolioDeliver
import FolioTestSupport
import Foundation
import Testing

/// The docs' lists of chart kinds, tables and reports name exactly what is declared (`ChartKind`,
/// `TableName`, `ReportRequest.Name`), and the charts page every chart option: a kind, table or report
/// added without its row, or a row left behind by one removed, fails here, so a page cannot drift from
/// the command it describes.
@Suite struct DocsTablesTests {
    static func page(_ name: String) throws -> [String] {
        let url = TestPaths.projectRoot.appendingPathComponent("docs/\(name)")
        return try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
    }

    /// The names in the first column of the markdown table whose header row starts with `header`: each
    /// code span's first word (`` `pie`, `donut` `` is two names; `` `holdings --from D --to D` `` is
    /// `holdings`), in the order of the rows, a name once.
    static func firstColumn(_ lines: [String], header: String) -> [String] {
        let rows = lines.drop { !$0.hasPrefix(header) }.dropFirst(2).prefix { $0.hasPrefix("|") }
        var names: [String] = []
        for row in rows {
            let cell = row.dropFirst().prefix { $0 != "|" }
            for (index, span) in cell.components(separatedBy: "`").enumerated() where index % 2 == 1 {
                let name = String(span.prefix { $0 != " " })
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    @Test func chartsListsEveryKind() throws {
        let kinds = Self.firstColumn(try Self.page("charts.md"), header: "| kind |")
        #expect(kinds == ChartKind.allCases.map(\.rawValue))
    }

    /// Every option of `folio chart` is named on its page (a new one is documented where users look).
    @Test func chartsNamesEveryOption() throws {
        let text = try Self.page("charts.md").joined(separator: "\n")
        for field in ChartRequest.Field.allCases {
            let name = "--" + field.rawValue
            let named = text.components(separatedBy: name).dropFirst().contains { after in
                !(after.first.map { $0.isLetter || $0 == "-" } ?? false)
            }
            #expect(named, "docs/charts.md does not name \(name)")
        }
    }

    @Test func tablesListsEveryTable() throws {
        let tables = Self.firstColumn(try Self.page("tables.md"), header: "| NAME |")
        #expect(Set(tables) == Set(TableName.allCases.map(\.rawValue)))
        #expect(tables.count == TableName.allCases.count)
    }

    /// Each report is a bullet, `- **name**`, in the reports page.
    @Test func reportsDescribesEveryReport() throws {
        let reports = try Self.page("reports.md").filter { $0.hasPrefix("- **") }.map {
            String($0.dropFirst(4).prefix { $0 != "*" })
        }
        #expect(Set(reports) == Set(ReportRequest.Name.allCases.map(\.rawValue)))
        #expect(reports.count == ReportRequest.Name.allCases.count)
    }
}
