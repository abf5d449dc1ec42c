import FolioAnalytics
import FolioInputs

extension TableRequest {
    /// The table this request asks for, computed from `inputs`: `TableContext` reads the quotes (and the
    /// portfolio) once and checks what only the database can tell (an unknown portfolio, asset or
    /// market), then one small builder per table computes it with FolioAnalytics.
    ///
    /// Warnings (missing quotes, assets left out) are added to `warnings` also when a later step fails,
    /// so that the caller shows what was found missing before the error, as `folio table` always has.
    public func table(from inputs: StoredInputs, warnings: inout [String]) throws -> ResultTable {
        let context = try TableContext.load(self, inputs: inputs)
        defer { warnings += context.warnings }
        return try name.build(context)
    }
}

extension TableName {
    /// The table computed from `context`: one small builder per table.
    func build(_ context: TableContext) throws -> ResultTable {
        switch self {
        case .holdings: try PortfolioTables.holdings(context)
        case .value: try PortfolioTables.value(context)
        case .allocation: try PortfolioTables.allocation(context)
        case .composition: try PortfolioTables.composition(context)
        case .income: try PortfolioTables.income(context)
        case .flows: try PortfolioTables.flows(context)
        case .diagnostics: try PortfolioTables.diagnostics(context)
        case .prices: try PriceTables.prices(context)
        case .window: try PriceTables.window(context)
        case .returns: try PriceTables.returns(context).table
        case .correlation: try PriceTables.correlation(context)
        case .rollingCorrelation: try PriceTables.rollingCorrelation(context)
        case .normalised: try PriceTables.normalised(context)
        case .budget: try BudgetTables.summary(context).table
        case .budgetMonths: try BudgetTables.summary(context).monthsTable
        case .budgetCategories: try BudgetTables.summary(context).categoriesTable
        case .performance: try PerformanceTables.performance(context)
        case .drawdowns: try PerformanceTables.history(context).drawdowns.table()
        case .monthlyReturns: try PerformanceTables.history(context).returns.monthlyTable
        case .trailingReturns: try PerformanceTables.trailingReturns(context)
        case .dailyReturns: try PerformanceTables.dailyReturns(context)
        case .rollingVolatility: try PerformanceTables.rolling(context).volatilityTable
        case .rollingSharpe: try PerformanceTables.rolling(context).sharpeTable
        case .attribution: try AttributionTables.attribution(context)
        case .taxYear: try TaxTables.taxYear(context).salesTable
        case .incomeCalendar: try IncomeTables.calendar(context)
        case .incomeYield: try IncomeTables.yield(context)
        case .rebalance: try RebalanceTables.rebalance(context)
        }
    }
}
