import FolioCore
import Foundation

/// Income month by month around the as-of day (`folio table income-calendar`): what was paid in the
/// trailing months and what is projected for the next ones, in the base currency.
///
/// The paid months cover the `months` months up to the as-of day (from the day after the same date
/// `months` earlier), the projected ones the `min(months, 12)` months after it: the projection reaches
/// twelve months. So when the as-of day is not a month's last day the first paid month and the last
/// projected month are partial, and its own month has a paid and a projected row.
public struct IncomeCalendar: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable, CaseIterable {
        case paid, projected
    }

    public struct Row: Hashable, Sendable {
        /// The month's first day; nil for a status' total.
        public var month: Day?
        public var status: Status
        /// The paying asset (a currency for its interest) with `byHolding`; nil otherwise.
        public var asset: AssetCode?
        /// Sums in the base currency; nil when a rate was missing for one of them.
        public var gross: Double?
        public var withheld: Double?
        public var net: Double?
    }

    public var base: AssetCode
    public var byHolding: Bool
    /// By month, paid before projected, then by asset; every month of each span without `byHolding`, only
    /// the holdings and months with a payment with it.
    public var rows: [Row]
    /// Every month of the paid span, then of the projected one (the as-of day's month is in both, once
    /// here), ascending: the groups of a chart of the calendar.
    public var months: [Day]
    /// One per status: the sums of its rows.
    public var totals: [Row]
    /// The rates the paid payments of the span lacked.
    public var missing: [MissingQuoteError]

    /// The longest paid span: ten years of payments back.
    public static let longestSpan = 120

    public init(_ projection: IncomeProjection, months: Int = 12, byHolding: Bool = false) {
        precondition(months > 0, "a calendar spans at least one month")
        let asOf = projection.asOf
        let paidSpan = asOf.addingMonths(-months).advanced(by: 1)...asOf
        let projectedSpan = asOf.advanced(by: 1)...asOf.addingMonths(min(months, 12))
        let paid = projection.paid.filter { paidSpan.contains($0.day) }
        let amounts: [(Status, [any PaymentInBase])] = [
            (.paid, paid),
            (.projected, projection.projected.filter { projectedSpan.contains($0.day) }),
        ]
        func row(_ month: Day?, _ status: Status, _ asset: AssetCode?, _ of: [any PaymentInBase]) -> Row {
            Row(
                month: month,
                status: status,
                asset: asset,
                gross: of.map(\.grossInBase).knownSum(),
                withheld: of.map(\.withheldInBase).knownSum(),
                net: of.map(\.netInBase).knownSum()
            )
        }
        var rows: [Row] = []
        var months: [Day] = []
        for (status, list) in amounts {
            let span = status == .paid ? paidSpan : projectedSpan
            var month = span.lowerBound.firstOfMonth
            while month <= span.upperBound {
                let inMonth = list.filter { $0.day.firstOfMonth == month }
                if byHolding {
                    for asset in Set(inMonth.map(\.payer)).sorted() {
                        rows.append(row(month, status, asset, inMonth.filter { $0.payer == asset }))
                    }
                } else {
                    rows.append(row(month, status, nil, inMonth))
                }
                if months.last.map({ $0 < month }) ?? true { months.append(month) }
                month = month.addingMonths(1)
            }
        }
        // Stable: within a month the paid rows stay before the projected ones.
        // Every row here has its month (only the totals have none).
        func month(_ row: Row) -> Int { row.month?.daysSinceEpoch ?? .max }
        rows = rows.enumerated().sorted { (month($0.element), $0.offset) < (month($1.element), $1.offset) }.map(
            \.element
        )
        self.base = projection.base
        self.byHolding = byHolding
        self.rows = rows
        self.months = months
        self.totals = amounts.map { row(nil, $0.0, nil, $0.1) }
        self.missing = paid.compactMap(\.missing) + projection.missing
    }
}

extension IncomeCalendar {
    /// The columns of `income-calendar`, in order; the asset only `byHolding`, money in the base currency
    /// (`name(base:)`).
    public enum Column: String, CaseIterable, Sendable {
        case month, status, asset, gross, withheld, net

        /// The `folio table` column: a money column says its currency (`net_usd`).
        public func name(base: AssetCode) -> String {
            figure == nil ? rawValue : rawValue + "_" + base.rawValue.lowercased()
        }

        /// The row's figure in this column; nil for the columns of words.
        public var figure: KeyPath<Row, Double?>? {
            switch self {
            case .month, .status, .asset: nil
            case .gross: \.gross
            case .withheld: \.withheld
            case .net: \.net
            }
        }
    }

    /// Table `income-calendar`: a row per month and status (and holding, `byHolding`), then a `Total`
    /// row per status; amounts in the base currency.
    public var table: ResultTable {
        let columns = Column.allCases.filter { $0 != .asset || byHolding }
        return ResultTable(
            columns: columns.map { .init($0.name(base: base), $0.figure == nil ? .text : .number) },
            rows: (rows + totals).map { r in
                columns.map { column -> ResultTable.Cell? in
                    switch column {
                    case .month: .text(r.month.map { String($0.iso.prefix(7)) } ?? "Total")
                    case .status: .text(r.status.rawValue)
                    case .asset: r.asset.map { .text($0.rawValue) }
                    case .gross, .withheld, .net: .finite(column.figure.flatMap { r[keyPath: $0] })
                    }
                }
            }
        )
    }
}

/// A payment paid or projected, as the calendar sums it: its day, its payer and its amounts in the base.
protocol PaymentInBase {
    var day: Day { get }
    var payer: AssetCode { get }
    var grossInBase: Double? { get }
    var withheldInBase: Double? { get }
    var netInBase: Double? { get }
}

extension IncomePayment: PaymentInBase {}
extension ProjectedPayment: PaymentInBase {}
