import FolioAnalytics
import FolioCore
import FolioStore

/// The database as the stages after Inputs read it (datasets, tables, charts): ledgers, quotes as price
/// books, the lists a request is checked against and the tax year, each read the one way Inputs reads
/// it. The store itself stays behind this value, so that data flows Store → Inputs → Datasets as
/// DESIGN's first section draws it.
public struct StoredInputs: Sendable {
    let store: Store

    public init(_ store: Store) { self.store = store }

    /// The quotes, from which every market is loaded (`MarketInputs.load`, `AsOf`).
    public var prices: any PriceBookSource { store }

    public func ledger(portfolio name: String) throws -> PortfolioLedger {
        try PortfolioLedger.load(store, portfolio: name)
    }

    public func portfolios() throws -> [Portfolio] { try store.portfolios() }

    public func assets() throws -> [Asset] { try store.assets() }

    public func budgetEntries() throws -> [BudgetEntry] { try store.budgetEntries() }

    /// The tax year `year` of a portfolio (`TaxYear.load`).
    public func taxYear(_ ledger: PortfolioLedger, year: Int, rates: TaxRates) throws -> TaxYear {
        try TaxYear.load(store, ledger: ledger, year: year, rates: rates)
    }
}
