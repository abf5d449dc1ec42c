import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `value`: a portfolio's value in its base currency at the end of each of the last `--days` days
/// (default 30), or of a `--period` of the performance table (`3M`: from the close its first counted day
/// is measured from), from FolioAnalytics' `ValueSeries`; a line whose headline is then that row's
/// time-weighted return.
struct ValueDataset: Dataset {
    static let name = "value"
    static let kinds: [ChartKind] = [.line]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .days, .period, .currency]

    let days: Int
    let period: AttributionPeriod?
    let currency: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "value needs a portfolio") }
        if request.days != nil && request.period != nil {
            throw ArgumentError("--period", "value takes --days or --period, not both")
        }
        days = request.days ?? 30
        period = request.period
        currency = request.currency
    }

    /// The as-of day and the `days` days before it: the change over N days starts at the close N days back.
    /// A period from the close before its first day (the whole history when that is not known yet).
    func quoteDays(endingAt asOf: Day) -> DayRange? {
        guard let period else { return .days(days + 1, endingAt: asOf) }
        guard case let .trailing(row) = period, let start = row.start(endingAt: asOf) else {
            return .wholeHistory(endingAt: asOf)
        }
        return try? DayRange(from: start.advanced(by: -1), to: asOf)
    }

    /// The period drawn: `period`, or since inception when a trailing period starts before the first
    /// activity (a portfolio younger than its 3 months still has its value drawn, as it had before).
    func effectivePeriod(_ p: PortfolioInputs, asOf: Day) -> AttributionPeriod? {
        guard case let .trailing(row)? = period, let start = row.start(endingAt: asOf),
            let inception = p.ledger.activity?.first, start < inception
        else { return period }
        return .trailing(.sinceInception)
    }

    /// The closes drawn: the last `days` + 1, or the period's days and the close before them.
    func drawn(_ p: PortfolioInputs, asOf: Day) throws -> DayRange {
        guard let period = effectivePeriod(p, asOf: asOf) else { return .days(days + 1, endingAt: asOf) }
        guard let inception = p.ledger.activity?.first else {
            throw ArgumentError("--period", "\"\(p.portfolio.name)\" has no activity up to \(asOf.iso)")
        }
        let counted: DayRange
        do { counted = try period.range(inception: inception, end: asOf) } catch { throw ArgumentError(error) }
        return try DayRange(from: counted.from.advanced(by: -1), to: counted.to)
    }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let base = currency ?? p.portfolio.baseCurrency
        let range = try drawn(p, asOf: input.asOf)
        let series = ValueSeries(replay: p.replay, rates: input.rates, base: base, range: range)
        let points = zip(series.days, series.total).compactMap { d, v in v.map { (d.start.timeIntervalSince1970, $0) } }
        guard !points.isEmpty else {
            throw ArgumentError(
                "--as-of",
                "no value of \"\(p.portfolio.name)\" from \(range.from.iso) to \(range.to.iso)"
            )
        }
        let line = LineSeries(
            name: input.strings[.kpiValue],
            times: points.map(\.0),
            values: points.map(\.1),
            swatch: .total
        )
        // The headline is the gain from the first day drawn to the last, flows excluded, and those days'
        // time-weighted return, as the report's change tiles; not shown when a transfer in between could
        // not be converted.
        let valued = series.total.indices.filter { series.total[$0] != nil }
        let gain = valued.first.flatMap { first in valued.last.flatMap { series.gain(from: first, to: $0) } }
        let chart = LineChart(
            frame: frame,
            series: [line],
            valueFormat: input.money(base, style: .compact(decimals: 1)),
            headlineChange: HeadlineChange(amount: gain?.amount, fraction: gain?.timeWeighted)
        )
        return DatasetChart(
            chart: chart,
            title: effectivePeriod(p, asOf: input.asOf).map { input.strings.valueTitle(p.portfolio.name, over: $0) }
                ?? input.strings.valueTitle(p.portfolio.name, days: days),
            subtitle: input.strings.inCurrency(base).capitalisedFirst + " · "
                + input.strings.range(range.from, range.to)
                + (input.strings.ratesNotShown(series.missing).map { "\n" + $0 } ?? ""),
            footnote: input.footnote(valuing: p.replay.final.assets, in: base),
            warnings: series.missing.map { "left out: " + $0.description }
        )
    }
}
