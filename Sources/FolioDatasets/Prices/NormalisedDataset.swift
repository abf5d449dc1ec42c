import FolioAnalytics
import FolioCharts
import FolioCore

/// `normalised`: daily closes of two or more assets (or of the portfolio's largest holdings) over the
/// last `--days` days (default 90), rebased to 100 at the start or min–max scaled by FolioAnalytics'
/// `NormalisedSeries`, drawn with their names at the line ends.
struct NormalisedDataset: Dataset {
    static let name = "normalised"
    static let kinds: [ChartKind] = [.compare]
    static let subject = DatasetSubject.assetsOrPortfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .asset, .days, .currency, .normalise, .log]

    /// Lines beyond the palette's distinguishable colours would repeat one.
    static let maxSeries = 7

    let assets: [AssetCode]
    let days: Int
    let currency: AssetCode?
    let method: Normalisation
    let log: Bool

    init(_ request: ChartRequest) throws {
        if request.portfolio == nil || !request.assets.isEmpty, request.assets.count < 2 {
            throw ArgumentError("--asset", "\(request.kind.rawValue) needs at least two assets, e.g. --asset AAPL MSFT")
        }
        assets = request.assets
        days = request.days ?? 90
        currency = request.currency
        method = request.normalise ?? .rebase
        if request.log, method == .minMax {
            throw ArgumentError(
                "--log",
                "min-max puts each series' low at 0, which a log scale cannot draw; use --normalise rebased"
            )
        }
        log = request.log
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .days(days, endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let range = DayRange.days(days, endingAt: input.asOf)
        var closes: [AssetCode: [DatedValue]] = [:]
        var currencies: [AssetCode: AssetCode] = [:]
        var warnings: [String] = []
        let order: [AssetCode]
        if assets.isEmpty {
            let p = try input.requirePortfolio(Self.name)
            order = input.held(p).prefix(Self.maxSeries).map(\.asset)
            (closes, currencies, warnings) = input.closes(
                of: order,
                in: currency,
                base: p.portfolio.baseCurrency,
                range: range
            )
        } else {
            // One currency for all named assets, so that the lines compare what a holder of it saw.
            let target = currency ?? input.defaultCurrency(of: assets[0])
            if let same = assets.first(where: { $0 == target }) {
                throw ArgumentError("--currency", "\(same) is compared in itself; choose another --currency")
            }
            order = assets
            for asset in assets {
                let history = try input.namedHistory(asset, in: target, range: range, currencyGiven: currency != nil)
                warnings += history.missing.map(\.description)
                closes[asset] = history.dailyCloses
                currencies[asset] = target
            }
        }
        let normalised = NormalisedSeries(prices: closes, method: method)
        // Each series keeps only its own days: a stock's weekends are not gaps, and the union calendar of
        // stocks and crypto would otherwise break the stock lines every Saturday.
        let drawn = order.compactMap { asset in
            normalised.assets.firstIndex(of: asset).map { (asset: asset, index: $0) }
        }
        let swatches = input.swatches(drawn.map(\.asset), places: frame.theme.series.count)
        let series = zip(drawn, swatches).map { shown, swatch -> LineSeries in
            let (asset, a) = shown
            let points = zip(normalised.days, normalised.values[a]).compactMap { day, v in
                v.map { (day.start.timeIntervalSince1970, $0) }
            }
            return LineSeries(name: asset.rawValue, times: points.map(\.0), values: points.map(\.1), swatch: swatch)
        }
        guard series.contains(where: { $0.values.count >= 2 }) else {
            throw ArgumentError("--as-of", "fewer than two daily prices from \(range.from.iso) to \(range.to.iso)")
        }
        let shown = Set(currencies.values).count == 1 ? currencies.values.first : nil
        let strings = input.strings
        var subtitle =
            method == .rebase
            ? strings.rebasedSubtitle(shown, from: range.from, to: input.asOf)
            : strings.minMaxSubtitle(shown, from: range.from, to: input.asOf)
        // A portfolio's holdings beyond the lines drawn (or without prices in the days) are named, never
        // left out in silence.
        // Dust a sale left (0 worth 0.00) is no holding, as in the holdings table.
        if assets.isEmpty, let p = input.portfolio {
            let held = input.held(p).filter {
                !HoldingsDataset.showsAsNothing($0.quantity, asset: input.market.asset($0.asset), value: $0.value)
            }.map(\.asset)
            let unpriced = order.filter { asset in held.contains(asset) && !drawn.contains { $0.asset == asset } }
            let beyond = held.filter { !order.contains($0) }
            if let note = strings.notCompared(
                beyond: beyond.map(\.rawValue),
                largest: Self.maxSeries,
                unpriced: unpriced.map(\.rawValue)
            ) {
                subtitle += "\n" + note
                warnings.append(
                    "\(Self.name): not shown: " + (beyond + unpriced).map(\.rawValue).joined(separator: ", ")
                )
            }
        }
        // The values are normalised already; CompareChart's own normalisation of them is the identity
        // (a rebased series starts at 100, a min–max one spans 0…1), and keeps its axis labels right.
        let drawnSeries = log ? try series.checkedForLogScale() : series
        // More lines than the palette has colours cannot be told apart on one axis, nor labelled at their
        // ends without collisions: they become small multiples, one panel each, on the same values.
        let chart: any Chart =
            drawnSeries.count > frame.theme.series.count
            ? SmallMultiplesChart(frame: frame, series: drawnSeries, logScale: log)
            : CompareChart(
                frame: frame,
                series: drawnSeries,
                normalisation: method == .rebase ? .rebased : .minMax,
                logScale: log
            )
        return DatasetChart(
            chart: chart,
            title: strings.compareTitle(series.map(\.name)),
            subtitle: subtitle,
            footnote: input.footnote(for: currencies.flatMap { input.pricedBy($0.key, in: $0.value) }),
            warnings: warnings
        )
    }
}
