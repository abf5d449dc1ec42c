import FolioCore
import Foundation

extension TaxYear {
    /// `folio table tax-year`: the sales, the totals with the taxes and the rates they used, and the
    /// dividends and interest.
    public var parts: ResultTableParts {
        ResultTableParts([
            .init(
                name: "sales",
                title: "Sales of \(year): each purchase a sale closed (first in, first out), in UAH",
                table: salesTable
            ),
            .init(name: "totals", title: "Totals of \(year), in UAH", table: totalsTable),
            .init(name: "income", title: "Dividends and interest received in \(year), in UAH", table: incomeTable),
        ])
    }

    /// One row per purchase a sale closed. Prices and rates show the decimals their values need, so that
    /// the figure printed is the one the costs were computed with.
    public var salesTable: ResultTable {
        let rows = sales.map { s in SalesColumn.allCases.map { Self.cell(s, $0) } }
        let units = Self.decimals(sales.map(\.units), least: 0, most: 8)
        let prices = Self.decimals(sales.flatMap { [$0.buyPrice, $0.sellPrice] }, most: 6)
        let rates = Self.decimals(sales.flatMap { [$0.buyRate, $0.sellRate] }, most: 6)
        let columns = SalesColumn.allCases.map { column -> ResultTable.Column in
            switch column {
            case .quantity: .init(column.rawValue, .number, decimals: units)
            case .buyID, .sellID: .init(column.rawValue, .number, decimals: 0)
            case .buyPrice, .sellPrice: .init(column.rawValue, .number, decimals: prices)
            case .buyRate, .sellRate: .init(column.rawValue, .number, decimals: rates)
            default: .init(column.rawValue, column.kind)
            }
        }
        return ResultTable(columns: columns, rows: rows)
    }

    private static func cell(_ s: Sale, _ column: SalesColumn) -> ResultTable.Cell? {
        switch column {
        case .asset: .text(s.asset.rawValue)
        case .quantity: .number(s.units)
        case .buyDate: .day(s.buyDay)
        case .buyID: .number(Double(s.closing.buy.id))
        case .buyExternalID: s.closing.buy.externalID.map { .text($0) }
        case .buyPrice: .number(s.buyPrice)
        case .buyCurrency: .text(s.buyCurrency.rawValue)
        case .buyRate: .number(s.buyRate)
        case .buyFeeUAH: .number(s.buyFee.uah)
        case .costUAH: .number(s.cost.uah)
        case .sellDate: .day(s.sellDay)
        case .sellID: .number(Double(s.closing.sale.id))
        case .sellExternalID: s.closing.sale.externalID.map { .text($0) }
        case .sellPrice: .number(s.sellPrice)
        case .sellCurrency: .text(s.sellCurrency.rawValue)
        case .sellRate: .number(s.sellRate)
        case .sellFeeUAH: .number(s.sellFee.uah)
        case .proceedsUAH: .number(s.proceeds.uah)
        case .resultUAH: .number(s.result.uah)
        }
    }

    /// A line of the year's totals; its raw value is the table's `item`.
    public enum TotalItem: String, Hashable, Sendable, CaseIterable {
        case gains, losses
        case netInvestmentProfit = "net_investment_profit"
        case lossFromEarlierYears = "loss_from_earlier_years"
        case taxableProfit = "taxable_profit"
        case lossToLaterYears = "loss_to_later_years"
        case personalIncomeTax = "personal_income_tax"
        case militaryLevy = "military_levy"
        case taxTotal = "tax_total"

        /// The year's result and the tax to pay: what a reader looks for first (bold in the report).
        public var isResult: Bool { self == .netInvestmentProfit || self == .taxTotal }
    }

    /// One line of the totals: its amount (nil when undefined) and, for a tax, the levy that gave it.
    public struct Total: Hashable, Sendable {
        public var item: TotalItem
        public var amount: Hryvnias?
        public var levy: Levy?
    }

