import FolioAnalytics
import FolioCore
import FolioInputs
import Foundation

/// What a table is computed from, read from the database once: the market (every quote) and, for the
/// tables that need one, the portfolio; with the checks that need the database (unknown portfolio,
/// asset or market). A class, so that the builders add their warnings to the one list the caller gets.
final class TableContext {
    let request: TableRequest
    let inputs: StoredInputs
    let market: MarketInputs
    /// Set when `--portfolio` is given, or for a portfolio table (then the only portfolio if not named),
    /// or for a price table without `--asset` when the database has one portfolio.
    let portfolio: PortfolioInputs?
    /// Lines for stderr, in the order the builders found them.
    private(set) var warnings: [String] = []

    private init(request: TableRequest, inputs: StoredInputs, market: MarketInputs, portfolio: PortfolioInputs?) {
        self.request = request
        self.inputs = inputs
        self.market = market
        self.portfolio = portfolio
    }

    static func load(_ request: TableRequest, inputs: StoredInputs) throws -> TableContext {
        let options = MarketOptions(market: request.market, stalenessDays: request.staleDays)
        let portfolio = try portfolioName(request, inputs: inputs).map { name in
            let ledger = try inputs.ledger(portfolio: name)
            if let day = try valuationDay(request, ledger: ledger, prices: inputs.prices) {
                return PortfolioInputs(
                    ledger,
                    market: try MarketInputs.load(inputs.prices, options: options, at: day.end)
                )
            }
            // A portfolio table values at day ends and converts each trade and transfer at its moment.
            guard request.name.isPortfolioTable else {
                return try PortfolioInputs(ledger, market: MarketInputs.load(inputs.prices, options: options))
            }
            return PortfolioInputs(
                ledger,
                market: try MarketInputs.load(inputs.prices, options: options, valuingAt: ledger.eventTimes)
            )
        }
        let market = try portfolio?.market ?? MarketInputs.load(inputs.prices, options: options)
        if let wanted = request.market {
            // The markets of the whole database: a book cut to one day may not quote every one.
            let markets = try inputs.prices.lastQuotes().markets
            guard markets.contains(wanted) else {
                let known = markets.map(\.rawValue).joined(separator: ", ")
                throw ArgumentError(
                    "--market",
                    "unknown market \(wanted) (quotes are in: \(known.isEmpty ? "none" : known))"
                )
            }
        }
        let known = market.book.assets.union(market.assets.map(\.code)).union(portfolio?.replay.assets ?? [])
        for asset in request.assets + [request.currency].compactMap({ $0 }) where !known.contains(asset) {
            throw ArgumentError(
                asset == request.currency ? "--currency" : "--asset",
                "unknown asset \(asset) (see `folio info`)"
            )
        }
        if let benchmark = request.benchmark, !known.contains(benchmark) {
            throw ArgumentError("--benchmark", "unknown asset \(benchmark) (see `folio info`)")
        }
        return TableContext(request: request, inputs: inputs, market: market, portfolio: portfolio)
    }

    /// The day at whose end a table values the portfolio, when that is all it needs: holdings and
    /// allocation at one day read each series' last quote at or before that day's end, however many
    /// quotes the day holds, so a database with millions of intraday quotes costs them an index seek
    /// per series. The other portfolio tables read each day's last quote and those
    /// at the ledger's events (`MarketInputs.load(_:options:valuingAt:)`); price tables read every quote.
    private static func valuationDay(
        _ request: TableRequest,
        ledger: PortfolioLedger,
        prices: any PriceBookSource
    ) throws -> Day? {
        switch request.name {
        case .holdings where request.from == nil && request.to == nil, .allocation, .rebalance:
            guard let last = try AsOf.portfolio(ledger, prices: prices) else { return nil }
            return request.day(default: last)
        default:
            return nil
        }
    }

    /// `--portfolio`, else for a portfolio table the database's only portfolio; a price table without
    /// `--asset` takes the only portfolio too, as `--help` says (several: it asks for an asset or one).
    private static func portfolioName(_ request: TableRequest, inputs: StoredInputs) throws -> String? {
        if let name = request.portfolio { return name }
        let all = try inputs.portfolios()
        if request.name.isPriceTable && request.assets.isEmpty && all.count == 1 { return all[0].name }
        guard request.name.isPortfolioTable else { return nil }
        guard all.count == 1 else {
            let names = all.map { "\"\($0.name)\"" }.joined(separator: ", ")
            throw ArgumentError(
                "--portfolio",
                all.isEmpty
                    ? "the database has no portfolio (see `folio portfolio add`)"
                    : "name the portfolio, one of \(names)"
            )
        }
        return all[0].name
    }

    /// The portfolio of a portfolio table (loaded by `load`).
    var ledger: PortfolioInputs {
        get throws {
            guard let portfolio else {
                throw ArgumentError("--portfolio", "the \(request.name.rawValue) table needs a portfolio")
            }
            return portfolio
        }
    }

    /// The last day with data of the portfolio (`AsOf.portfolio`, as charts and reports take it); an
    /// error when it has no trade or transaction at all.
    func portfolioLastDay() throws -> Day {
        let ledger = try ledger
        guard let day = try AsOf.portfolio(ledger.ledger, prices: inputs.prices) else {
            throw ArgumentError("--portfolio", "\"\(ledger.portfolio.name)\" has no trades or completed transactions")
        }
        return day
    }

    /// Missing quotes for stderr, one per line: the values that needed them are undefined in the table.
    /// The same quote missing for several values of one result is named once.
    func warn(_ missing: [some CustomStringConvertible]) {
        var seen = Set<String>()
        warnings += missing.map { "missing quote: \($0)" }.filter { seen.insert($0).inserted }
    }

    /// A line for stderr about what the table leaves out.
    func note(_ line: String) { warnings.append(line) }
}
