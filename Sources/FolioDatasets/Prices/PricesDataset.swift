import FolioAnalytics
import FolioCharts
import FolioCore

/// `prices`: the prices of `--asset …` (or of what the portfolio holds) over the last `--days` days
/// (default 7), from FolioAnalytics' `PriceHistory`. One asset is a line with its min, max and average
/// marked and its change; several share one axis when their prices are alike, otherwise (or when asked
/// for `small-multiples`) each gets a panel with its own scale: AAPL at 170 and BAC at 30 would flatten
/// each other.
struct PricesDataset: Dataset {
    static let name = "prices"
    static let kinds: [ChartKind] = [.line, .smallMultiples]
    static let subject = DatasetSubject.assetsOrPortfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .asset, .days, .currency, .log]

    /// Above this ratio between the highest and lowest of the series' averages, lines on one axis would
    /// squash the cheaper ones flat.
    static let sharedAxisRatio = 3.0
    /// More lines than this on one plot stop being readable as separate lines.
    static let sharedAxisMaxSeries = 5

    let assets: [AssetCode]
    let days: Int
    let currency: AssetCode?
    let log: Bool

    init(_ request: ChartRequest) throws {
        guard !request.assets.isEmpty || request.portfolio != nil else {
            throw ArgumentError("--asset", "\(request.kind.rawValue) needs at least one asset, e.g. --asset AAPL")
        }
        assets = request.assets
        days = request.days ?? 7
        currency = request.currency
        log = request.log
    }

    /// The window's days and a week before them, where the last price before the window (the base of
    /// its change, `ChangeWindow`) is found across a weekend or a holiday.
    func quoteDays(endingAt asOf: Day) -> DayRange? { .days(days + 8, endingAt: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let range = DayRange.days(days + 8, endingAt: input.asOf)
        var series: [LineSeries] = []
        var currencies: [AssetCode] = []
        var involved: [AssetCode] = []
        var shown: [AssetCode] = []
        var warnings: [String] = []
        if assets.isEmpty {
            // What the portfolio holds, each in its own pricing currency, named with it: panels of
            // several currencies have no common subtitle to say it.
            let p = try input.requirePortfolio(Self.name)
            let base = p.portfolio.baseCurrency
            for held in input.held(p) {
                guard let target = currency ?? input.pricingCurrency(of: held.asset, base: base) else { continue }
                let history: PriceHistory
                do { history = try input.history(held.asset, in: target, range: range) } catch {
                    // A holding without prices in the window (a delisted coin) gets no panel, and is named.
                    warnings.append("\(Self.name): not shown: \(held.asset): \(error)")
                    continue
                }
                series.append(line(held.asset.rawValue + " · " + target.rawValue, history, endingAt: input.asOf))
                shown.append(held.asset)
                currencies.append(target)
                involved += input.pricedBy(held.asset, in: target)
            }
        } else {
            for asset in assets {
                let target = currency ?? input.defaultCurrency(of: asset)
                let history = try input.namedHistory(asset, in: target, range: range, currencyGiven: currency != nil)
                guard !history.points.isEmpty else {
                    throw ArgumentError(
                        "--as-of",
                        "no prices of \(asset) in \(target) from \(range.from.iso) to \(range.to.iso)"
                    )
                }
                warnings += history.missing.map(\.description)
                series.append(line(asset.rawValue, history, endingAt: input.asOf))
                shown.append(asset)
                currencies.append(target)
                involved += input.pricedBy(asset, in: target)
            }
        }
        guard !series.isEmpty else {
            throw ArgumentError("--portfolio", "nothing held has prices from \(range.from.iso) to \(range.to.iso)")
        }
        for (i, swatch) in input.swatches(shown, places: frame.theme.series.count).enumerated() {
            series[i].swatch = swatch
        }
        if log { series = try series.checkedForLogScale() }
        let strings = input.strings
        let sameCurrency = Set(currencies).count == 1
        // The window the change is over: from the day N days back (its last price is the base) to as-of.
        let window = DayRange.days(days + 1, endingAt: input.asOf)
        let subtitle =
            (sameCurrency ? strings.inCurrency(currencies[0]).capitalisedFirst + " · " : "")
            + strings.range(window.from, window.to)
        let chart: any Chart
        let title: String
        if series.count == 1 && kind == .line {
            title = strings.priceTitle(shown[0].rawValue, days: days)
            chart = LineChart(
                frame: frame,
                series: series,
                valueFormat: input.money(currencies[0], style: .price(minimum: 2, significant: 4)),
                annotateWindow: true,
                logScale: log
            )
        } else {
            title = strings.pricesTitle(days: days)
            if kind == .line && sameCurrency && Self.sharesOneAxis(series) {
                chart = LineChart(frame: frame, series: series, annotateWindow: false, logScale: log)
            } else {
                chart = SmallMultiplesChart(frame: frame, series: series, logScale: log)
            }
        }
        return DatasetChart(
            chart: chart,
            title: title,
            subtitle: subtitle,
            footnote: input.footnote(for: involved),
            warnings: warnings
        )
    }

    /// The `days` days ending at the as-of day, from the last price before them (`ChangeWindow`), so that
    /// the line's change is the "7 days" of every other table and tile.
    func line(_ name: String, _ history: PriceHistory, endingAt asOf: Day) -> LineSeries {
        let points = ChangeWindow.points(history.points, days: days, endingAt: asOf)
        return LineSeries(name: name, times: points.map { $0.time.timeIntervalSince1970 }, values: points.map(\.value))
    }

    static func sharesOneAxis(_ series: [LineSeries]) -> Bool {
        guard series.count <= sharedAxisMaxSeries else { return false }
        let averages = series.map { s in s.values.reduce(0, +) / Double(max(s.values.count, 1)) }
        guard let lo = averages.min(), let hi = averages.max(), lo > 0 else { return false }
        return hi / lo <= sharedAxisRatio
    }
}
