import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

// The report's tables are the budget summary's (`BudgetSummary.CategoryColumn`, `MonthColumn`), in the
// locale's words and numbers: a table for each kind of the month's categories, both kinds in one, and
// the months up to the reported one.
extension BudgetReportData {
    /// The tables a definition of the budget report may name.
    public enum Table: String, CaseIterable {
        case expensesByCategory = "expenses-by-category"
        case incomeByCategory = "income-by-category"
        case categories, months
    }

    public func table(_ table: Table) -> DataTable {
        switch table {
        case .expensesByCategory: categoryTable(of: .expense)
        case .incomeByCategory: categoryTable(of: .income)
        case .categories: categoryTable(of: nil)
        case .months: monthsTable
        }
    }

    /// The month's categories of one kind, ending with the kind's total (a share is of that total), or of
    /// both kinds, with a column saying which.
    private func categoryTable(of kind: BudgetEntryKind?) -> DataTable {
        typealias Column = BudgetSummary.CategoryColumn
        let columns = Column.allCases.filter { $0 != .kind || kind == nil }
        func cells(_ c: BudgetSummary.CategoryTotal, name: String? = nil, bold: Bool = false) -> [DataTable.Cell] {
            columns.map { column in
                switch column {
                case .kind: DataTable.Cell(c.kind == .income ? strings[.income] : strings[.expenses])
                case .category: DataTable.Cell(name ?? c.category, bold: bold)
                case .amount: amount(c.amount, bold: bold)
                case .share: share(c.share, bold: bold)
                }
            }
        }
        let rows = month.categories.filter { kind == nil || $0.kind == kind }.map { cells($0) }
        var totals: [[DataTable.Cell]] = []
        if let kind, !rows.isEmpty {
            let sum = kind == .income ? month.income : month.expenses
            let share: Double? = sum.map { $0 != 0 } == true ? 100 : nil
            let whole = BudgetSummary.CategoryTotal(kind: kind, category: "", amount: sum, share: share)
            totals = [cells(whole, name: strings[.total], bold: true)]
        }
        return DataTable(
            columns: columns.map { column in
                let title: String =
                    switch column {
                    case .kind: strings[.kind]
                    case .category: strings[.category]
                    case .amount: amountTitle
                    case .share: strings[.share]
                    }
                return .init(key: column.rawValue, title: title, numeric: column.figure != nil)
            },
            rows: rows,
            totals: totals
        )
    }

    /// Income, expenses and balance of each month up to the reported one.
    private var monthsTable: DataTable {
        typealias Column = BudgetSummary.MonthColumn
        let rows = history.months.map { m in
            Column.allCases.map { column in
                guard let figure = column.figure else {
                    return DataTable.Cell(
                        monthLabel(m.month),
                        sort: Day(iso: m.month + "-01").map { Double($0.daysSinceEpoch) }
                    )
                }
                return amount(m[keyPath: figure])
            }
        }
        return DataTable(
            columns: Column.allCases.map { column in
                let title: String =
                    switch column {
                    case .month: strings[.month]
                    case .income: strings[.income] + ", " + strings.currency(input.currency)
                    case .expenses: strings[.expenses] + ", " + strings.currency(input.currency)
                    case .balance: strings[.balance] + ", " + strings.currency(input.currency)
                    }
                return .init(key: column.rawValue, title: title, numeric: column.figure != nil)
            },
            rows: rows
        )
    }

    /// "Amount, грн": a budget's figures are amounts (a value is what a holding is worth), in the words
    /// of the locale.
    private var amountTitle: String { strings[.amount] + ", " + strings.currency(input.currency) }

    private func amount(_ v: Double?, bold: Bool = false) -> DataTable.Cell {
        DataTable.Cell(v.map(NumberFormat(locale: locale, style: .decimal(2)).string) ?? "—", sort: v, bold: bold)
    }

    /// A share in percentage points, as a percent of the locale.
    private func share(_ v: Double?, bold: Bool = false) -> DataTable.Cell {
        DataTable.Cell(
            v.map { NumberFormat(locale: locale, style: .percent(2)).string($0 / 100) } ?? "—",
            sort: v,
            bold: bold
        )
    }
}
