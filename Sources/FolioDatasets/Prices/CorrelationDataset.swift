import FolioAnalytics
import FolioCharts
import FolioCore

/// `correlation`: Pearson correlations of the daily returns of `--asset …`, or of what the portfolio
/// holds at the as-of day, over the last `--days` days (default 365): FolioAnalytics' `DailyReturns`
/// and `CorrelationMatrix`, drawn as a matrix of coloured cells.
struct CorrelationDataset: Dataset {
    static let name = "correlation"
    static let kinds: [ChartKind] = [.correlation]
    static let subject = DatasetSubject.assetsOrPortfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .asset, .days, .currency]

    let assets: [AssetCode]
    let days: Int
    let currency: AssetCode?

    init(_ request: ChartRequest) throws {
        if request.assets.count == 1 {
            throw ArgumentError(
                "--asset",
                "a correlation needs two assets or more, or none to use the portfolio's holdings"
            )
        }
        if request.portfolio == nil && request.assets.isEmpty {
            throw ArgumentError("--portfolio", "correlation needs a portfolio or at least two --asset codes")
        }
        days = request.days ?? 365
        if days < 3 { throw ArgumentError("--days", "a correlation needs at least 3 days of prices, found \(days)") }
        assets = request.assets
        currency = request.currency
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { .days(days, endingAt: asOf) }

    /// Daily returns of the subject's assets over the range, with what was left out.
    func returns(
        _ input: DatasetInput
    ) throws -> (returns: DailyReturns, currencies: [AssetCode: AssetCode], warnings: [String]) {
        let range = DayRange.days(days, endingAt: input.asOf)
        var result: (closes: [AssetCode: [DatedValue]], currencies: [AssetCode: AssetCode], warnings: [String])
        if assets.isEmpty {
            // What was held, cash in the base currency aside (its returns are all zero); a holding
            // without prices (a delisted coin) cannot correlate and is named among the warnings.
            let p = try input.requirePortfolio(Self.name)
            result = input.closes(
                of: input.held(p).map(\.asset),
                in: currency,
                base: p.portfolio.baseCurrency,
                range: range
            )
        } else {
            result = ([:], [:], [])
            for asset in assets {
                let target = currency ?? input.defaultCurrency(of: asset)
                let history: PriceHistory
                do { history = try input.history(asset, in: target, range: range) } catch {
                    throw ArgumentError(
                        "--asset",
                        "no prices of \(asset) in \(target) from \(range.from.iso) to \(range.to.iso): \(error)"
                    )
                }
                result.closes[asset] = history.dailyCloses
                result.currencies[asset] = target
                result.warnings += history.missing.map(\.description)
            }
        }
        // Assets with fewer than three closes have at most one return: nothing to correlate.
        let usable = result.closes.filter { $0.value.count > 2 }
        return (DailyReturns(prices: usable, calendar: .union), result.currencies, result.warnings)
    }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let range = DayRange.days(days, endingAt: input.asOf)
        let (returns, currencies, warnings) = try returns(input)
        guard returns.assets.count >= 2 else {
            throw ArgumentError(
                assets.isEmpty ? "--portfolio" : "--asset",
                "fewer than two assets with prices from \(range.from.iso) to \(range.to.iso)"
            )
        }
        // Twenty common days is the analytics default; a shorter --days still gets a matrix, with the
        // overlap it allows stated in the subtitle.
        let overlap = min(CorrelationMatrix.defaultMinimumOverlap, max(3, days / 2))
        let matrix = try input.rethrow(
            { () throws(AnalyticsError) in try CorrelationMatrix(returns, minimumOverlap: overlap) },
            range: range,
            what: "daily returns",
            currencyGiven: currency != nil
        )
        // Beyond a few assets a matrix is read by its blocks: in the order of a clustering of the
        // correlations, assets that move together stand together (and the subtitle says so).
        let n = matrix.assets.count
        let clustered = n > CorrelationChart.clusteredAbove
        let order = clustered ? matrix.clusterOrder() : Array(0..<n)
        let cells = order.map { i in order.map { j in matrix[i, j] ?? .nan } }
        let shown = Set(currencies.values).count == 1 ? currencies.values.first : nil
        let strings = input.strings
        var subtitle = strings.correlationSubtitle(shown, from: range.from, to: input.asOf, minimumOverlap: overlap)
        if clustered { subtitle += "\n" + strings.orderedByCluster.capitalisedFirst }
        return DatasetChart(
            chart: CorrelationChart(frame: frame, labels: order.map { matrix.assets[$0].rawValue }, matrix: cells),
            title: strings.correlationTitle(assets.isEmpty ? input.portfolio?.portfolio.name : nil),
            subtitle: subtitle,
            footnote: input.footnote(for: currencies.flatMap { input.pricedBy($0.key, in: $0.value) }),
            warnings: warnings
        )
    }
}
