import FolioAnalytics
import FolioCharts
import FolioCore
@testable import FolioReports
import Testing

@Suite struct BudgetReportTests {
    /// Two months of made-up entries in UAH: a salary and spending in a dozen categories.
    func input() -> BudgetReportInput {
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
        return BudgetReportInput(entries: entries, currency: "UAH", rates: nil, asOf: Day(year: 2026, month: 11, day: 30)!)
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
}
