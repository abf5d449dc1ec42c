import FolioAnalytics
import FolioCore
import FolioInputs
import FolioReports
import FolioStore
import Foundation

extension TaxReportInput {
    /// The tax year `year` of `portfolio` at `rates`, as of the year's last day (today, for a year not
    /// over yet: its figures are as of now).
    public static func load(
        _ store: Store,
        portfolio: String,
        year: Int,
        rates: TaxRates,
        stampNow: Bool
    ) throws -> TaxReportInput {
        let ledger = try PortfolioLedger.load(store, portfolio: portfolio)
        let tax = try TaxYear.load(store, ledger: ledger, year: year, rates: rates)
        return TaxReportInput(
            tax: tax,
            portfolio: portfolio,
            asOf: min(TaxRates.taxDay(of: year), Day(Date())),
            generated: stampNow ? Date() : nil
        )
    }
}
