import FolioCharts
import Testing

@testable import FolioReports

/// A table's cells as drawn: bold where the data says so, numbers on their decimal separator where the
/// column asks for it.
@Suite struct TableBlockTests {
    let layout = TextLayout(measurer: ApproximateMeasurer())

    func table(_ locale: ChartLocale, aligned: Bool) -> TableBlock {
        let style = ReportStyle(theme: .light, locale: locale, measurer: ApproximateMeasurer())
        let point = locale.decimalSeparator
        let cells: [TableBlock.Cell] = [
            .init("28\(point)2746"), .init("7\(point)63", bold: true), .init("1\u{202F}234\(point)5"),
            .init("12"), .init("—"), .init("+0\(point)05 %"),
        ]
        return TableBlock(
            columns: [
                TableColumn(title: "Name", numeric: false),
                TableColumn(title: "Rate", numeric: true, alignsDecimals: aligned),
            ],
            rows: cells.map { [TableBlock.Cell("x"), $0] },
            style: style
        )
    }

    /// Where a drawn number's separator stands (its right end when it has none).
    func point(_ run: TextRun, _ locale: ChartLocale) -> Double {
        let whole = run.text.components(separatedBy: locale.decimalSeparator)[0]
        return run.box.minX
            + layout.width(whole, TextStyle(size: run.size, weight: run.weight, color: run.color, role: run.role))
    }

    @Test(arguments: ChartLocale.allCases) func decimalAlignedNumbersShareTheirSeparatorsX(locale: ChartLocale) throws {
        let block = table(locale, aligned: true)
        let rect = Rect(x: 10, y: 0, width: 300, height: block.height(width: 300))
        let runs = block.draw(in: rect).compactMap {
            if case .text(let t) = $0, t.role == .cell, t.text != "x" { t } else { nil }
        }
        #expect(runs.count == 6)
        let numbers = runs.filter { $0.text != "—" }
        let xs = numbers.map { point($0, locale) }
        #expect(xs.allSatisfy { abs($0 - xs[0]) < 0.01 }, "\(xs)")
        // A dash is no number: it ends where the column's text ends, as the header does.
        let dash = try #require(runs.first { $0.text == "—" })
        #expect(abs(dash.box.maxX - (rect.maxX - 5)) < 0.01)
        // The widest fraction (",05 %") ends there too: nothing sticks out of the column.
        #expect(numbers.allSatisfy { $0.box.maxX <= rect.maxX - 5 + 0.01 })
        #expect(numbers.contains { abs($0.box.maxX - (rect.maxX - 5)) < 0.01 })
        #expect(runs.filter { $0.weight == .bold }.map(\.text) == ["7\(locale.decimalSeparator)63"])
    }

    @Test func withoutTheFlagNumbersStayRightAligned() {
        let block = table(.en, aligned: false)
        let rect = Rect(x: 0, y: 0, width: 300, height: block.height(width: 300))
        let runs = block.draw(in: rect).compactMap {
            if case .text(let t) = $0, t.role == .cell, t.text != "x" { t } else { nil }
        }
        #expect(runs.allSatisfy { abs($0.box.maxX - (rect.maxX - 5)) < 0.01 })
    }

    /// The parts of a split table keep one separator position, measured over every row, as they keep widths.
    @Test func thePartsOfASplitTableKeepTheirSeparatorsOneAboveTheOther() throws {
        let style = ReportStyle(theme: .light, locale: .en, measurer: ApproximateMeasurer())
        let rows = (0..<12).map { [TableBlock.Cell($0 == 11 ? "1.2345" : "\($0).5")] }
        let block = TableBlock(
            columns: [TableColumn(title: "Rate", numeric: true, alignsDecimals: true)],
            rows: rows,
            style: style
        )
        let (head, tail) = block.split(width: 200, height: block.height(width: 200) / 2)
        let parts = try [#require(head), #require(tail)].map { part in
            part.draw(in: Rect(x: 0, y: 0, width: 200, height: part.height(width: 200)))
                .compactMap { if case .text(let t) = $0, t.role == .cell { point(t, .en) } else { nil } }
        }
        let all = parts.flatMap { $0 }
        #expect(all.count == 12 && all.allSatisfy { abs($0 - all[0]) < 0.01 }, "\(parts)")
    }
}
