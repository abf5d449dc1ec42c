import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Testing

@testable import FolioReports

@Suite struct BudgetReportTests {
    /// Two months of made-up entries in UAH: a salary and spending in a dozen categories.
    func input(asOf: Day = Day(year: 2026, month: 11, day: 30)!) -> BudgetReportInput {
        var entries: [BudgetEntry] = []
        var id: Int64 = 0
        for month in [10, 11] {
            let first = Day(year: 2026, month: month, day: 1)!
            id += 1
            entries.append(
                BudgetEntry(id: id, day: first, kind: .income, category: "Salary", amount: 40_000, currency: "UAH")
            )
            for c in 0..<12 {
                id += 1
                entries.append(
                    BudgetEntry(
                        id: id,
                        day: first.advanced(by: c),
                        kind: .expense,
                        category: "Category \(c)",
                        amount: Double(500 + c * 250),
                        currency: "UAH"
                    )
                )
            }
        }
        return BudgetReportInput(entries: entries, currency: "UAH", rates: nil, asOf: asOf)
    }

    @Test(arguments: ChartLocale.allCases) func pagesFitAndShowTheMonthsTotals(locale: ChartLocale) throws {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("budget"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        let data = BudgetReportData(input(), locale: locale)
        PageChecks.verify(try builder.pages(data), content: builder.composer.content)
        let scenes = try builder.scenes(data)
        PageChecks.verify(scenes, setup: builder.definition.page)
        let texts = Set(scenes.flatMap(\.texts).map(\.text))
        // 12 categories: 500 + 750 + … + 3250 = 22,500; balance 40,000 − 22,500.
        #expect(texts.contains(locale == .uk ? "22\u{202F}500,00\u{00A0}грн" : "₴22,500.00"))
        #expect(texts.contains(locale == .uk ? "17\u{202F}500,00\u{00A0}грн" : "₴17,500.00"))
        #expect(texts.contains(locale == .uk ? "Бюджет: лист.\u{00A0}2026" : "Budget report: Nov\u{00A0}2026"))
    }

    /// Income and expenses by month are money in and out, drawn in the flows' neutral pair: the palette is
    /// the categories', and the donut's first category was the blue of every month's income.
    @Test func incomeAndExpensesAreTheFlowsPairNotACategorysColour() throws {
        let data = BudgetReportData(input(), locale: .en)
        let frame = ChartFrame(width: 500, height: 250, theme: .light, locale: .en)
        guard
            case .chart(let months as BarChart) = try data.chart(
                .bars,
                data: "budget-months",
                parameters: [:],
                frame: frame
            ),
            case .chart(let donut as PieChart) = try data.chart(
                .donut,
                data: "expenses-by-category",
                parameters: [:],
                frame: frame
            )
        else { throw ToolFailure(message: "the budget's charts") }
        #expect(months.series.map(\.swatch) == [.deposits, .withdrawals])
        let theme = Theme.light
        let flows = months.series.indices.map { theme.color(months.series[$0].swatch, position: $0) }
        #expect(flows == [theme.deposits, theme.withdrawals])
        let categories = donut.slices.indices.map { theme.color(donut.slices[$0].swatch, position: $0) }
        #expect(Set(flows).isDisjoint(with: categories), "\(flows) among \(categories)")
    }

    /// As of 5 Nov, the report's month is 1–5 Nov: five categories, 500 + 750 + 1,000 + 1,250 + 1,500 =
    /// 5,000 spent, and the salary of the 1st. The tiles, the categories table and the pies say the same
    /// (the tiles once took the whole month, 22,500, beside a pie of 5,000).
    @Test func theMonthEndsAtTheAsOfDayInTilesTablesAndCharts() throws {
        let data = BudgetReportData(input(asOf: Day(year: 2026, month: 11, day: 5)!), locale: .en)
        #expect(data.tile(.expenses)?.value == "₴5,000.00")
        #expect(data.tile(.balance)?.value == "₴35,000.00")
        guard
            case let .chart(chart) = try data.chart(
                .donut,
                data: "expenses-by-category",
                parameters: [:],
                frame: ChartFrame()
            ),
            let pie = chart as? PieChart
        else {
            Issue.record("no pie")
            return
        }
        #expect(pie.slices.map(\.value).reduce(0, +) == 5_000)
        let table = try #require(try data.table("categories"))
        #expect(table.rows.count == 6)  // the salary and five categories
        let months = try #require(try data.table("months"))
        #expect(months.rows.last?[2].sortNumber == 5_000)
    }

    /// Income and expenses are two tables, each of its own kind with its shares of its own total and that
    /// total as its last, bold row: 98.2 % of income no longer stands beside 34.4 % of expenses.
    @Test(arguments: ChartLocale.allCases) func eachKindIsATableWithItsSubtotal(locale: ChartLocale) throws {
        var input = input()
        input.entries.append(
            BudgetEntry(
                id: 99,
                day: Day(year: 2026, month: 11, day: 20)!,
                kind: .income,
                category: "Deposit",
                amount: 733.25,
                currency: "UAH"
            )
        )
        let data = BudgetReportData(input, locale: locale)
        let money = NumberFormat(locale: locale, style: .decimal(2))
        let percent = NumberFormat(locale: locale, style: .percent(2))
        for (name, kind, tile) in [
            ("income-by-category", BudgetEntryKind.income, KPIKind.income),
            ("expenses-by-category", .expense, .expenses),
        ] {
            let table = try #require(try data.table(name))
            // Independently: the month's entries of the kind, by category.
            let entries = input.entries.filter { $0.kind == kind && $0.day.month == 11 }
            let total = entries.map(\.amount).reduce(0, +)
            let byCategory = Dictionary(entries.map { ($0.category, $0.amount) }, uniquingKeysWith: +)
            #expect(Set(table.rows.map { $0[0].text }) == Set(byCategory.keys))
            for row in table.rows {
                let amount = try #require(byCategory[row[0].text])
                #expect(row[1].text == money.string(amount) && row[2].text == percent.string(amount / total))
                #expect(!row.contains { $0.bold })
            }
            let subtotal = try #require(table.totals.first)
            #expect(table.totals.count == 1 && subtotal.allSatisfy(\.bold))
            #expect(subtotal.map(\.text) == [Catalogue.for(locale)[.total], money.string(total), percent.string(1)])
            // The subtotal is the tile's figure.
            #expect(data.tile(tile)?.value.filter(\.isNumber) == money.string(total).filter(\.isNumber))
        }
        // 40,000 of 40,733.25: the salary's share is of income only, and income is a 100 % bar.
        #expect(
            try #require(try data.table("income-by-category")).rows.first?[2].text == percent.string(40_000 / 40_733.25)
        )
        guard
            case let .chart(chart) = try data.chart(
                .pie,
                data: "income-by-category",
                parameters: [:],
                frame: ChartFrame()
            ),
            let pie = chart as? PieChart
        else {
            Issue.record("no pie")
            return
        }
        #expect(pie.drawsAsBar)
    }

