import FolioAnalytics
import FolioCharts
import FolioCore

/// `cumulative`: a portfolio's time-weighted return since its first activity, in percent from 0, and
/// with `--benchmark` an asset's return in the base currency over the same days (FolioAnalytics'
/// `Benchmark`), the two named at their line ends.
public struct CumulativeDataset: Dataset {
    public static let name = "cumulative"
    public static let kinds: [ChartKind] = [.line]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .benchmark]

    let benchmark: AssetCode?

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
        benchmark = request.benchmark
    }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let history = try input.performance(p)
        let r = history.returns
        let start = r.startDay ?? r.days[0].advanced(by: -1)
        let times = ([start] + r.days).map { $0.start.timeIntervalSince1970 }
        var series = [LineSeries(name: p.portfolio.name, times: times, values: [0] + r.index.map { ($0 - 1) * 100 })]
        var warnings = history.missing.map { "left out: " + $0 }
        if let benchmark {
            let b = try input.benchmark(benchmark, on: history, base: p.portfolio.baseCurrency)
            warnings += b.missing.map { "left out: " + $0.description }
            var growth = 1.0
            let values = [0] + b.returns.map { ret -> Double in
                guard let ret else { return .nan }
                growth *= 1 + ret
                return (growth - 1) * 100
            }
            series.append(LineSeries(name: benchmark.rawValue, times: times, values: values))
        }
        let chart = LineChart(frame: frame, series: series, valueFormat: NumberFormat(locale: input.locale, style: .decimal(1)),
                              annotateWindow: false)
        let texts = input.performanceTexts(p, history)
        return DatasetChart(chart: chart, title: input.strings.performanceTitle(p.portfolio.name, .cumulative),
                            subtitle: texts.subtitle, footnote: texts.footnote, warnings: warnings)
    }
}
