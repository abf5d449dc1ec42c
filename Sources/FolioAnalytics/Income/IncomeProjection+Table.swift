import FolioCore
import Foundation

extension IncomeProjection {
    /// Table `income-yield`: a row per holding held on the as-of day (currencies aside), then the
    /// portfolio's `Total`; money in the base currency, yields in percent.
    public var yieldTable: ResultTable {
        let b = base.rawValue.lowercased()
        let rows = (holdings + [portfolio]).map { y -> [ResultTable.Cell?] in
            [
                .text(y.asset?.rawValue ?? "Total"), .number(Double(y.paymentsPerYear)), .finite(y.forwardGross),
                .finite(y.forwardNet), .finite(y.value), .finite(y.costBasis), .finite(y.forwardYield.map { $0 * 100 }),
                .finite(y.yieldOnCost.map { $0 * 100 }),
            ]
        }
        return ResultTable(
            columns: [
                .init("asset", .text), .init("payments_per_year", .number, decimals: 0),
                .init("forward_gross_\(b)", .number), .init("forward_net_\(b)", .number), .init("value_\(b)", .number),
                .init("cost_basis_\(b)", .number), .init("forward_yield", .percent), .init("yield_on_cost", .percent),
            ],
            rows: rows
        )
    }
}
