import FolioCore
import Foundation

/// The yields of the holdings and of the portfolio, typed: their columns once. `folio table income-yield`
/// writes them as a `ResultTable` (`yieldTable`); the portfolio report's income-yield table shows the
/// columns that have a `key` (FolioReports).
extension IncomeProjection {
    /// The columns in order; the raw value is the `folio table` column (money columns name the base
    /// currency: `name(base:)`), `key` the report table's.
    public enum YieldColumn: String, CaseIterable, Sendable {
        case asset
        case paymentsPerYear = "payments_per_year"
        case forwardGross = "forward_gross"
        case forwardNet = "forward_net"
        case value
        case costBasis = "cost_basis"
        case forwardYield = "forward_yield"
        case yieldOnCost = "yield_on_cost"

        /// The `folio table` column: a money column says its currency (`forward_gross_usd`).
        public func name(base: AssetCode) -> String {
            switch self {
            case .forwardGross, .forwardNet, .value, .costBasis: rawValue + "_" + base.rawValue.lowercased()
            default: rawValue
            }
        }

        /// The column's key in a report definition; nil for the figures the report leaves to the holdings
        /// and income tables (the net, the value, the cost).
        public var key: String? {
            switch self {
            case .asset: "holding"
            case .paymentsPerYear: "payments"
            case .forwardGross: "gross"
            case .forwardYield: "yield"
            case .yieldOnCost: "yield-on-cost"
            case .forwardNet, .value, .costBasis: nil
            }
        }

        /// The line's figure in this column (a yield as a fraction); nil for the name column.
        public func figure(_ y: IncomeYield) -> Double? {
            switch self {
            case .asset: nil
            case .paymentsPerYear: Double(y.paymentsPerYear)
            case .forwardGross: y.forwardGross
            case .forwardNet: y.forwardNet
            case .value: y.value
            case .costBasis: y.costBasis
            case .forwardYield: y.forwardYield
            case .yieldOnCost: y.yieldOnCost
            }
        }

        /// Whether the figure is a fraction, shown as a percent.
        public var isYield: Bool { self == .forwardYield || self == .yieldOnCost }

        func column(base: AssetCode) -> ResultTable.Column {
            switch self {
            case .asset: .init(name(base: base), .text)
            case .paymentsPerYear: .init(name(base: base), .number, decimals: 0)
            case .forwardYield, .yieldOnCost: .init(name(base: base), .percent)
            default: .init(name(base: base), .number)
            }
        }
    }

    /// Table `income-yield`: a row per holding held on the as-of day (currencies aside), then the
    /// portfolio's `Total`; money in the base currency, yields in percent.
    public var yieldTable: ResultTable {
        ResultTable(
            columns: YieldColumn.allCases.map { $0.column(base: base) },
            rows: (holdings + [portfolio]).map { y in
                YieldColumn.allCases.map { column -> ResultTable.Cell? in
                    guard column != .asset else { return .text(y.asset?.rawValue ?? "Total") }
                    let figure = column.figure(y)
                    return .finite(column.isYield ? figure.map { $0 * 100 } : figure)
                }
            }
        )
    }
}
