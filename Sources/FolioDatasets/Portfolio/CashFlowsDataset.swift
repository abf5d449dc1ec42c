import FolioAnalytics
import FolioCharts
import FolioCore

/// `cash-flows`: a portfolio's completed deposits and withdrawals per month of the last `--months` months
/// in its base currency (FolioAnalytics' `CashFlowsByMonth`). As horizontal bars deposits grow right and
/// withdrawals left of the zero line, so that money in and out read apart at a glance.
public struct CashFlowsDataset: Dataset {
    public static let name = "cash-flows"
    public static let kinds: [ChartKind] = [.hbars, .bars]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .months, .currency]

    let months: Int
    let currency: AssetCode?

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else {
            throw ArgumentError("--portfolio", "\(request.kind.rawValue) needs a portfolio")
        }
        months = request.months ?? 12
        currency = request.currency
    }

    public func quoteDays(endingAt asOf: Day) -> DayRange? { .months(months, endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let name = p.portfolio.name
        let base = currency ?? p.portfolio.baseCurrency
        let range = DayRange.months(months, endingAt: input.asOf)
        let flows = CashFlowsByMonth(cashTransactions: p.cashTransactions, rates: input.rates, base: base, range: range)
        // Months without money moved are drawn as such, under a subtitle that says the window: "No data"
        // above a table of older deposits read as a contradiction. Only a portfolio that never moved
        // money has nothing to draw.
        guard p.cashTransactions.contains(where: { $0.kind.isTransfer && $0.status == .completed }) else {
            throw ArgumentError("--portfolio", "\"\(name)\" has no completed deposits or withdrawals")
        }
        let categories = flows.months.enumerated().map { i, m in input.strings.month(m.first, showYear: i == 0) }
        let series = [
            BarSeries(
                name: input.strings[.deposits],
                values: flows.months.map { $0.deposits ?? .nan },
                swatch: .deposits
            ),
            BarSeries(
                name: input.strings[.withdrawals],
                values: flows.months.map { $0.withdrawals.map { -$0 } ?? .nan },
                swatch: .withdrawals
            ),
        ]
        let format = input.money(base, style: .compact(decimals: 1))
        // Months that moved no money at all: said in a line, not drawn as an axis of ±$1 around nothing.
        let moved = flows.months.contains { ($0.deposits ?? 0) != 0 || ($0.withdrawals ?? 0) != 0 }
        let chart: any Chart
        if !moved {
            chart = NoDataChart(
                frame: frame,
                note: input.strings.noFlows(input.strings.monthRange(range.from, range.to))
            )
        } else if kind == .bars {
            chart = BarChart(frame: frame, groups: categories, series: series, valueFormat: format)
        } else {
            chart = HBarChart(frame: frame, categories: categories, series: series, valueFormat: format)
        }
        return DatasetChart(
            chart: chart,
            title: input.strings.flowsTitle(name),
            subtitle: input.strings.flowsSubtitle(base, from: range.from, to: input.asOf),
            footnote: input.footnote(valuing: Array(Set(p.cashTransactions.map(\.currency))), in: base),
            warnings: flows.missing.map { "left out: " + $0.description }
        )
    }
}
