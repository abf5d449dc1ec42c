import FolioAnalytics
import FolioCharts
import FolioCore

/// `budget-months`: the budget's income and expenses in each of the last `--months` calendar months up
/// to the as-of day (default 12), side by side (FolioAnalytics' `BudgetSummary`).
public struct BudgetMonthsDataset: Dataset {
    public static let name = "budget-months"
    public static let kinds: [ChartKind] = [.bars]
    public static let subject = DatasetSubject.budget
    public static let fields: Set<ChartRequest.Field> = [.months, .currency]

    let months: Int
    let currency: AssetCode?

    public init(_ request: ChartRequest) throws {
        months = request.months ?? 12
        currency = request.currency
    }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .months(months, endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let range = DayRange.months(months, endingAt: input.asOf)
        let currency = BudgetCurrency.of(input.budget, in: range, given: self.currency)
        let summary = BudgetSummary(entries: input.budget, currency: currency, rates: input.rates, range: range)
        let totals = summary.months
        guard !totals.isEmpty else {
            throw ArgumentError("--as-of", "no budget entries from \(range.from.iso) to \(range.to.iso)")
        }
        let strings = input.strings
        let groups = totals.enumerated().map { i, m in
            Day(iso: m.month + "-01").map { strings.month($0, showYear: i == 0) } ?? m.month
        }
        let chart = BarChart(
            frame: frame,
            groups: groups,
            // Money in and out: the flows' neutral pair, as deposits and withdrawals are drawn; the palette is
            // the categories' (the donut's Житло was the blue of every month's income).
            series: [
                BarSeries(name: strings[.income], values: totals.map { $0.income ?? .nan }, swatch: .deposits),
                BarSeries(name: strings[.expenses], values: totals.map { $0.expenses ?? .nan }, swatch: .withdrawals),
            ],
            valueFormat: input.money(currency, style: .decimal(0))
        )
        return DatasetChart(
            chart: chart,
            title: strings[.incomeVsExpenses],
            subtitle: strings.inCurrency(currency).capitalisedFirst + " · " + strings.monthRange(range.from, range.to),
            footnote: ChartFrame.footnote(source: strings.budget, asOf: input.asOf, locale: input.locale),
            warnings: summary.missing.map { "left out: " + $0.description }
        )
    }
}
