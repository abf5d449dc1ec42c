import FolioAnalytics

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
        }
    }
}