    /// The totals in the order both the table and the report show them: what the sales add up to, what
    /// is taxed, and each tax with its rate's period (a loss carried in or out only when losses carry).
    public var totals: [Total] {
        var rows = [
            Total(item: .gains, amount: gains), Total(item: .losses, amount: losses),
            Total(item: .netInvestmentProfit, amount: net),
        ]
        if let lossFromEarlierYears { rows.append(Total(item: .lossFromEarlierYears, amount: lossFromEarlierYears)) }
        rows.append(Total(item: .taxableProfit, amount: taxable))
        if let lossToLaterYears { rows.append(Total(item: .lossToLaterYears, amount: lossToLaterYears)) }
        rows += [
            Total(item: .personalIncomeTax, amount: personalIncomeTax.amount, levy: personalIncomeTax),
            Total(item: .militaryLevy, amount: militaryLevy.amount, levy: militaryLevy),
            Total(item: .taxTotal, amount: totalTax),
        ]
        return rows
    }

    /// The year's totals and the taxes on them; each tax row says its rate and where the rate comes from.
    public var totalsTable: ResultTable {
        let file = URL(fileURLWithPath: rates.source).lastPathComponent
        let day = TaxRates.taxDay(of: year)
        let rows = totals.map { total in
            TotalsColumn.allCases.map { column -> ResultTable.Cell? in
                switch column {
                case .item: .text(total.item.rawValue)
                case .uah: total.amount.map { .number($0.uah) }
                case .percent: total.levy?.period.map { .number($0.percent) }
                case .rule:
                    .text(
                        total.levy.map {
                            $0.period.map { Self.rule($0, file: file) } ?? "\(file) has no rate in force on \(day.iso)"
                        } ?? note(total.item, file: file)
                    )
                }
            }
        }
        return ResultTable(columns: TotalsColumn.allCases.map(\.column), rows: rows)
    }

    /// How a total that is not a tax is found.
    private func note(_ item: TotalItem, file: String) -> String {
        switch item {
        case .gains: "sum of the sales' positive results"
        case .losses: "sum of the sales' negative results"
        case .netInvestmentProfit: "gains + losses"
        case .lossFromEarlierYears: "net losses of earlier years not yet used (\(file): carry-losses-forward: true)"
        case .taxableProfit:
            rates.carryLossesForward
                ? "net profit less the losses carried in, at least 0"
                : "net profit, at least 0; losses of earlier years not carried (\(file): carry-losses-forward: false)"
        case .lossToLaterYears: "what is left of the losses"
        case .taxTotal: "personal income tax + military levy"
        case .personalIncomeTax, .militaryLevy: ""
        }
    }

    /// Each dividend and interest of the year at the NBU rate of its day, then their total.
    public var incomeTable: ResultTable {
        let rows = income.map { i in
            IncomeColumn.allCases.map { column -> ResultTable.Cell? in
                switch column {
                case .date: .day(i.day)
                case .kind: .text(i.kind.rawValue)
                case .asset: .text(i.asset.rawValue)
                case .id: .number(Double(i.transaction.id))
                case .externalID: i.transaction.externalID.map { .text($0) }
                case .currency: .text(i.currency.rawValue)
                case .gross: .number(i.gross)
                case .rate: .number(i.rate)
                case .grossUAH: .number(i.grossUAH.uah)
                case .withheld: .number(i.withheld)
                case .withheldUAH: .number(i.withheldUAH.uah)
                }
            }
        }
        let total = IncomeColumn.allCases.map { column -> ResultTable.Cell? in
            column == .kind ? .text("Total") : column.total(of: self).map { .number($0.uah) }
        }
        let rates = Self.decimals(income.map(\.rate), most: 6)
        return ResultTable(columns: IncomeColumn.allCases.map { $0.column(rates: rates) }, rows: rows + [total])
    }

    /// "18 % from 2016-01-01 (Tax Code art. 167.1) — tax-rates.yaml".
    static func rule(_ p: TaxRates.Period, file: String) -> String {
        let days =
            switch (p.from, p.to) {
            case let (from?, to?): "from \(from.iso) to \(to.iso)"
            case let (from?, nil): "from \(from.iso)"
            case let (nil, to?): "until \(to.iso)"
            case (nil, nil): "always"
            }
        return "\(DecimalText.exact(p.percent)) % \(days) (\(p.law(english: true))), \(file)"
    }

    /// The fewest decimals (`least` at least, `most` at most) that print every value as its shortest decimal.
    public static func decimals(_ values: [Double], least: Int = 2, most: Int) -> Int {
        values.reduce(least) { needed, v in
            let fraction = DecimalDigits.round(v, decimals: most).fraction
            return max(needed, (fraction.lastIndex { $0 != 0 } ?? -1) + 1)
        }
    }
}
