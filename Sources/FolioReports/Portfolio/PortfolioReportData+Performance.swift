import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

extension PortfolioReportData {
    /// The performance figures by period (FolioAnalytics' `PeriodPerformance`, as `folio table
    /// performance` gives them), with the benchmark's return and the difference when the report names one.
    /// Annualised columns say "a year" in their titles and are empty below a year.
    func performanceTable() throws -> DataTable {
        try datasetTable("performance") { performanceTable(try charts.input.performance(input.inputs)) }
    }

    private func performanceTable(_ history: PerformanceHistory) -> DataTable {
        let benchmark = input.benchmark.map { Benchmark($0, on: history.returns, rates: input.rates, base: base) }
        let percent = NumberFormat(locale: locale, style: .percent(2))
        let columns = PeriodPerformance.Column.performance(benchmark: benchmark != nil).filter { $0.key != nil }
        // A row that holds fewer days than its name says (year to date of a portfolio started this year,
        // since inception when the value was below zero at first) is named by its first day (every row
        // ends on the as-of day).
        func cell(_ r: PeriodPerformance, _ column: PeriodPerformance.Column) -> Cell {
            guard column != .period else {
                return Cell(r.holdsItsWholePeriod ? strings.period(r.period) : strings.since(r.from))
            }
            let v = column.figure(r)
            return column.isRatio ? number(v, 2) : Cell(v.map { percent.string($0) } ?? "—", sort: v)
        }
        return DataTable(
            columns: columns.map { Column(key: $0.key ?? "", title: title($0), numeric: $0 != .period) },
            rows: history.periods(benchmark: benchmark).map { r in columns.map { cell(r, $0) } },
            note: lateStart(history)
        )
    }

    /// A performance column's title; the benchmark's is its code.
    private func title(_ column: PeriodPerformance.Column) -> String {
        switch column {
        case .period: strings[.period]
        case .twr: strings[.twr]
        case .twrAnnualised: strings[.twrAnnualised]
        case .mwr: strings[.mwr]
        case .xirr: strings[.xirr]
        case .volatility: strings[.volatility]
        case .sharpe: strings[.sharpe]
        case .sortino: strings[.sortino]
        case .maxDrawdown: strings[.maxDrawdown]
        case .benchmark: input.benchmark?.rawValue ?? ""
        case .difference: strings[.difference]
        default: column.rawValue  // not in the report (no key)
        }
    }

    /// Why the figures since inception start after the first activity, as the charts say it.
    private func lateStart(_ history: PerformanceHistory) -> String? {
        guard let why = history.returns.lateStart, let day = history.returns.firstDay else { return nil }
        return strings.lateStart(day, why)
    }

    /// The five deepest drawdowns since inception (FolioAnalytics' `DrawdownSeries`, as `folio table
    /// drawdowns` gives them); one not recovered by the as-of day says so.
    func drawdownsTable() throws -> DataTable {
        try datasetTable("drawdowns") { drawdownsTable(try charts.input.performance(input.inputs)) }
    }

    private func drawdownsTable(_ history: PerformanceHistory) -> DataTable {
        let percent = NumberFormat(locale: locale, style: .percent(2))
        func day(_ d: Day) -> Cell { Cell(DateText.date(d, locale: locale), sort: Double(d.daysSinceEpoch)) }
        let columns = DrawdownSeries.Column.allCases.filter { $0.key != nil }
        func cell(_ d: DrawdownSeries.Drawdown, rank: Int, _ column: DrawdownSeries.Column) -> Cell {
            switch column {
            case .rank: number(Double(rank), 0)
            case .start: day(d.start)
            case .trough: day(d.trough)
            case .recovery: d.recovery.map(day) ?? Cell(strings[.notRecovered])
            case .depth: Cell(percent.string(d.depth), sort: d.depth)
            case .days: number(Double(d.days), 0)
            }
        }
        return DataTable(
            columns: columns.map { Column(key: $0.key ?? "", title: title($0), numeric: $0.isNumeric) },
            rows: history.drawdowns.drawdowns.prefix(DrawdownSeries.listed).enumerated().map { i, d in
                columns.map { cell(d, rank: i + 1, $0) }
            },
            note: lateStart(history)
        )
    }

    /// A drawdown column's title.
    private func title(_ column: DrawdownSeries.Column) -> String {
        switch column {
        case .rank: "#"
        case .start: strings[.drawdownStart]
        case .trough: strings[.drawdownTrough]
        case .recovery: strings[.drawdownRecovery]
        case .depth: strings[.drawdownDepth]
        case .days: strings[.drawdownDays]
        }
    }
}
