import FolioAnalytics
import FolioCharts
import FolioCore
@testable import FolioReports
import Testing

@Suite struct BudgetReportTests {
    /// Two months of made-up entries in UAH: a salary and spending in a dozen categories.
    func input(asOf: Day = Day(year: 2026, month: 11, day: 30)!) -> BudgetReportInput {
        var entries: [BudgetEntry] = []
        var id: Int64 = 0
        for month in [10, 11] {
            let first = Day(year: 2026, month: month, day: 1)!
            id += 1
            entries.append(BudgetEntry(id: id, day: first, kind: .income, category: "Salary", amount: 40_000, currency: "UAH"))
            for c in 0..<12 {
                id += 1
                entries.append(BudgetEntry(id: id, day: first.advanced(by: c), kind: .expense, category: "Category \(c)",
                                           amount: Double(500 + c * 250), currency: "UAH"))
            }
        }
        return BudgetReportInput(entries: entries, currency: "UAH", rates: nil, asOf: asOf)
    }

    @Test(arguments: ChartLocale.allCases) func pagesFitAndShowTheMonthsTotals(locale: ChartLocale) throws {
        let builder = ReportBuilder(definition: try ReportFiles.builtIn("budget"), theme: .light, locale: locale, measurer: ApproximateMeasurer())
        let data = BudgetReportData(input(), locale: locale)
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        let texts = Set(scenes.flatMap(\.texts).map(\.text))
        // 12 categories: 500 + 750 + … + 3250 = 22,500; balance 40,000 − 22,500.
        #expect(texts.contains(locale == .uk ? "22\u{202F}500,00\u{00A0}₴" : "₴22,500.00"))
        #expect(texts.contains(locale == .uk ? "17\u{202F}500,00\u{00A0}₴" : "₴17,500.00"))
        #expect(texts.contains(locale == .uk ? "Бюджет: лист.\u{00A0}2026" : "Budget report: Nov\u{00A0}2026"))
    }

    /// As of 5 Nov, the report's month is 1–5 Nov: five categories, 500 + 750 + 1,000 + 1,250 + 1,500 =
    /// 5,000 spent, and the salary of the 1st. The tiles, the categories table and the pies say the same
    /// (the tiles once took the whole month, 22,500, beside a pie of 5,000).
    @Test func theMonthEndsAtTheAsOfDayInTilesTablesAndCharts() throws {
        let data = BudgetReportData(input(asOf: Day(year: 2026, month: 11, day: 5)!), locale: .en)
        #expect(data.tile(.expenses)?.value == "₴5,000.00")
        #expect(data.tile(.balance)?.value == "₴35,000.00")
        guard case let .chart(chart) = try data.chart(.donut, data: "expenses-by-category", parameters: [:], frame: ChartFrame()),
              let pie = chart as? PieChart else { Issue.record("no pie"); return }
        #expect(pie.slices.map(\.value).reduce(0, +) == 5_000)
        let table = try #require(data.table("categories"))
        #expect(table.rows.count == 6)  // the salary and five categories
        let months = try #require(data.table("months"))
        #expect(months.rows.last?[2].sortNumber == 5_000)
    }
}
