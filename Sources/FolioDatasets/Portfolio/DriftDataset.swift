import FolioAnalytics
import FolioCharts
import FolioCore
import FolioInputs

/// `drift`: how far a portfolio's lines are from their targets at the end of the as-of day
/// (FolioAnalytics' `Rebalancing`, as `folio table rebalance` computes it): a bullet graph of each
/// line's weight against its target and band, and, for the report, the trades that bring every line
/// back (the `--sell` plan) in the typed columns of `RebalanceTable`. The report's table has no tax
/// estimate: that needs the tax year's inputs, which `folio table rebalance` loads and a dataset does
/// not (yet). A portfolio without targets draws the chart's frame with the command that sets them.
public struct DriftDataset: Dataset {
    public static let name = "drift"
    public static let kinds: [ChartKind] = [.bullet]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio]

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else { throw ArgumentError("--portfolio", "\(Self.name) needs a portfolio") }
    }

    public init() {}

    public func quoteDays(endingAt asOf: Day) -> DayRange? { DayRange(day: asOf) }

    /// The portfolio's drift and its `--sell` trades at the end of the as-of day; nil without targets.
    /// Computed once for an input: the report's chart and table read the same.
    public func rebalancing(_ input: DatasetInput) throws -> Rebalancing? {
        let p = try input.requirePortfolio(Self.name)
        guard let targets = p.ledger.targets else { return nil }
        let result = input.memo.value("rebalancing") {
            Result { () throws(AnalyticsError) in
                try p.rebalancing(targets, at: input.asOf, options: RebalanceOptions(sell: true))
            }
        }
        switch result {
        case .success(let rebalancing): return rebalancing
        case .failure(let error): throw ArgumentError(error)
        }
    }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let base = p.portfolio.baseCurrency
        let strings = input.strings
        let title = strings.driftTitle(p.portfolio.name)
        guard let rebalancing = try rebalancing(input), let targets = p.ledger.targets else {
            return DatasetChart(
                chart: NoDataChart(frame: frame, note: strings.noTargets(p.portfolio.name)),
                title: title,
                subtitle: "",
                footnote: ""
            )
        }
        // A portfolio worth nothing has no weights: nothing to draw (the chart says "No data").
        let lines = rebalancing.lines.compactMap { line in
            line.weight.map { weight in
                BulletChart.Line(
                    name: strings.targetLine(line.name, basis: targets.basis),
                    weight: weight,
                    target: line.target,
                    tolerance: line.tolerance,
                    outOfBand: line.outOfBand
                )
            }
        }
        let assets = p.replay.holdings(at: input.asOf.end).quantities.keys.sorted()
        return DatasetChart(
            chart: BulletChart(frame: frame, lines: lines.count == rebalancing.lines.count ? lines : []),
            title: title,
            subtitle: strings.driftSubtitle(base, on: input.asOf),
            footnote: input.footnote(valuing: assets, in: base)
        )
    }

    /// The trades that bring every line to its target, selling what is over, with the lines' weights,
    /// targets and drifts and a Total row: `folio table rebalance --sell` in the report's words. Empty
    /// for a portfolio without targets.
    public func tradeTable(_ input: DatasetInput) throws -> DataTable {
        let p = try input.requirePortfolio(Self.name)
        guard let r = try rebalancing(input), let targets = p.ledger.targets else {
            return DataTable(columns: [], rows: [])
        }
        let strings = input.strings
        let money = NumberFormat(locale: input.locale, style: .decimal(2))
        let percent = NumberFormat(locale: input.locale, style: .percent(2))
        let drift = NumberFormat(locale: input.locale, style: .decimal(2), explicitPlus: true)
        let yes = { (flag: Bool) in DataTable.Cell(flag ? strings[.outOfBand].lowercased() : "") }
        func cell(_ v: Double?, _ format: NumberFormat, scale: Double = 1) -> DataTable.Cell {
            DataTable.Cell(v.map { format.string($0 * scale) } ?? "—", sort: v)
        }
        func quantity(_ line: RebalanceTable.Line) -> DataTable.Cell {
            guard let q = line.quantity else { return DataTable.Cell("") }
            let asset = line.asset.flatMap { input.market.asset($0) }
            var format = HoldingsDataset.quantityFormat(q, asset: asset, locale: input.locale)
            format.explicitPlus = true
            return DataTable.Cell(format.string(q), sort: q)
        }
        var signed = money
        signed.explicitPlus = true
        // Values, weights and trades as printed add up to their totals (`Apportionment`), and a drift is
        // the printed weight less the target.
        let printed = Printed(r)
        let rows = r.lines.indices.map { i in
            let line = r.lines[i]
            return r.columns.map { column -> DataTable.Cell in
                switch column {
                case .line: DataTable.Cell(strings.targetLine(line.name, basis: targets.basis))
                case .value: cell(printed.values[i], money)
                case .weight: cell(printed.weights[i], percent, scale: 0.01)
                case .target: cell(line.target, percent, scale: 0.01)
                case .drift: cell(printed.weights[i].map { $0 - line.target }, drift)
                case .outOfBand: yes(line.outOfBand)
                case .trade: cell(printed.trades[i], signed)
                case .tradeQuantity: quantity(line)
                case .taxEstimate: cell(line.taxEstimate, money)
                }
            }
        }
        let taxes = r.lines.compactMap(\.taxEstimate)
        let total = r.columns.map { column -> DataTable.Cell in
            switch column {
            case .line: DataTable.Cell(strings[.total], bold: true)
            case .value: cell(r.total, money)
            case .weight: r.total > 0 ? cell(100, percent, scale: 0.01) : DataTable.Cell("—")
            case .target: cell(r.lines.map(\.target).compensatedSum(), percent, scale: 0.01)
            case .drift, .tradeQuantity: DataTable.Cell("")
            case .outOfBand: yes(r.isOutOfBand)
            case .trade: cell(printed.tradeTotal, signed)
            case .taxEstimate: taxes.isEmpty ? DataTable.Cell("—") : cell(taxes.compensatedSum(), money)
            }
        }
        return DataTable(
            columns: r.columns.map {
                .init(
                    key: $0.name(base: r.base),
                    title: strings.rebalanceColumn($0, base: r.base),
                    numeric: $0 != .line && $0 != .outOfBand
                )
            },
            rows: rows,
            totals: [total]
        )
    }
}

/// The trade table's figures rounded to the cent (and weights to a hundredth of a point) so that each
/// column adds up to its total as printed; the figures as computed where a rounding cannot.
private struct Printed {
    var values: [Double]
    var weights: [Double?]
    var trades: [Double]
    var tradeTotal: Double

    init(_ r: Rebalancing) {
        let lines = r.lines
        values = HoldingsDataset.valuesAddingUp(lines.map(\.value), to: r.total) ?? lines.map(\.value)
        let weights = lines.compactMap(\.weight)
        self.weights =
            weights.count == lines.count
            ? Apportionment.rounded(
                weights,
                adjustable: weights.map { _ in true },
                addingUpTo: 100,
                decimals: 2
            ) ?? weights : lines.map(\.weight)
        tradeTotal = lines.map(\.trade).compensatedSum()
        trades =
            Apportionment.rounded(
                lines.map(\.trade),
                adjustable: lines.map { abs($0.trade) >= 0.005 },
                addingUpTo: tradeTotal,
                decimals: 2
            ) ?? lines.map(\.trade)
    }
}
