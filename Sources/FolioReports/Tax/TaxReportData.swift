import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

/// What the tax report needs: one portfolio's tax year, and the day its figures are as of.
public struct TaxReportInput: Sendable {
    public var tax: TaxYear
    public var portfolio: String
    /// The year's last day, or today for a year not over yet.
    public var asOf: Day
    /// The real time the report is made (`ReportStamp`); nil keeps the output reproducible.
    public var generated: Date?

    public init(tax: TaxYear, portfolio: String, asOf: Day, generated: Date? = nil) {
        self.tax = tax
        self.portfolio = portfolio
        self.asOf = asOf
        self.generated = generated
    }
}

/// The tax report's data: the year's totals and taxes, its sales row by row with the trades they come
/// from, and its dividends and interest, in the locale's words and numbers. Every figure is the tax
/// year's own (`TaxYear`), only formatted here.
public struct TaxReportData: Sendable {
    public let input: TaxReportInput
    public let locale: ChartLocale
    let strings: Catalogue
    let money: NumberFormat

    public init(_ input: TaxReportInput, locale: ChartLocale) {
        self.input = input
        self.locale = locale
        strings = Catalogue.for(locale)
        money = NumberFormat(locale: locale, style: .decimal(2))
    }

    var tax: TaxYear { input.tax }

    func uah(_ amount: Hryvnias?, bold: Bool = false) -> DataTable.Cell {
        DataTable.Cell(amount.map { money.string($0.uah) } ?? "—", sort: amount?.uah, bold: bold)
    }

    /// A number with `decimals` decimals in the locale (prices, rates, units).
    func figure(_ value: Double, _ decimals: Int) -> DataTable.Cell {
        DataTable.Cell(NumberFormat(locale: locale, style: .decimal(decimals)).string(value), sort: value)
    }

    /// "18 %", "1,5 %": as many decimals as the rate has.
    func percent(_ value: Double) -> String {
        NumberFormat(locale: locale, style: .percent(TaxYear.decimals([value], least: 0, most: 4))).string(value / 100)
    }

    func day(_ day: Day) -> DataTable.Cell {
        DataTable.Cell(DateText.date(day, locale: locale), sort: Double(day.daysSinceEpoch))
    }
}

extension TaxReportData: ReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": input.portfolio, "base": AssetCode.uah.rawValue,
            "title": strings.taxTitle(tax.year, input.portfolio),
            "year": "\(tax.year)", "taxRates": strings.taxRatesUsed(tax, percent: percent),
            "leftOut": tax.leftOut.isEmpty ? "" : strings.taxLeftOut(tax),
        ]) { $1 }
    }

    /// The `when:` conditions of the tax report's definition.
    public enum Condition: String, CaseIterable {
        case leftOut = "left-out"
        case sales
        case noSales = "no-sales"
        case income
        case noIncome = "no-income"
    }

    public func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .leftOut: !tax.leftOut.isEmpty
        case .sales: !tax.sales.isEmpty
        case .noSales: tax.sales.isEmpty
        case .income: !tax.income.isEmpty
        case .noIncome: tax.income.isEmpty
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? { nil }

    /// What the year leaves out, for stderr (the first page says it too).
    public var warnings: [String] { tax.leftOutNote.map { [$0] } ?? [] }

    /// The tables a definition of the tax report may name.
    public enum Table: String, CaseIterable {
        case totals = "tax-totals"
        case sales = "tax-sales"
        case income = "tax-income"
    }

    public func table(_ table: Table) -> DataTable {
        switch table {
        case .totals: totalsTable
        case .sales: salesTable
        case .income: incomeTable
        }
    }
}
