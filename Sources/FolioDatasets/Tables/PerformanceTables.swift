import FolioAnalytics
import FolioCore
import FolioInputs

/// Tables of how well a portfolio's money was invested, from its first activity to the as-of day.
enum PerformanceTables {
    /// The daily values, flows and time-weighted returns since the day before the first activity.
    struct History {
        var value: ValueSeries
        var flows: ExternalFlows
        var returns: ReturnSeries
        var drawdowns: DrawdownSeries { DrawdownSeries(returns) }
    }

    static func history(_ c: TableContext) throws -> History {
        let p = try c.ledger
        let end = c.request.day(default: try c.portfolioLastDay())
        guard let first = p.ledger.activity?.first, first <= end else {
            throw ArgumentError("--as-of", "\(end.iso) is before the first trade or transaction of \"\(p.portfolio.name)\"")
        }
        let range = try DayRange(from: first.advanced(by: -1), to: end)
        let base = p.portfolio.baseCurrency
        let value = ValueSeries(replay: p.replay, rates: p.market.rates, base: base, range: range)
        let flows = ExternalFlows(cashTransactions: p.cashTransactions, rates: p.market.rates, base: base, range: range)
        c.warn(value.missing)
        c.warn(flows.missing)
        return History(value: value, flows: flows, returns: ReturnSeries(value: value, flows: flows))
    }

    static func performance(_ c: TableContext) throws -> ResultTable {
        let h = try history(c)
        let p = try c.ledger
        let benchmark = c.request.benchmark.map {
            Benchmark($0, on: h.returns, rates: p.market.rates, base: p.portfolio.baseCurrency)
        }
        if let benchmark { c.warn(benchmark.missing) }
        let periods = PeriodPerformance.all(value: h.value, flows: h.flows, series: h.returns, benchmark: benchmark,
                                            end: h.value.days.last!, riskFree: c.request.riskFree)
        return PeriodPerformance.table(periods, benchmark: c.request.benchmark)
    }
}
