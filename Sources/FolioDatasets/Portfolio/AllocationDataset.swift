import FolioAnalytics
import FolioCharts
import FolioCore

/// `allocation`: what a portfolio held at the end of the as-of day, by asset, asset kind or currency,
/// valued in its base currency (or `--currency`) by FolioAnalytics' `Allocation`; a pie or a donut.
struct AllocationDataset: Dataset {
    static let name = "allocation"
    static let kinds: [ChartKind] = [.donut, .pie]
    static let subject = DatasetSubject.portfolio
    static let fields: Set<ChartRequest.Field> = [.portfolio, .by, .currency]

    let grouping: AllocationGrouping
    let currency: AssetCode?

    init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else {
            throw ArgumentError(
                "--portfolio",
                "\(request.kind.rawValue) needs a portfolio (or --by category for the budget)"
            )
        }
        guard let grouping = (request.by ?? .asset).allocation else {
            throw ArgumentError("--by", "an allocation groups by asset, kind or currency")
        }
        self.grouping = grouping
        currency = request.currency
    }

    func quoteDays(endingAt asOf: Day) -> DayRange? { DayRange(day: asOf) }

    func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let name = p.portfolio.name
        let base = currency ?? p.portfolio.baseCurrency
        let asOf = input.asOf
        // What could be valued is drawn, as shares of itself; what could not is named under the chart, so
        // that a holding without a rate never disappears in silence nor takes its group with it.
        // Threshold 0: the pie groups the small slices itself, under a label in the chart's language.
        // Dust a sale left (0 worth 0.00) is no holding here, as in the holdings table.
        var valuation = input.rates.value(p.replay.holdings(at: asOf.end), in: base)
        // The net under the chart is the portfolio's value, dust included, as the value tile prints it.
        let net = valuation.total
        valuation.assets.removeAll {
            HoldingsDataset.showsAsNothing($0.quantity, asset: input.market.asset($0.asset), value: $0.value)
        }
        // A balance below zero is never part of a share: grouped by kind it would shrink its kind (USD 2.8 %
        // on the donut, "Currencies 1.0 %" beside it, EUR's −5.83 netted off), so it is its own slice,
        // which the pie names under itself as not shown, as it does by asset. (By currency a short balance
        // is the exposure it offsets: a stock priced in dollars bought with borrowed dollars.)
        let negative = grouping == .kind ? valuation.assets.filter { ($0.value ?? 0) < 0 } : []
        valuation.assets.removeAll { ($0.value ?? 0) < 0 && grouping == .kind }
        let allocation = try input.rethrow(
            { () throws(AnalyticsError) in
                try Allocation(valuation.valuedOnly, rates: input.rates, by: grouping, thresholdPercent: 0)
            },
            range: DayRange(day: asOf),
            what: "holdings",
            currencyGiven: currency != nil
        )
        var slices = allocation.slices.compactMap { s -> PieSlice? in
            guard let value = s.value else { return nil }
            return PieSlice(
                label: grouping == .kind ? input.strings.kind(AssetKind(rawValue: s.label)) : s.label,
                value: value
            )
        }
        // Kinds are no assets: a family of one hue, darkest for the largest.
        if grouping == .kind { for i in slices.indices { slices[i].swatch = .kind(i) } }
        slices += negative.map { PieSlice(label: $0.asset.rawValue, value: $0.value ?? 0) }
        if grouping == .asset {
            for (i, swatch) in input.swatches(slices.map { AssetCode($0.label) }, places: frame.theme.series.count)
                .enumerated()
            {
                slices[i].swatch = swatch
            }
        }
        guard slices.contains(where: { $0.value > 0 }) else {
            throw ArgumentError("--as-of", "\"\(name)\" held nothing of value at the end of \(asOf.iso)")
        }
        let chart = PieChart(
            frame: frame,
            slices: slices,
            donut: kind == .donut,
            totalFormat: input.money(base, style: .compact(decimals: 1)),
            leftOut: valuation.unvalued.map(input.strings.notValued),
            net: net
        )
        return DatasetChart(
            chart: chart,
            title: input.strings.allocationTitle(name, by: grouping),
            subtitle: input.strings.valuedSubtitle(base, on: asOf),
            footnote: input.footnote(valuing: allocation.slices.flatMap(\.assets), in: base),
            warnings: valuation.unvalued.map {
                "\(Self.name): not shown: \($0.asset): " + ($0.missing?.description ?? "no value")
            }
        )
    }
}
