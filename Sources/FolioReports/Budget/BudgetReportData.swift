import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import FolioInputs
import Foundation

/// What the budget report needs: the entries, the currency to total them in, rates for entries in other
/// currencies, and the month being reported (the month of `asOf`).
public struct BudgetReportInput: Sendable {
    public var entries: [BudgetEntry]
    public var currency: AssetCode
    public var rates: CrossRates?
    public var asOf: Day
    /// The real time the report is made (`ReportStamp`); nil keeps the output reproducible.
    public var generated: Date?
    /// Months shown in "income and expenses by month", ending with the reported one.
    public var months: Int

    public init(
        entries: [BudgetEntry],
        currency: AssetCode,
        rates: CrossRates?,
        asOf: Day,
        generated: Date? = nil,
        months: Int = 12
    ) {
        self.entries = entries
        self.currency = currency
        self.rates = rates
        self.asOf = asOf
        self.generated = generated
        self.months = months
    }
}

/// The budget report's data: the month's totals and categories, and the months before it.
public struct BudgetReportData: Sendable {
    public let input: BudgetReportInput
    public let locale: ChartLocale
    let strings: Catalogue
    /// The reported month only.
    let month: BudgetSummary
    /// The months up to and including the reported one.
    let history: BudgetSummary
    let money: NumberFormat
    /// The charts, drawn by their datasets from the report's entries.
    let charts: DatasetCharts

    public init(_ input: BudgetReportInput, locale: ChartLocale) {
        self.input = input
        self.locale = locale
        strings = Catalogue.for(locale)
        // The report's month is its 1st to the as-of day, as "as of" says: a later entry of the same month
        // is not known yet on that day. Tiles, tables and charts all take their months by this one rule
        // (`DayRange.months`), so the expenses tile is the expenses pie's total.
        month = BudgetSummary(
            entries: input.entries,
            currency: input.currency,
            rates: input.rates,
            range: .months(1, endingAt: input.asOf)
        )
        history = BudgetSummary(
            entries: input.entries,
            currency: input.currency,
            rates: input.rates,
            range: .months(input.months, endingAt: input.asOf)
        )
        money = NumberFormat(locale: locale, style: .decimal(2), currency: Currency(code: input.currency.rawValue))
        let book = input.rates?.book ?? PriceBook([])
        let market = MarketInputs(assets: [], book: book, rates: input.rates ?? CrossRates(book: book))
        var request = ChartRequest(kind: .pie)
        request.currency = input.currency
        request.locale = locale
        // The report is about one month: its category charts show that month unless a block asks for more.
        request.months = 1
        charts = DatasetCharts(
            input: DatasetInput(
                portfolio: nil,
                market: market,
                budget: input.entries,
                asOf: input.asOf,
                locale: locale
            ),
            base: request,
            subjects: [.budget]
        )
    }

    func moneyText(_ value: Double?) -> String {
        guard let value else { return "—" }
        return money.currency == nil ? money.string(value) + "\u{00A0}" + input.currency.rawValue : money.string(value)
    }

    /// "Nov 2026" / "лист. 2026" for a `YYYY-MM` label.
    func monthLabel(_ iso: String) -> String {
        Day(iso: iso + "-01").map { DateText.monthYear($0, locale: locale) } ?? iso
    }
}

extension BudgetReportData: ChartReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": strings[.budgetReport], "base": input.currency.rawValue, "title": strings[.budgetReport],
            "month": monthLabel(String(input.asOf.iso.prefix(7))),
        ]) { $1 }
    }

    /// The `when:` conditions of the budget report's definitions.
    public enum Condition: String, CaseIterable {
        case entries
    }

    public func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .entries: !month.lines.isEmpty
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        switch kind {
        case .income: KPITile(label: strings[.income], value: moneyText(month.income))
        case .expenses: KPITile(label: strings[.expenses], value: moneyText(month.expenses))
        case .balance:
            KPITile(
                label: strings[.balance],
                value: moneyText(month.balance),
                tone: (month.balance ?? 0) > 0 ? .up : (month.balance ?? 0) < 0 ? .down : .neutral
            )
        default: nil
        }
    }

    /// "Income − expenses = balance": the balance is the difference of the two figures as written, to the
    /// kopeck, so that the row adds up as printed whichever way the cents of the month's sums fall.
    public func sum(_ kinds: [KPIKind], _ operators: [KPIOperator]) -> [KPITile]? {
        guard kinds == [.income, .expenses, .balance], operators == [.minus, .equals],
            let income = month.income, let expenses = month.expenses
        else { return nil }
        func written(_ x: Double) -> Double { Double(DecimalDigits.plain(x, decimals: 2)) ?? x }
        var tiles = kinds.compactMap(tile)
        guard tiles.count == 3 else { return nil }
        tiles[2].value = moneyText(written(income) - written(expenses))
        return tiles
    }

    public var chartData: [String: Set<ChartKind>] { charts.names }
    public var warnings: [String] { charts.warnings.all }

    /// Every chart comes from its dataset (FolioDatasets), as `folio chart` draws it; income and expenses
    /// by month span the report's `months`.
    public func chart(
        _ kind: ChartKind,
        data: String,
        parameters: [String: String],
        frame: ChartFrame
    ) throws -> ChartContent {
        var parameters = parameters
        if Datasets.named(data)?.name == BudgetMonthsDataset.name, parameters["months"] == nil {
            parameters["months"] = "\(input.months)"
        }
        return try charts.content(kind, data: data, parameters: parameters, frame: frame)
    }
}
