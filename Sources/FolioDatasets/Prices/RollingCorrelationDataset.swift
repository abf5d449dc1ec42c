import FolioAnalytics
import FolioCharts
import FolioCore

/// `rolling-correlation`: the correlation of two assets' daily returns over a window of `--window`
/// return days (default 30) sliding over the last `--days` days (default 365), from FolioAnalytics'
/// `RollingCorrelation`. For a portfolio, its two largest holdings that have returns (cash in the
/// pricing currency has none).
struct RollingCorrelationDataset: Dataset {
    static let name = "rolling-correlation"
    static let kinds: [ChartKind] = [.line]
    static let subject = DatasetSubject.assetsOrPortfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .asset, .days, .window, .currency]

    let returns: CorrelationDataset
    let assets: [AssetCode]
    let window: Int

    init(_ request: ChartRequest) throws {
        guard (request.portfolio != nil && request.assets.isEmpty) || request.assets.count == 2 else {
            throw ArgumentError(
                "--asset",
                "a rolling correlation takes a portfolio or exactly two assets, e.g. --asset BTC ETH"
            )
        }
        var wide = request
        wide.kind = .correlation
        returns = try CorrelationDataset(wide)
        assets = request.assets
        window = request.window ?? 30
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { returns.quoteDays(endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let (daily, currencies, warnings) = try returns.returns(input)
        let pair: [AssetCode]
        if assets.isEmpty {
            let p = try input.requirePortfolio(Self.name)
            pair = Array(input.held(p).map(\.asset).filter { daily.assets.contains($0) }.prefix(2))
        } else {
            pair = assets
        }
        guard pair.count == 2 else {
            throw ArgumentError("--portfolio", "fewer than two holdings with daily returns up to \(input.asOf.iso)")
        }
        let rolling: RollingCorrelation
        do {
            rolling = try RollingCorrelation(daily, first: pair[0], second: pair[1], window: window)
        } catch {
            throw ArgumentError(error)
        }
        let points = zip(rolling.days, rolling.values).compactMap { d, v in
            v.map { (d.start.timeIntervalSince1970, $0) }
        }
        let line = LineSeries(
            name: pair[0].rawValue + " / " + pair[1].rawValue,
            times: points.map(\.0),
            values: points.map(\.1)
        )
        let strings = input.strings
        var chart = LineChart(
            frame: frame,
            series: [line],
            valueFormat: NumberFormat(locale: input.locale, style: .decimal(2)),
            annotateWindow: false
        )
        chart.valueDomain = -1...1
        return DatasetChart(
            chart: chart,
            title: strings.rollingTitle(pair[0], pair[1]),
            subtitle: strings.rollingSubtitle(pair[0], pair[1], window: window),
            footnote: input.footnote(
                for: currencies.filter { pair.contains($0.key) }.flatMap { input.pricedBy($0.key, in: $0.value) }
            ),
            warnings: warnings
        )
    }
}
