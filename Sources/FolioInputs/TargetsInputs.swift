import FolioAnalytics
import FolioCore
import FolioStore

extension StoredInputs {
    /// The targets of portfolio `name`, nil when it has none (then it is never out of band).
    public func targets(portfolio name: String) throws -> PortfolioTargets? {
        try store.targets(portfolio: name).map { try PortfolioTargets(stored: $0) }
    }

    /// Every portfolio that has targets, by name.
    public func allTargets() throws -> [(portfolio: String, targets: PortfolioTargets)] {
        try store.allTargets().map { ($0.portfolio, try PortfolioTargets(stored: $0.targets)) }
    }
}

extension PortfolioTargets {
    /// Targets as the database keeps them, checked again as any targets are (a row written by hand).
    public init(stored: StoredTargets) throws(TargetError) {
        guard let basis = TargetBasis(rawValue: stored.basis) else { throw .unknownBasis(stored.basis) }
        try self.init(
            basis: basis,
            lines: stored.lines.map { TargetLine($0.name, $0.weight) },
            classes: stored.classes,
            band: stored.band,
            relativeBand: stored.relativeBand
        )
    }

    /// The targets in the database's terms, for `Store.setTargets`.
    public var stored: StoredTargets {
        StoredTargets(
            basis: basis.rawValue,
            lines: lines.map { StoredTargets.Line($0.name, $0.weight) },
            classes: classes,
            band: band,
            relativeBand: relativeBand
        )
    }
}

extension PortfolioInputs {
    /// The drift from `targets` at the end of `day` and the trades back, in the base currency.
    public func rebalancing(
        _ targets: PortfolioTargets,
        at day: Day,
        options: RebalanceOptions = .init()
    ) throws(AnalyticsError) -> Rebalancing {
        try Rebalancing(valuation(at: day), rates: market.rates, targets: targets, options: options)
    }
}

extension StoredInputs {
    /// Adds to `rebalancing` the estimated tax on each sale of `portfolio`'s stocks and ETFs, as the tax
    /// year of its day would book it (`Rebalancing.estimateTax`), each sold at its price in the currency
    /// it is quoted in.
    public func estimateTax(_ rebalancing: inout Rebalancing, portfolio: PortfolioInputs, rates: TaxRates) throws {
        let market = portfolio.market.rates
        let base = portfolio.portfolio.baseCurrency
        let time = rebalancing.time
        let salePrice: Rebalancing.SalePrice = { asset in
            guard let currency = market.pricingCurrency(of: asset, towards: base),
                case let .success(rate) = market.rate(from: asset, to: currency, at: time)
            else { return nil }
            return (currency, rate.value)
        }
        let currencies = Set(rebalancing.lines.compactMap(\.asset).compactMap { salePrice($0)?.currency })
        let inputs = try TaxInputs.load(store, ledger: portfolio.ledger, more: currencies, through: time)
        try rebalancing.estimateTax(
            // The ledger as of the day the sales are priced: a later real sale would take their lots.
            trades: portfolio.trades.filter { $0.time <= time },
            cashTransactions: portfolio.cashTransactions.filter { $0.time <= time },
            kinds: inputs.kinds,
            official: inputs.official,
            rates: rates,
            salePrice: salePrice
        )
    }
}
