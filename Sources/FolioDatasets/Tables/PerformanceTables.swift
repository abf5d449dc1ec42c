import FolioAnalytics
import FolioCore
import FolioInputs

/// Tables of how well a portfolio's money was invested, from its first activity to the as-of day.
enum PerformanceTables {
    static func history(_ c: TableContext) throws -> PerformanceHistory {
        let p = try c.ledger
        let end = c.request.day(default: try c.portfolioLastDay())
        guard let history = p.performance(endingAt: end) else {
            throw ArgumentError("--as-of", "\(end.iso) is before the first trade or transaction of \"\(p.portfolio.name)\"")
        }
        c.warn(history.value.missingBeforeRange + history.value.missing)
        return history
    }

    static func performance(_ c: TableContext) throws -> ResultTable {
        let h = try history(c)
        let p = try c.ledger
        let benchmark = c.request.benchmark.map { Benchmark($0, on: h.returns, rates: p.market.rates, base: p.portfolio.baseCurrency) }
        if let benchmark { c.warn(benchmark.missing) }
        return PeriodPerformance.table(h.periods(benchmark: benchmark, riskFree: c.request.riskFree), benchmark: c.request.benchmark)
    }
}
