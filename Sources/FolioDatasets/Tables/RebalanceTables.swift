import FolioAnalytics
import FolioCore
import FolioInputs

extension ArgumentValue {
    /// `--cash` (an amount above 0), `--sell` and `--whole-shares` of the rebalance table.
    static func rebalance(cash: String?, sell: Bool, wholeShares: Bool) throws -> RebalanceOptions {
        let deposit = try cash.map { text in
            // The bound of every amount Folio reads: 1e308 would fill each trade cell with 300 digits.
            guard let amount = DecimalText.parse(text), amount > 0, NumberBounds.contains(amount) else {
                throw ArgumentError("--cash", "\"\(text)\" is not an amount above 0 and at most 1e15")
            }
            return amount
        }
        return RebalanceOptions(deposit: deposit, sell: sell, wholeShares: wholeShares)
    }
}

/// The drift of a portfolio from its targets and the trades back (`Rebalancing`).
enum RebalanceTables {
    static func rebalance(_ c: TableContext) throws -> ResultTable {
        let p = try c.ledger
        guard let targets = p.ledger.targets else {
            throw ArgumentError(
                "--portfolio",
                "\"\(p.portfolio.name)\" has no targets; set them with `folio target set --portfolio \"\(p.portfolio.name)\" AAPL=60 MSFT=40`"
            )
        }
        let day = c.request.day(default: try c.portfolioLastDay())
        try PortfolioTables.activityCheck(p, endingAt: day, c.request)
        var rebalancing: Rebalancing
        do { rebalancing = try p.rebalancing(targets, at: day, options: c.request.rebalance) } catch {
            throw ArgumentError(error, arguments: ["cash": "--cash"])
        }
        rebalancing.notes.forEach(c.note)
        if let rates = try taxRates(c, base: p.portfolio.baseCurrency) {
            // An estimate that cannot be made (a sale of units never seen bought, a day without an NBU
            // rate) is named; the trades stand without it.
            do { try c.inputs.estimateTax(&rebalancing, portfolio: p, rates: rates) } catch let error as TaxYearError {
                c.note("no tax estimate: \(error)")
            }
        }
        return rebalancing.table
    }

    /// The rates of `--tax-rates`, else for a portfolio in hryvnias (a Ukrainian resident's) the built-in
    /// file's; nil for another portfolio, whose owner the Ukrainian tax may not concern.
    private static func taxRates(_ c: TableContext, base: AssetCode) throws -> TaxRates? {
        if let rates = c.request.rebalanceTaxRates { return rates }
        return base == .uah ? try TaxRatesFile.load(path: nil) : nil
    }
}
