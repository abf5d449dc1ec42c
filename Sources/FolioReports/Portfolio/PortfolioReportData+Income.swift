import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

/// The report's income section (docs/ledger.md, "Income"): the next twelve months' estimated payments
/// and the yields they give, from the projection the income chart draws (one for the report).
extension PortfolioReportData {
    var incomeProjection: IncomeProjection { charts.input.incomeProjection(input.inputs) }

    /// A dividend or interest paid in the last twelve months, or one estimated for the next twelve: the
    /// section has something to show.
    var hasIncome: Bool {
        let projection = incomeProjection
        let yearBefore = input.asOf.addingMonths(-12)
        return !projection.projected.isEmpty || projection.paid.contains { $0.day > yearBefore }
    }

    /// Each payment estimated in the next twelve months (or the next `days` days), by day: its month,
    /// the holding, gross and net in the base currency; a total that is the sum of the rows as printed.
    func nextPaymentsTable(within days: Int? = nil) -> DataTable {
        let end = days.map { input.asOf.advanced(by: $0) }
        let projected = incomeProjection.projected.filter { p in end.map { p.day <= $0 } ?? true }
        let columns = [
            Column(key: "month", title: strings[.month], numeric: false),
            Column(key: "holding", title: strings[.holding], numeric: false),
            Column(key: "gross", title: strings[.estimatedGross], numeric: true),
            Column(key: "net", title: strings[.estimatedNet], numeric: true),
        ]
        let gross = addingUp(projected.map(\.grossInBase))
        let net = addingUp(projected.map(\.netInBase))
        let rows = projected.indices.map { i -> [Cell] in
            let month = projected[i].day.firstOfMonth
            return [
                Cell(strings.monthRange(month, month), sort: Double(month.daysSinceEpoch)),
                Cell(projected[i].payer.rawValue), number(gross.rows[i], 2), number(net.rows[i], 2),
            ]
        }
        let total = [Cell(strings[.total], bold: true), Cell(""), number(gross.total, 2), number(net.total, 2)]
        return DataTable(columns: columns, rows: rows, totals: projected.isEmpty ? [] : [total])
    }

    /// The daily set's "next payments" image: the payments estimated within `days` days, month, holding
    /// and net; nil when none is.
    func nextPaymentsChart(within days: Int, frame: ChartFrame) -> TableChart? {
        var table = nextPaymentsTable(within: days)
        guard !table.rows.isEmpty else { return nil }
        // A phone's width holds three columns: the gross is the report's.
        let kept = table.columns.indices.filter { table.columns[$0].key != "gross" }
        table.columns = kept.map { table.columns[$0] }
        table.rows = table.rows.map { row in kept.map { row[$0] } }
        table.totals = table.totals.map { row in kept.map { row[$0] } }
        return table.chart(frame: frame)
    }

    /// Per holding held on the as-of day that pays: the payments estimated in the next twelve months,
    /// their gross, and that gross over the holding's value and over its FIFO cost; the portfolio's total.
    var incomeYieldTable: DataTable {
        let projection = incomeProjection
        let paying = projection.holdings.filter { $0.paymentsPerYear > 0 }
        let gross = addingUp(paying.map(\.forwardGross), total: projection.portfolio.forwardGross)
        func percent(_ fraction: Double?) -> Cell {
            Cell(
                fraction.map { NumberFormat(locale: locale, style: .percent(2)).string($0) } ?? "—",
                sort: fraction
            )
        }
        func row(_ y: IncomeYield, _ label: Cell, _ gross: Double?) -> [Cell] {
            [
                label, number(Double(y.paymentsPerYear), 0), number(gross, 2), percent(y.forwardYield),
                percent(y.yieldOnCost),
            ]
        }
        return DataTable(
            columns: [
                Column(key: "holding", title: strings[.holding], numeric: false),
                Column(key: "payments", title: strings[.paymentsPerYear], numeric: true),
                Column(key: "gross", title: strings[.forwardGross], numeric: true),
                Column(key: "yield", title: strings[.forwardYield], numeric: true),
                Column(key: "yield-on-cost", title: strings[.yieldOnCost], numeric: true),
            ],
            rows: paying.indices.map { row(paying[$0], Cell(paying[$0].asset?.rawValue ?? ""), gross.rows[$0]) },
            // The last row is the whole portfolio, cash and holdings that pay nothing included: its yields
            // are of all that, not of the rows above, so it is not called a total.
            totals: paying.isEmpty
                ? [] : [row(projection.portfolio, Cell(strings[.wholePortfolio], bold: true), gross.total)]
        )
    }

    /// A column and its total rounded to the cent together, so that the rows printed add up to the total
    /// printed (`Apportionment`); as they are when one is unknown.
    private func addingUp(_ column: [Double?], total: Double? = nil) -> (rows: [Double?], total: Double?) {
        let total = total ?? column.knownSum()
        guard let known = column.knownSum().map({ _ in column.compactMap { $0 } }), let total,
            let rounded = Apportionment.rounded(
                known,
                adjustable: known.map { _ in true },
                addingUpTo: total,
                decimals: 2
            )
        else { return (column, total) }
        return (rounded, (total * 100).rounded() / 100)
    }
}
