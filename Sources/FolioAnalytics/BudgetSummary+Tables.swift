import FolioCore

// The columns of the budget's tables, each declared once: `folio table budget|budget-months|
// budget-categories` writes them as `ResultTable`s, the budget report as its `DataTable`s (FolioReports).
// The raw value is the `folio table` column and the report's key; `figure` the line's figure, nil for a
// column of words, which each side writes in its own (`2024-01` or "Jan 2024", `expense` or "Expenses").
extension BudgetSummary {
    /// The columns of `budget`: one line per month, kind and category.
    public enum LineColumn: String, CaseIterable, Sendable {
        case month, kind, category, amount, share

        public var figure: KeyPath<Line, Double?>? {
            switch self {
            case .month, .kind, .category: nil
            case .amount: \.amount
            case .share: \.share
            }
        }

        var kind: ResultTable.ColumnKind { self == .share ? .percent : figure == nil ? .text : .number }
    }

    /// The columns of `budget-months` and of the report's months: income, expenses and balance per month.
    public enum MonthColumn: String, CaseIterable, Sendable {
        case month, income, expenses, balance

        public var figure: KeyPath<MonthTotals, Double?>? {
            switch self {
            case .month: nil
            case .income: \.income
            case .expenses: \.expenses
            case .balance: \.balance
            }
        }
    }

    /// The columns of `budget-categories` and of the report's category tables; a share is in percent
    /// of its kind's total.
    public enum CategoryColumn: String, CaseIterable, Sendable {
        case kind, category, amount, share

        public var figure: KeyPath<CategoryTotal, Double?>? {
            switch self {
            case .kind, .category: nil
            case .amount: \.amount
            case .share: \.share
            }
        }

        var kind: ResultTable.ColumnKind { self == .share ? .percent : figure == nil ? .text : .number }
    }

    /// Table `budget`: one row per month, kind and category, with its share of the month's kind total.
    public var table: ResultTable {
        ResultTable(
            columns: LineColumn.allCases.map { .init($0.rawValue, $0.kind) },
            rows: lines.map { line in
                LineColumn.allCases.map { column -> ResultTable.Cell? in
                    switch column {
                    case .month: .text(line.month)
                    case .kind: .text(line.kind.rawValue)
                    case .category: .text(line.category)
                    case .amount, .share: .finite(column.figure.flatMap { line[keyPath: $0] })
                    }
                }
            }
        )
    }

    /// Table `budget-months`: income, expenses and balance per month, then the total.
    public var monthsTable: ResultTable {
        func row(_ m: MonthTotals, _ name: String) -> [ResultTable.Cell?] {
            MonthColumn.allCases.map { column in
                guard let figure = column.figure else { return .text(name) }
                return .finite(m[keyPath: figure])
            }
        }
        let total = MonthTotals(month: "", income: income, expenses: expenses, balance: balance)
        return ResultTable(
            columns: MonthColumn.allCases.map { .init($0.rawValue, $0.figure == nil ? .text : .number) },
            rows: months.map { row($0, $0.month) } + [row(total, "Total")]
        )
    }

    /// Table `budget-categories`: each category over the whole range with its share of its kind.
    public var categoriesTable: ResultTable {
        ResultTable(
            columns: CategoryColumn.allCases.map { .init($0.rawValue, $0.kind) },
            rows: categories.map { c in
                CategoryColumn.allCases.map { column -> ResultTable.Cell? in
                    switch column {
                    case .kind: .text(c.kind.rawValue)
                    case .category: .text(c.category)
                    case .amount, .share: .finite(column.figure.flatMap { c[keyPath: $0] })
                    }
                }
            }
        )
    }
}
