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
        func pct(_ v: Double?) -> Cell { Cell(v.map { percent.string($0) } ?? "—", sort: v) }
        func ratio(_ v: Double?) -> Cell { number(v, 2) }
        // A row that holds fewer days than its name says (year to date of a portfolio started this year,
        // since inception when the value was below zero at first) is named by its first day (every row
        // ends on the as-of day).
        let rows = history.periods(benchmark: benchmark).map { r -> [Cell] in
            var row = [
                Cell(r.holdsItsWholePeriod ? strings.period(r.period) : strings.since(r.from)),
                pct(r.timeWeighted), pct(r.annualised), pct(r.moneyWeighted),
                pct(r.xirr),
                pct(r.statistics?.volatility), ratio(r.statistics?.sharpe), ratio(r.statistics?.sortino),
                pct(r.statistics?.maxDrawdown),
            ]
            if benchmark != nil { row += [pct(r.benchmark), pct(r.difference)] }
            return row
        }
        var columns = [
            Column(key: "period", title: strings[.period], numeric: false),
            Column(key: "twr", title: strings[.twr], numeric: true),
            Column(key: "twr-annualised", title: strings[.twrAnnualised], numeric: true),
            Column(key: "mwr", title: strings[.mwr], numeric: true),
            Column(key: "xirr", title: strings[.xirr], numeric: true),
            Column(key: "volatility", title: strings[.volatility], numeric: true),
            Column(key: "sharpe", title: strings[.sharpe], numeric: true),
            Column(key: "sortino", title: strings[.sortino], numeric: true),
            Column(key: "max-drawdown", title: strings[.maxDrawdown], numeric: true),
        ]
        if let code = input.benchmark {
            columns += [
                Column(key: "benchmark", title: code.rawValue, numeric: true),
                Column(key: "difference", title: strings[.difference], numeric: true),
            ]
        }
        return DataTable(columns: columns, rows: rows, note: lateStart(history))
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
        let rows = history.drawdowns.drawdowns.prefix(5).map { d -> [Cell] in
            [
                day(d.start), day(d.trough), d.recovery.map(day) ?? Cell(strings[.notRecovered]),
                Cell(percent.string(d.depth), sort: d.depth), number(Double(d.days), 0),
            ]
        }
        return DataTable(
            columns: [
                Column(key: "start", title: strings[.drawdownStart], numeric: false),
                Column(key: "trough", title: strings[.drawdownTrough], numeric: false),
                Column(key: "recovery", title: strings[.drawdownRecovery], numeric: false),
                Column(key: "depth", title: strings[.drawdownDepth], numeric: true),
                Column(key: "days", title: strings[.drawdownDays], numeric: true),
            ],
            rows: Array(rows),
            note: lateStart(history)
        )
    }
}
