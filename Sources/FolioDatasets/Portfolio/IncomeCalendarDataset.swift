import FolioAnalytics
import FolioCharts
import FolioCore

/// `income-calendar`: a portfolio's dividends and interest month by month (FolioAnalytics'
/// `IncomeCalendar`), received in the `--months` months up to the as-of day and estimated for up to
/// twelve after it, net of the tax withheld, in the base currency; stacked by paying holding in the
/// portfolio's colours, the estimates in the same colours paler under one "Estimated" key.
public struct IncomeCalendarDataset: Dataset {
    public static let name = "income-calendar"
    public static let kinds: [ChartKind] = [.bars]
    public static let subject = DatasetSubject.portfolio
    public static let fields: Set<ChartRequest.Field> = [.portfolio, .months]

    let months: Int

    public init(_ request: ChartRequest) throws {
        guard request.portfolio != nil else {
            throw ArgumentError("--portfolio", "\(request.kind.rawValue) needs a portfolio")
        }
        months = request.months ?? 12
        guard (1...IncomeCalendar.longestSpan).contains(months) else {
            throw ArgumentError(
                "--months",
                "\(months) is not a number of months from 1 to \(IncomeCalendar.longestSpan)"
            )
        }
    }

    // Each payment is converted at its day's rate and the projection values the holdings at their cost:
    // the whole history's quotes.
    public func quoteDays(endingAt asOf: Day) -> DayRange? { .wholeHistory(endingAt: asOf) }

    public func build(_ input: DatasetInput, as kind: ChartKind, frame: ChartFrame) throws -> DatasetChart {
        let p = try input.requirePortfolio(Self.name)
        let base = p.portfolio.baseCurrency
        let calendar = IncomeCalendar(input.incomeProjection(p), months: months, byHolding: true)
        guard !calendar.rows.isEmpty else {
            throw ArgumentError(
                "--portfolio",
                "\"\(p.portfolio.name)\" was paid no dividends or interest in \(input.strings.months(months)) to "
                    + input.strings.date(input.asOf)
            )
        }
        // The payers in the colour map's order (the largest holdings first), then the others by code.
        let payers = Set(calendar.rows.compactMap(\.asset)).sorted {
            (input.colourPlace($0) ?? .max, $0) < (input.colourPlace($1) ?? .max, $1)
        }
        let swatches = input.swatches(payers, places: frame.theme.series.count)
        var series: [BarSeries] = []
        for status in IncomeCalendar.Status.allCases {
            var part: [BarSeries] = []
            for (payer, swatch) in zip(payers, swatches) {
                let rows = calendar.rows.filter { $0.status == status && $0.asset == payer }
                guard !rows.isEmpty else { continue }
                let values = calendar.months.map { month in rows.first { $0.month == month }.map { $0.net ?? .nan } ?? 0
                }
                part.append(BarSeries(name: payer.rawValue, values: values, swatch: swatch))
            }
            // A payer grey in the colour map is inside "Other", as in every chart of the portfolio.
            part = BarSeries.keeping(part, where: { $0.swatch != .other }, otherName: input.locale.other, for: .stacked)
            series += part.map { s in
                var s = s
                s.isEstimate = status == .projected
                return s
            }
        }
        let groups = calendar.months.enumerated().map { i, month in input.strings.month(month, showYear: i == 0) }
        guard let first = calendar.months.first, let last = calendar.months.last else {
            throw ArgumentError("--months", "no month to draw")
        }
        return DatasetChart(
            chart: BarChart(
                frame: frame,
                groups: groups,
                series: series,
                mode: .stacked,
                valueFormat: input.money(base, style: .decimal(0))
            ),
            title: input.strings.incomeCalendarTitle(p.portfolio.name),
            subtitle: input.strings.incomeCalendarSubtitle(base, from: first, to: last, asOf: input.asOf),
            footnote: input.footnote(valuing: payers, in: base),
            warnings: calendar.missing.map { "left out: " + $0.description }
        )
    }
}
