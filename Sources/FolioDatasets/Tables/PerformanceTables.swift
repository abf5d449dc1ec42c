import FolioAnalytics
import FolioCore
import FolioInputs

/// Tables of how well a portfolio's money was invested, from its first activity to the as-of day.
enum PerformanceTables {
    static func history(_ c: TableContext) throws -> PerformanceHistory {
        let p = try c.ledger
        let end = c.request.day(default: try c.portfolioLastDay())
        guard let history = p.performance(endingAt: end) else {
            throw ArgumentError(
                "--as-of",
                "\(end.iso) is before the first trade or transaction of \"\(p.portfolio.name)\""
            )
        }
        c.warn(history.value.missingBeforeRange + history.value.missing)
        return history
    }

    /// `--benchmark`'s returns on the history's counted days; its missing quotes named.
    static func benchmark(_ c: TableContext, _ h: PerformanceHistory) throws -> Benchmark? {
        let p = try c.ledger
        let benchmark = c.request.benchmark.map {
            Benchmark($0, on: h.returns, rates: p.market.rates, base: p.portfolio.baseCurrency)
        }
        if let benchmark { c.warn(benchmark.missing) }
        return benchmark
    }

    static func performance(_ c: TableContext) throws -> ResultTable {
        let h = try history(c)
        let periods = h.periods(benchmark: try benchmark(c, h), riskFree: c.request.riskFree)
        return PeriodPerformance.table(periods, benchmark: c.request.benchmark)
    }

    static func trailingReturns(_ c: TableContext) throws -> ResultTable {
        let h = try history(c)
        return PeriodPerformance.trailingTable(
            h.periods(benchmark: try benchmark(c, h), PeriodPerformance.Period.trailing),
            benchmark: c.request.benchmark
        )
    }

    static func dailyReturns(_ c: TableContext) throws -> ResultTable {
        let h = try history(c)
        return h.returns.dailyTable(benchmark: try benchmark(c, h))
    }

    static func rolling(_ c: TableContext) throws -> RollingRisk {
        try history(c).rolling(window: c.request.window, riskFree: c.request.riskFree)
    }
}
