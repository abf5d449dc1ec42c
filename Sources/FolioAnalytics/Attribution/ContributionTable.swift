import FolioCore

/// The holding-by-holding table of a range's gain, typed: its columns once, and its lines as named
/// figures. `folio table attribution --by holding` writes it as a `ResultTable` (`table`); the portfolio
/// report's table ranks, rolls up and rounds the same lines (FolioDatasets' `AttributionDataset`).
///
/// Fees are negative, as the bridge writes them, so that a line adds across:
/// total = price_effect + currency_effect + income + fees, income = dividends + interest − taxes.
public enum ContributionTable {
    /// The columns in order; the raw value is the `folio table` column, `key` the report table's.
    public enum Column: String, CaseIterable, Sendable {
        case asset
        case priceEffect = "price_effect"
        case currencyEffect = "currency_effect"
        case income, fees, total
        case twrContribution = "twr_contribution"

        /// The column's key in a report definition.
        public var key: String {
            switch self {
            case .asset: "asset"
            case .priceEffect: "price-effect"
            case .currencyEffect: "currency-effect"
            case .income: "income"
            case .fees: "fees"
            case .total: "total"
            case .twrContribution: "twr"
            }
        }

        /// The line's figure in this column; nil for the name column.
        public var figure: WritableKeyPath<Line, Double?>? {
            switch self {
            case .asset: nil
            case .priceEffect: \.priceEffect
            case .currencyEffect: \.currencyEffect
            case .income: \.income
            case .fees: \.fees
            case .total: \.total
            case .twrContribution: \.twrContribution
            }
        }

        var kind: ResultTable.ColumnKind {
            switch self {
            case .asset: .text
            case .twrContribution: .percent
            default: .number
            }
        }
    }

    /// What a line stands for: a holding, the holdings not shown one by one, or the total.
    public enum Name: Hashable, Sendable {
        case holding(AssetCode)
        case others(count: Int)
        case total
    }

    /// One line: a holding's (or a sum's) figures in the base currency, its share of the time-weighted
    /// return as a fraction.
    public struct Line: Hashable, Sendable {
        public var name: Name
        public var priceEffect: Double?
        public var currencyEffect: Double?
        public var income: Double?
        public var fees: Double?
        public var total: Double?
        public var twrContribution: Double?

        /// A line with no figure yet (a sum to be filled in).
        public init(_ name: Name) { self.name = name }

        public init(_ name: Name, _ c: HoldingContribution) {
            self.name = name
            priceEffect = c.price
            currencyEffect = c.currency
            income = c.income
            fees = c.fees.map { -$0 }
            total = c.total
            twrContribution = c.timeWeighted
        }

        /// The figures, in column order.
        public static var figures: [WritableKeyPath<Line, Double?>] { Column.allCases.compactMap(\.figure) }
    }
}

extension ContributionByHolding {
    /// One line per holding, then the total.
    public var lines: [ContributionTable.Line] {
        rows.map { .init(.holding($0.asset), $0) } + [.init(.total, total)]
    }

    /// Table `attribution --by holding`: one row per holding, then `Total`; `twr_contribution` in percent.
    public var table: ResultTable {
        ResultTable(
            columns: ContributionTable.Column.allCases.map { .init($0.rawValue, $0.kind) },
            rows: lines.map { line in
                ContributionTable.Column.allCases.map { column -> ResultTable.Cell? in
                    guard let figure = column.figure else {
                        switch line.name {
                        case .holding(let asset): return .text(asset.rawValue)
                        case .others(let count): return .text("Other (\(count))")
                        case .total: return .text("Total")
                        }
                    }
                    let value = line[keyPath: figure]
                    return .finite(column == .twrContribution ? value.map { $0 * 100 } : value)
                }
            }
        )
    }
}
