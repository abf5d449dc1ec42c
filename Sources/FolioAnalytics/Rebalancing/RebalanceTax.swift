import FolioCore
import Foundation

extension Rebalancing {
    /// The price of an asset's sale as a trade would record it: the currency it is quoted in and the price.
    public typealias SalePrice = (AssetCode) -> (currency: AssetCode, price: Double)?

    /// Estimates the Ukrainian tax on each sale of a stock or ETF among the trades: each sale is added to
    /// the ledger as a trade at the valuation's time and price (`salePrice`), and the tax year of that day
    /// books it as it would book a real one — FIFO through `TaxLots`, cost at the NBU rate of each
    /// purchase's day, proceeds at the as-of day's — so that no second FIFO is written. The estimate is
    /// the personal income tax and the military levy in force for that year on the sale's own result
    /// (0 for a loss), each rounded to kopecks as the tax year rounds a levy; it does not net the sale
    /// against the year's other results. Lines that sell nothing, or sell no security, have none.
    public mutating func estimateTax(
        trades: [Trade],
        cashTransactions: [CashTransaction],
        kinds: [AssetCode: AssetKind],
        official: OfficialRates,
        rates: TaxRates,
        salePrice: SalePrice
    ) throws(TaxYearError) {
        var sales: [Int64: Int] = [:]
        var added: [Trade] = []
        for (i, line) in lines.enumerated() {
            guard let asset = line.asset, let quantity = line.quantity, quantity < 0,
                TaxYear.isSecurity(kinds[asset] ?? .other), let price = salePrice(asset)
            else { continue }
            // Ids no stored trade has, after every trade of the day in the replay's order.
            let id = Int64.max - Int64(i)
            sales[id] = i
            added.append(
                Trade(
                    id: id,
                    time: time,
                    side: .sell,
                    asset: asset,
                    quantity: -quantity,
                    price: price.price,
                    priceCurrency: price.currency
                )
            )
        }
        guard !added.isEmpty else {
            estimatesTax = true
            return
        }
        let year = try TaxYear(
            year: Day(time).year,
            trades: trades + added,
            cashTransactions: cashTransactions,
            kinds: kinds,
            official: official,
            rates: rates
        )
        estimatesTax = true
        var results: [Int: Hryvnias] = [:]
        for sale in year.sales {
            guard let i = sales[sale.closing.sale.id] else { continue }
            results[i] = (results[i] ?? .zero) + sale.result
        }
        for (i, result) in results {
            guard let income = year.personalIncomeTax.period, let levy = year.militaryLevy.period else { continue }
            let taxed = result > .zero ? result : .zero
            lines[i].taxEstimate = (taxed.percent(income.percent) + taxed.percent(levy.percent)).uah
        }
    }
}
