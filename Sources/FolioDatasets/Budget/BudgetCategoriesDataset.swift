import FolioAnalytics
import FolioCharts
import FolioCore

/// `expenses-by-category` and `income-by-category`: the budget's entries of the last `--months` calendar
/// months up to the as-of day (default 12; the budget report asks for its one month), totalled by
/// category in `--currency` or else the currency most entries are in (FolioAnalytics' `BudgetSummary`);
/// a pie or a donut. `folio chart pie --by category` draws the expenses.
struct BudgetCategoriesDataset: Sendable {
    let kind: BudgetEntryKind
    let months: Int
    let currency: AssetCode?

    init(_ request: ChartRequest, kind: BudgetEntryKind) {
        self.kind = kind
        months = request.months ?? 12
        currency = request.currency
    }

    func build(_ input: DatasetInput, as chartKind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let range = DayRange.months(months, endingAt: input.asOf)
        let currency = BudgetCurrency.of(input.budget, in: range, given: self.currency)
        let summary = BudgetSummary(entries: input.budget, currency: currency, rates: input.rates, range: range)
        let slices = summary.categories.compactMap { t -> PieSlice? in
            guard t.kind == kind, let amount = t.amount else { return nil }
            return PieSlice(label: t.category, value: amount)
        }
        guard slices.contains(where: { $0.value > 0 }) else {
            throw ArgumentError(
                "--as-of",
                "no budget \(kind == .income ? "income" : "expenses") from \(range.from.iso) to \(range.to.iso)"
            )
        }
        let strings = input.strings
        let chart = PieChart(
            frame: frame,
            slices: slices,
            donut: chartKind == .donut,
            totalFormat: input.money(currency, style: .compact(decimals: 1))
        )
        return DatasetChart(
            chart: chart,
            title: kind == .income ? strings.incomeTitle : strings.spendingTitle,
            subtitle: strings.budgetSubtitle(currency, income: kind == .income, from: range.from, to: input.asOf),
            footnote: ChartFrame.footnote(source: strings.budget, asOf: input.asOf, locale: input.locale),
            warnings: summary.missing.map { "left out: " + $0.description }
        )
    }
}

/// The two datasets differ in which entries they total; everything else is `BudgetCategoriesDataset`.
protocol BudgetCategoriesOfKind: Dataset {
    static var entryKind: BudgetEntryKind { get }
    var categories: BudgetCategoriesDataset { get }
    init(categories: BudgetCategoriesDataset)
}

extension BudgetCategoriesOfKind {
    public static var kinds: [ChartKind] { [.pie, .donut] }
    public static var subject: DatasetSubject { .budget }
    /// `by` as `folio chart pie --by category` writes it.
    public static var fields: Set<ChartRequest.Field> { [.months, .currency, .by] }
    public init(_ request: ChartRequest) throws {
        self.init(categories: BudgetCategoriesDataset(request, kind: Self.entryKind))
    }
    public func quoteDays(endingAt asOf: Day) -> DayRange? { .months(categories.months, endingAt: asOf) }
    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        try categories.build(input, as: kind, frame: frame)
    }
}

struct ExpensesByCategoryDataset: BudgetCategoriesOfKind {
    static let name = "expenses-by-category"
    static let entryKind = BudgetEntryKind.expense
    let categories: BudgetCategoriesDataset
}

struct IncomeByCategoryDataset: BudgetCategoriesOfKind {
    static let name = "income-by-category"
    static let entryKind = BudgetEntryKind.income
    let categories: BudgetCategoriesDataset
}

/// The currency budget figures are totalled in.
enum BudgetCurrency {
    /// `given`, else the currency most of the entries in `range` are in (ties by code), so that the usual
    /// single-currency budget needs no rates; UAH for an empty range.
    static func of(_ entries: [BudgetEntry], in range: DayRange, given: AssetCode?) -> AssetCode {
        if let given { return given }
        let counts = Dictionary(entries.filter { range.contains($0.day) }.map { ($0.currency, 1) }, uniquingKeysWith: +)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? .uah
    }
}
