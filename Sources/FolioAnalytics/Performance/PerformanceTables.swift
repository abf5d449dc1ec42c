import FolioCore
import Foundation

extension PeriodPerformance {
    /// Table `performance`: one row per period; returns and drawdowns in percent, ratios as numbers.
    /// The benchmark's columns only when one was given.
    public static func table(_ periods: [PeriodPerformance], benchmark: AssetCode?) -> ResultTable {
        func pct(_ v: Double?) -> ResultTable.Cell? { .finite(v.map { $0 * 100 }) }
        var columns: [ResultTable.Column] = [
            .init("period", .text), .init("from", .day), .init("to", .day), .init("twr", .percent),
            .init("twr_annualised", .percent), .init("mwr", .percent), .init("xirr", .percent),
            .init("volatility", .percent),
            .init("sharpe", .number, ratio: true), .init("sortino", .number, ratio: true),
            .init("max_drawdown", .percent),
            .init("calmar", .number, ratio: true),
            .init("best_day", .percent), .init("worst_day", .percent), .init("best_month", .percent),
            .init("worst_month", .percent), .init("best_year", .percent), .init("worst_year", .percent),
            .init("positive_days", .percent), .init("positive_months", .percent),
            .init("value_at_risk", .percent), .init("expected_shortfall", .percent),
            .init("omega", .number, ratio: true),
        ]
        if let benchmark {
            let b = benchmark.rawValue.lowercased()
            columns += [
                .init(b, .percent), .init("difference", .percent), .init("beta", .number, ratio: true),
                .init("correlation", .number, ratio: true),
            ]
        }
        let rows: [[ResultTable.Cell?]] = periods.map { p in
            let s = p.statistics
            var row: [ResultTable.Cell?] = [
                .text(p.period.rawValue), .day(p.from), .day(p.to), pct(p.timeWeighted), pct(p.annualised),
                pct(p.moneyWeighted),
                pct(p.xirr), pct(s?.volatility), .finite(s?.sharpe), .finite(s?.sortino), pct(s?.maxDrawdown),
                .finite(p.calmar),
                pct(s?.bestDay), pct(s?.worstDay), pct(s?.bestMonth), pct(s?.worstMonth), pct(s?.bestYear),
                pct(s?.worstYear),
                pct(s?.positiveDays), pct(s?.positiveMonths), pct(s?.valueAtRisk), pct(s?.expectedShortfall),
                .finite(s?.omega),
            ]
            if benchmark != nil {
                row += [pct(p.benchmark), pct(p.difference), .finite(p.beta), .finite(p.correlation)]
            }
            return row
        }
        return ResultTable(columns: columns, rows: rows)
    }

    /// Table `trailing-returns`: the time-weighted return of each period ending at the as-of day, and per
    /// year for a period of a year or more; with a benchmark, its own beside.
    public static func trailingTable(_ periods: [PeriodPerformance], benchmark: AssetCode?) -> ResultTable {
        func pct(_ v: Double?) -> ResultTable.Cell? { .finite(v.map { $0 * 100 }) }
        var columns: [ResultTable.Column] = [
            .init("period", .text), .init("from", .day), .init("to", .day), .init("twr", .percent),
            .init("twr_annualised", .percent),
        ]
        if let benchmark {
            let b = benchmark.rawValue.lowercased()
            columns += [.init(b, .percent), .init(b + "_annualised", .percent)]
        }
        let rows: [[ResultTable.Cell?]] = periods.map { p in
            [.text(p.period.rawValue), .day(p.from), .day(p.to), pct(p.timeWeighted), pct(p.annualised)]
                + (benchmark != nil ? [pct(p.benchmark), pct(p.benchmarkAnnualised)] : [])
        }
        return ResultTable(columns: columns, rows: rows)
    }

    /// The portfolio's time-weighted return less the benchmark's over the same days.
    public var difference: Double? { timeWeighted.flatMap { t in benchmark.map { t - $0 } } }
}

extension DrawdownSeries {
    /// Table `drawdowns`: the `limit` deepest, deepest first.
    public func table(limit: Int = DrawdownSeries.listed) -> ResultTable {
        let rows: [[ResultTable.Cell?]] = drawdowns.prefix(limit).enumerated().map { i, d in
            [
                .number(Double(i + 1)), .day(d.start), .day(d.trough), d.recovery.map { .day($0) },
                .number(d.depth * 100), .number(Double(d.days)),
            ]
        }
        return ResultTable(
            columns: [
                .init("rank", .number, decimals: 0), .init("start", .day), .init("trough", .day),
                .init("recovery", .day),
                .init("depth", .percent), .init("days", .number, decimals: 0),
            ],
            rows: rows
        )
    }
}

extension ReturnSeries {
    /// Table `monthly-returns`: one row per year, a column per month and the year's return, each
    /// compounded from the daily time-weighted returns; a month without a counted day is null.
    public var monthlyTable: ResultTable {
        let months = byPeriod(.month)
        let years = byPeriod(.year)
        let rows: [[ResultTable.Cell?]] = years.map { year in
            let cells: [ResultTable.Cell?] = (1...12).map { m in
                months.first { $0.start.year == year.start.year && $0.start.month == m }.map { .number($0.value * 100) }
            }
            return [.text(String(year.start.year))] + cells + [.number(year.value * 100)]
        }
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        return ResultTable(
            columns: [.init("year", .text)] + names.map { .init($0, .percent) } + [.init("year_return", .percent)],
            rows: rows
        )
    }
}

extension ReturnSeries {
    /// Table `daily-returns`: each counted day's time-weighted return, what every figure of `performance`
    /// is computed from (the series to give QuantStats); with a benchmark, its return on the same days.
    public func dailyTable(benchmark: Benchmark?) -> ResultTable {
        let rows: [[ResultTable.Cell?]] = days.indices.map { i in
            [.day(days[i]), .number(returns[i] * 100)]
                + (benchmark.map { [.finite($0.returns[i].map { $0 * 100 })] } ?? [])
        }
        return ResultTable(
            columns: [.init("day", .day), .init("twr", .percent, decimals: 4)]
                + (benchmark.map { [.init($0.asset.rawValue.lowercased(), .percent, decimals: 4)] } ?? []),
            rows: rows
        )
    }
}

extension RollingRisk {
    /// Tables `rolling-volatility` and `rolling-sharpe`: one row per window, on its last day.
    public var volatilityTable: ResultTable {
        ResultTable(
            columns: [.init("day", .day), .init("volatility", .percent)],
            rows: days.indices.map { [.day(days[$0]), .finite(volatility[$0].map { $0 * 100 })] }
        )
    }

    public var sharpeTable: ResultTable {
        ResultTable(
            columns: [.init("day", .day), .init("sharpe", .number, ratio: true)],
            rows: days.indices.map { [.day(days[$0]), .finite(sharpe[$0])] }
        )
    }
}
