import FolioCore

/// The income of each holding and of the portfolio, typed: its columns once, and its lines as named
/// figures. `folio table income` writes it as a `ResultTable` (`table`); the portfolio report's income
/// table rounds the same lines so that they add up as printed (FolioReports).
extension PortfolioIncome {
    /// The columns in order; the raw value is the `folio table` column (money columns name the base
    /// currency: `name(base:)`), `key` the report table's.
    public enum Column: String, CaseIterable, Sendable {
        case asset, quantity
        case costBasis = "cost_basis"
        case averageCost = "average_cost"
        case price, value, realised, unrealised, dividends, interest
        case accountFees = "account_fees"
        case total

        /// The `folio table` column: a money column says its currency (`value_usd`).
        public func name(base: AssetCode) -> String {
            self == .asset || self == .quantity ? rawValue : rawValue + "_" + base.rawValue.lowercased()
        }

        /// The column's key in a report definition; nil where the report has none: the price and the
        /// total, and interest, which it shows with the dividends (`Line.dividendsAndInterest`).
        public var key: String? {
            switch self {
            case .asset, .quantity, .value, .realised, .unrealised, .dividends: rawValue
            case .costBasis: "cost"
            case .averageCost: "average-cost"
            case .accountFees: "account-fees"
            case .price, .interest, .total: nil
            }
        }

        /// The report's columns, in its order: the cost of one unit before the cost of them all.
        public static let report: [Column] = [
            .asset, .quantity, .averageCost, .costBasis, .value, .realised, .unrealised, .dividends, .accountFees,
        ]

        /// The line's figure in this column; nil for the name column.
        public var figure: WritableKeyPath<Line, Double?>? {
            switch self {
            case .asset: nil
            case .quantity: \.quantity
            case .costBasis: \.costBasis
            case .averageCost: \.averageCost
            case .price: \.price
            case .value: \.value
            case .realised: \.realised
            case .unrealised: \.unrealised
            case .dividends: \.dividends
            case .interest: \.interest
            case .accountFees: \.accountFees
            case .total: \.total
            }
        }

        func column(base: AssetCode) -> ResultTable.Column {
            switch self {
            case .asset: .init(name(base: base), .text)
            case .quantity: .init(name(base: base), .number, decimals: 8)
            case .averageCost, .price: .init(name(base: base), .number, decimals: 4)
            default: .init(name(base: base), .number)
            }
        }
    }

    /// One line: a holding's (`asset`) or the portfolio's (nil) income, in the base currency.
    public struct Line: Hashable, Sendable {
        public var asset: AssetCode?
        public var quantity: Double?
        public var costBasis: Double?
        public var averageCost: Double?
        public var price: Double?
        public var value: Double?
        public var realised: Double?
        public var unrealised: Double?
        public var dividends: Double?
        public var interest: Double?
        public var accountFees: Double?
        public var total: Double?

        init(_ p: PositionIncome) {
            asset = p.asset
            quantity = p.quantity
            costBasis = p.costBasis
            averageCost = p.averageCost
            price = p.price
            value = p.value
            realised = p.realised
            unrealised = p.unrealised
            dividends = p.dividends
            interest = p.interest
            accountFees = p.accountFees
            total = p.total
        }

        /// The portfolio's line: its sums, and the holdings table's total value.
        init(_ income: PortfolioIncome) {
            costBasis = income.costBasis
            value = income.valueTotal
            realised = income.realised
            unrealised = income.unrealised
            dividends = income.dividends
            interest = income.interest
            accountFees = income.accountFees
            total = income.total
        }

        /// What was received: dividends and interest (nil when either is unknown).
        public var dividendsAndInterest: Double? { dividends.flatMap { d in interest.map { d + $0 } } }
    }

    /// One line per position, then the portfolio's.
    public var lines: [Line] { positions.map(Line.init) + [Line(self)] }

    /// Table `income`: one row per holding, then the portfolio's totals; money columns are in the base
    /// currency and say so in their names. Dividends are on the paying asset's row, interest and account
    /// fees on their currency's; `total` is realised + unrealised + dividends + interest − account fees.
    public var table: ResultTable {
        ResultTable(
            columns: Column.allCases.map { $0.column(base: base) },
            rows: lines.map { line in
                Column.allCases.map { column in
                    guard let figure = column.figure else { return .text(line.asset?.rawValue ?? "Total") }
                    return .finite(line[keyPath: figure])
                }
            }
        )
    }
}
