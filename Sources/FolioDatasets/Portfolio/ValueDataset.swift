import FolioAnalytics
import FolioCharts
import FolioCore

/// `value`: a portfolio's value in its base currency at the end of each of the last `--days` days
/// (default 30), from FolioAnalytics' `ValueSeries`; a line.
struct ValueDataset: Dataset {
    static let name = "value"
    static let kinds: [ChartKind] = [.line]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .days, .currency]

    let days: Int
    let currency: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "value needs a portfolio") }
        days = request.days ?? 30
        currency = request.currency
    }

    /// The as-of day and the `days` days before it: the change over N days starts at the close N days back.
    func quoteDays(endingAt asOf: Day) -> DayRange? { .days(days + 1, endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let base = currency ?? p.portfolio.baseCurrency
        let range = DayRange.days(days + 1, endingAt: input.asOf)
        let series = ValueSeries(replay: p.replay, rates: input.rates, base: base, range: range)
        let points = zip(series.days, series.total).compactMap { d, v in v.map { (d.start.timeIntervalSince1970, $0) } }
        guard !points.isEmpty else {
            throw ArgumentError(
                "--as-of",
                "no value of \"\(p.portfolio.name)\" from \(range.from.iso) to \(range.to.iso)"
            )
        }
        let line = LineSeries(name: input.strings[.kpiValue], times: points.map(\.0), values: points.map(\.1))
        // The headline is the gain from the first day drawn to the last, flows excluded, and those days'
        // time-weighted return, as the report's change tiles; not shown when a transfer in between could
        // not be converted.
        let drawn = series.total.indices.filter { series.total[$0] != nil }
        let gain = drawn.first.flatMap { first in drawn.last.flatMap { series.gain(from: first, to: $0) } }
        let chart = LineChart(
            frame: frame,
            series: [line],
            valueFormat: input.money(base, style: .compact(decimals: 1)),
            headlineChange: HeadlineChange(amount: gain?.amount, fraction: gain?.timeWeighted)
        )
        return DatasetChart(
            chart: chart,
            title: input.strings.valueTitle(p.portfolio.name, days: days),
            subtitle: input.strings.inCurrency(base).capitalisedFirst + " · "
                + input.strings.range(range.from, range.to),
            footnote: input.footnote(valuing: p.replay.final.assets, in: base),
            warnings: series.missing.map { "left out: " + $0.description }
        )
    }
}