    /// Two pages, neither near-empty: the month at a glance (tiles written as a sum, the expenses donut
    /// and its table), then the income bar and its table and the months: each table whole, on its chart's
    /// page (the months' was split seven and five; `PaginationTests` checks the rule that moves a short
    /// table whole, and the income table moves with its chart rather than stay alone).
    @Test(arguments: ChartLocale.allCases) func theMonthsTableIsWholeUnderItsChart(locale: ChartLocale) throws {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("budget"),
            theme: .light,
            locale: locale,
            measurer: ApproximateMeasurer()
        )
        var input = input()
        // Twelve months of entries.
        for month in 1...10 {
            input.entries.append(
                BudgetEntry(
                    id: Int64(100 + month),
                    day: Day(year: 2026, month: month, day: 3)!,
                    kind: .expense,
                    category: "Category 1",
                    amount: 100,
                    currency: "UAH"
                )
            )
        }
        input.entries.append(
            BudgetEntry(
                id: 99,
                day: Day(year: 2025, month: 12, day: 3)!,
                kind: .income,
                category: "Salary",
                amount: 100,
                currency: "UAH"
            )
        )
        let pages = try builder.pages(BudgetReportData(input, locale: locale))
        PageChecks.verify(pages, content: builder.composer.content)
        // Each table is whole on the page of its chart: 12 expense categories and the subtotal under the
        // donut, the salary and its subtotal under its bar, the 12 months under their columns.
        func page(_ rows: Int) -> Int? {
            pages.firstIndex { $0.blocks.contains { ($0.block as? TableBlock)?.rows.count == rows } }
        }
        func page<C: Chart>(of _: C.Type, _ where: (C) -> Bool = { _ in true }) -> Int? {
            pages.firstIndex { $0.blocks.contains { (($0.block as? ChartBlock)?.chart as? C).map(`where`) == true } }
        }
        let tables = pages.flatMap { $0.blocks.compactMap { ($0.block as? TableBlock)?.rows.count } }
        #expect(tables == [13, 2, 12])
        #expect(page(13) != nil && page(13) == page(of: PieChart.self) { $0.donut })
        #expect(page(2) != nil && page(2) == page(of: PieChart.self) { !$0.donut })
        #expect(page(12) != nil && page(12) == page(of: BarChart.self))
        #expect(pages.count == 2)
    }

    /// Ukrainian titles write грн where a Ukrainian writes it ("Сума, грн", "Витрати у грн"), and no
    /// title is shortened to fit.
    @Test func ukrainianTitlesWriteHryvniaAndKeepTheirUnits() throws {
        let builder = ReportBuilder(
            definition: try ReportFiles.builtIn("budget"),
            theme: .light,
            locale: .uk,
            measurer: ApproximateMeasurer()
        )
        let texts = try builder.scenes(BudgetReportData(input(), locale: .uk)).flatMap(\.texts)
        let words = texts.filter { [.subtitle, .header].contains($0.role) }.map(\.text)
        for title in [
            "Сума, грн", "Доходи, грн", "Витрати, грн", "Залишок, грн", "Витрати у грн · лист.\u{00A0}2026",
            "Доходи у грн · лист.\u{00A0}2026",
        ] {
            #expect(words.contains(title), "\(title) in \(words)")
        }
        #expect(!words.contains { $0.contains("UAH") })
        #expect(!texts.contains { $0.text.hasSuffix("…") })
    }
}
