import FolioCore
import Foundation

extension PeriodPerformance {
    /// Table `performance`: one row per period; returns and drawdowns in percent, ratios as numbers.
    /// The benchmark's columns only when one was given.
    public static func table(_ periods: [PeriodPerformance], benchmark: AssetCode?) -> ResultTable {
        table(periods, Column.performance(benchmark: benchmark != nil), benchmark: benchmark)
    }

    /// Table `trailing-returns`: the time-weighted return of each period ending at the as-of day, and per
    /// year for a period of a year or more; with a benchmark, its own beside.
    public static func trailingTable(_ periods: [PeriodPerformance], benchmark: AssetCode?) -> ResultTable {
        table(periods, Column.trailing(benchmark: benchmark != nil), benchmark: benchmark)
    }

    private static func table(
        _ periods: [PeriodPerformance],
        _ columns: [Column],
        benchmark: AssetCode?
    ) -> ResultTable {
        ResultTable(
            columns: columns.map { $0.column(benchmark: benchmark) },
            rows: periods.map { p in columns.map { $0.cell(p) } }
        )
    }

    /// The portfolio's time-weighted return less the benchmark's over the same days.
    public var difference: Double? { timeWeighted.flatMap { t in benchmark.map { t - $0 } } }
}

extension DrawdownSeries {
    /// Table `drawdowns`: the `limit` deepest, deepest first.
    public func table(limit: Int = DrawdownSeries.listed) -> ResultTable {
        ResultTable(
            columns: Column.allCases.map(\.column),
            rows: drawdowns.prefix(limit).enumerated().map { i, d in Column.allCases.map { $0.cell(d, rank: i + 1) } }
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
