import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

/// The report's income section (docs/ledger.md, "Income"): the holdings' income by the ledger, the next
/// twelve months' estimated payments and the yields they give, from the projection the income chart
/// draws (one for the report).
extension PortfolioReportData {
    var incomeProjection: IncomeProjection { charts.input.incomeProjection(input.inputs) }

    /// A dividend or interest paid in the last twelve months, or one estimated for the next twelve: the
    /// section has something to show.
    var hasIncome: Bool {
        let projection = incomeProjection
        let yearBefore = input.asOf.addingMonths(-12)
        return !projection.projected.isEmpty || projection.paid.contains { $0.day > yearBefore }
    }

    /// The columns of the next payments: each estimated payment's month, holding, gross and net.
    enum NextPaymentsColumn: String, CaseIterable {
        case month, holding, gross, net
    }

    /// Each payment estimated in the next twelve months (or the next `days` days), by day: its month,
    /// the holding, gross and net in the base currency; a total that is the sum of the rows as printed.
    func nextPaymentsTable(
        within days: Int? = nil,
        columns: [NextPaymentsColumn] = NextPaymentsColumn.allCases
    ) -> DataTable {
        let end = days.map { input.asOf.advanced(by: $0) }
        let projected = incomeProjection.projected.filter { p in end.map { p.day <= $0 } ?? true }
        let gross = addingUp(projected.map(\.grossInBase))
        let net = addingUp(projected.map(\.netInBase))
        let rows = projected.indices.map { i in
            columns.map { column -> Cell in
                switch column {
                case .month:
                    let month = projected[i].day.firstOfMonth
                    return Cell(strings.monthRange(month, month), sort: Double(month.daysSinceEpoch))
                case .holding: return Cell(projected[i].payer.rawValue)
                case .gross: return number(gross.rows[i], 2)
                case .net: return number(net.rows[i], 2)
                }
            }
        }
        let total = columns.map { column -> Cell in
            switch column {
            case .month: Cell(strings[.total], bold: true)
            case .holding: Cell("")
            case .gross: number(gross.total, 2)
            case .net: number(net.total, 2)
            }
        }
        return DataTable(
            columns: columns.map { column in
                let title: String =
                    switch column {
                    case .month: strings[.month]
                    case .holding: strings[.holding]
                    case .gross: strings[.estimatedGross]
                    case .net: strings[.estimatedNet]
                    }
                return Column(key: column.rawValue, title: title, numeric: column == .gross || column == .net)
            },
            rows: rows,
            totals: projected.isEmpty ? [] : [total]
        )
    }

    /// The daily set's "next payments" image: the payments estimated within `days` days, month, holding
    /// and net; nil when none is.
    func nextPaymentsChart(within days: Int, frame: ChartFrame) -> TableChart? {
        // A phone's width holds three columns: the gross is the report's.
        let table = nextPaymentsTable(within: days, columns: [.month, .holding, .net])
        guard !table.rows.isEmpty else { return nil }
        return table.chart(frame: frame)
    }

    /// Per holding held on the as-of day that pays (`IncomeProjection.YieldColumn`, those with a key):
    /// the payments estimated in the next twelve months, their gross, and that gross over the holding's
    /// value and over its FIFO cost; the portfolio's total.
    var incomeYieldTable: DataTable {
        typealias YieldColumn = IncomeProjection.YieldColumn
        let projection = incomeProjection
        let paying = projection.holdings.filter { $0.paymentsPerYear > 0 }
        let gross = addingUp(paying.map(\.forwardGross), total: projection.portfolio.forwardGross)
        let columns = YieldColumn.allCases.filter { $0.key != nil }
        let percent = NumberFormat(locale: locale, style: .percent(2))
        func row(_ y: IncomeYield, _ label: Cell, _ gross: Double?) -> [Cell] {
            columns.map { column in
                switch column {
                case .asset: label
                case .paymentsPerYear: number(column.figure(y), 0)
                // Rounded with the others, so that the rows add up to the total as printed.
                case .forwardGross: number(gross, 2)
                default:
                    column.isYield
                        ? Cell(column.figure(y).map(percent.string) ?? "—", sort: column.figure(y))
                        : number(column.figure(y), 2)
                }
            }
        }
        return DataTable(
            columns: columns.map { Column(key: $0.key ?? "", title: yieldTitle($0), numeric: $0 != .asset) },
            rows: paying.indices.map { row(paying[$0], Cell(paying[$0].asset?.rawValue ?? ""), gross.rows[$0]) },
            // The last row is the whole portfolio, cash and holdings that pay nothing included: its yields
            // are of all that, not of the rows above, so it is not called a total.
            totals: paying.isEmpty
                ? [] : [row(projection.portfolio, Cell(strings[.wholePortfolio], bold: true), gross.total)]
        )
    }

    private func yieldTitle(_ column: IncomeProjection.YieldColumn) -> String {
        switch column {
        case .asset: strings[.holding]
        case .paymentsPerYear: strings[.paymentsPerYear]
        case .forwardGross: strings[.forwardGross]
        case .forwardNet: strings[.estimatedNet]
        case .value: strings[.value]
        case .costBasis: strings[.costBasis]
        case .forwardYield: strings[.forwardYield]
        case .yieldOnCost: strings[.yieldOnCost]
        }
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
