import FolioAnalytics
import FolioCharts
import FolioCore

/// `cumulative`: a portfolio's time-weighted growth since its first activity as the growth of 100 (its
/// cumulative return r is 100 × (1 + r): 902.29 % ends at 1,002.29), and with `--benchmark` an asset's
/// growth in the base currency over the same days (FolioAnalytics' `Benchmark`), on a log scale, so that
/// a year's +20 % is as steep in the first year as in the tenth; each line's end names it and gives its
/// last figure. A growth at or below zero (everything lost) cannot be on a log scale: the axis is linear then.
/// The five deepest drawdowns are shaded behind the lines.
struct CumulativeDataset: Dataset {
    static let name = "cumulative"
    static let kinds: [ChartKind] = [.line]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .benchmark]

    let benchmark: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        benchmark = request.benchmark
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let r = history.returns
        // 100 on the subtitle's first day, whose close the first return is measured from (or one the days
        // until it changed nothing of).
        let start = r.firstDay ?? r.startDay ?? r.days[0].advanced(by: -1)
        let times = ([start] + r.days).map { $0.start.timeIntervalSince1970 }
        var series = [
            LineSeries(name: p.portfolio.name, times: times, values: [100] + r.index.map { $0 * 100 }, swatch: .total)
        ]
        var warnings = history.missing.map { "left out: " + $0 }
        if let benchmark {
            let b = try input.benchmark(benchmark, on: history, base: p.portfolio.baseCurrency)
            warnings += b.missing.map { "left out: " + $0.description }
            var growth = 1.0
            let values =
                [100]
                + b.returns.map { ret -> Double in
                    guard let ret else { return .nan }
                    growth *= 1 + ret
                    return growth * 100
                }
            series.append(
                LineSeries(
                    name: benchmark.rawValue,
                    times: times,
                    values: values,
                    swatch: input.benchmarkSwatch(benchmark, places: frame.theme.series.count)
                )
            )
        }
        let positive = series.allSatisfy { $0.values.allSatisfy { !($0 <= 0) } }
        var chart = LineChart(
            frame: frame,
            series: series,
            valueFormat: NumberFormat(locale: input.locale, style: .decimal(1)),
            annotateWindow: false,
            logScale: positive
        )
        chart.endFigures = true
        // The five deepest drawdowns shaded, from the last day at the peak to the recovery (or the end),
        // as the drawdowns table lists them.
        chart.shadedSpans = history.drawdowns.drawdowns.prefix(DrawdownSeries.listed).map { d in
            d.start.start.timeIntervalSince1970...(d.recovery ?? r.days[r.days.count - 1]).start.timeIntervalSince1970
        }
        let shaded = chart.shadedSpans.isEmpty ? "" : " · " + input.strings.shadedDrawdowns(chart.shadedSpans.count)
        let texts = input.performanceTexts(p, history, besideDays: shaded)
        return DatasetChart(
            chart: chart,
            title: input.strings.performanceTitle(p.portfolio.name, .cumulative),
            subtitle: texts.subtitle,
            footnote: texts.footnote,
            warnings: warnings
        )
    }
}
