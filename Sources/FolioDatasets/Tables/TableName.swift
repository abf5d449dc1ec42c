/// The tables `folio table NAME` prints, and which options each one reads. An option a table does not
/// read is refused rather than ignored, so that `--period year` on the wrong table is not silently lost.
public enum TableName: String, CaseIterable, Sendable {
    case holdings, value, allocation, composition, income, flows, diagnostics
    case prices, window, returns, correlation
    case rollingCorrelation = "rolling-correlation"
    case normalised
    case budget
    case budgetMonths = "budget-months"
    case budgetCategories = "budget-categories"
    case performance, drawdowns
    case monthlyReturns = "monthly-returns"
    case trailingReturns = "trailing-returns"
    case dailyReturns = "daily-returns"
    case rollingVolatility = "rolling-volatility"
    case rollingSharpe = "rolling-sharpe"
    case attribution
    case taxYear = "tax-year"
    case incomeCalendar = "income-calendar"
    case incomeYield = "income-yield"
    case rebalance

    /// Options beyond `--format`, `--db`, `--market` and `--stale-days`, which every table takes.
    enum Option: String, Sendable {
        case portfolio, asset, from, to, window, method, by, period, currency, threshold, calendar, normalise,
            benchmark, year, months
        case asOf = "as-of"
        case minOverlap = "min-overlap"
        case riskFree = "risk-free"
        case taxRates = "tax-rates"
        case cash, sell
        case wholeShares = "whole-shares"
    }

    var options: Set<Option> {
        let prices: Set<Option> = [.portfolio, .asset, .from, .to, .asOf, .currency]
        switch self {
        case .holdings: return [.portfolio, .asset, .from, .to, .asOf]
        case .value: return [.portfolio, .asset, .from, .to, .asOf, .method]
        case .allocation: return [.portfolio, .asset, .asOf, .by, .threshold]
        case .composition: return [.portfolio, .asset, .from, .to, .asOf, .period]
        case .income: return [.portfolio, .asset, .asOf, .method]
        case .flows: return [.portfolio, .from, .to, .asOf]
        case .diagnostics: return [.portfolio, .asset]
        case .prices: return prices
        case .window: return [.portfolio, .asset, .asOf, .window, .currency]
        case .returns: return prices.union([.window, .calendar])
        case .correlation: return prices.union([.window, .calendar, .minOverlap])
        case .rollingCorrelation: return prices.union([.window, .calendar, .minOverlap])
        case .normalised: return prices.union([.normalise])
        case .budget, .budgetMonths, .budgetCategories: return [.from, .to, .asOf, .currency]
        case .performance: return [.portfolio, .asOf, .benchmark, .riskFree]
        case .drawdowns, .monthlyReturns: return [.portfolio, .asOf]
        case .trailingReturns, .dailyReturns: return [.portfolio, .asOf, .benchmark]
        case .rollingVolatility: return [.portfolio, .asOf, .window]
        case .rollingSharpe: return [.portfolio, .asOf, .window, .riskFree]
        case .attribution: return [.portfolio, .from, .to, .asOf, .period, .by]
        case .taxYear: return [.portfolio, .year, .taxRates]
        case .incomeCalendar: return [.portfolio, .asOf, .by, .months]
        case .incomeYield: return [.portfolio, .asset, .asOf]
        case .rebalance: return [.portfolio, .asOf, .cash, .sell, .wholeShares, .taxRates]
        }
    }

    /// Tables of one portfolio's ledger (the others read quotes or the budget).
    var isPortfolioTable: Bool {
        [
            .holdings, .value, .allocation, .composition, .income, .flows, .diagnostics, .performance, .drawdowns,
            .monthlyReturns,
            .trailingReturns, .dailyReturns, .rollingVolatility, .rollingSharpe, .attribution, .taxYear,
            .incomeCalendar, .incomeYield, .rebalance,
        ].contains(self)
    }

    /// Tables of quotes: of named assets, or of what a portfolio holds.
    var isPriceTable: Bool {
        [.prices, .window, .returns, .correlation, .rollingCorrelation, .normalised].contains(self)
    }

    /// One line per table for `folio table --help`: at most 58 characters, so that the help's
    /// 80 columns do not wrap it.
    public var summary: String {
        switch self {
        case .holdings: "quantity, rate, value at --as-of; daily with --from/--to"
        case .value: "daily value, net deposits, income, value of each asset"
        case .allocation: "value and percent by asset, kind or currency (--by)"
        case .composition: "value and percent at each month or year end (--period)"
        case .income: "realised, unrealised income (--method fifo|average|lifo)"
        case .flows: "deposits, withdrawals, fees and net per month"
        case .diagnostics: "balances that went below zero, and after which event"
        case .prices: "every quote of each asset, in --currency"
        case .window: "first, last, change, min, max, average over --window days"
        case .returns: "simple daily returns in percent, one column per asset"
        case .correlation: "Pearson correlation matrix of daily returns"
        case .rollingCorrelation: "correlation of two assets over a sliding --window"
        case .normalised: "prices scaled to [0, 1] or to 100 at start (--normalise)"
        case .budget: "amount and share of each category per month"
        case .budgetMonths: "income, expenses and balance per month"
        case .budgetCategories: "amount and share of each category over the range"
        case .performance: "time- and money-weighted returns, risk, per period"
        case .drawdowns: "the five deepest falls: start, trough, recovery, depth"
        case .monthlyReturns: "time-weighted return of each month and year"
        case .trailingReturns: "returns MTD, 3M, 6M, YTD, 1Y, 3Y, 5Y, since inception"
        case .dailyReturns: "each counted day's time-weighted return (--benchmark)"
        case .rollingVolatility: "volatility over each --window of days (half a year)"
        case .rollingSharpe: "Sharpe ratio over each --window of days (half a year)"
        case .attribution: "value bridge: price, currency, income (--by holding)"
        case .taxYear: "sales, net profit and taxes in UAH of one --year"
        case .incomeCalendar: "dividends and interest per month, paid and projected"
        case .incomeYield: "next 12 months' dividends, forward yield, yield on cost"
        case .rebalance: "drift from the targets, the trades back (--cash, --sell)"
        }
    }
}
