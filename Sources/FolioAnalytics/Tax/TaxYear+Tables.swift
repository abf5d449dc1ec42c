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
        let rows: [[ResultTable.Cell?]] = sales.map { s in
            [
                .text(s.asset.rawValue), .number(s.units),
                .day(s.buyDay), .number(Double(s.closing.buy.id)), s.closing.buy.externalID.map { .text($0) },
                .number(s.buyPrice), .text(s.buyCurrency.rawValue), .number(s.buyRate), .number(s.buyFee.uah),
                .number(s.cost.uah),
                .day(s.sellDay), .number(Double(s.closing.sale.id)), s.closing.sale.externalID.map { .text($0) },
                .number(s.sellPrice), .text(s.sellCurrency.rawValue), .number(s.sellRate), .number(s.sellFee.uah),
                .number(s.proceeds.uah),
                .number(s.result.uah),
            ]
        }
        let units = Self.decimals(sales.map(\.units), least: 0, most: 8)
        let prices = Self.decimals(sales.flatMap { [$0.buyPrice, $0.sellPrice] }, most: 6)
        let rates = Self.decimals(sales.flatMap { [$0.buyRate, $0.sellRate] }, most: 6)
        return ResultTable(
            columns: [
                .init("asset", .text), .init("quantity", .number, decimals: units),
                .init("buy_date", .day), .init("buy_id", .number, decimals: 0), .init("buy_external_id", .text),
                .init("buy_price", .number, decimals: prices), .init("buy_currency", .text),
                .init("buy_rate", .number, decimals: rates),
                .init("buy_fee_uah", .number), .init("cost_uah", .number),
                .init("sell_date", .day), .init("sell_id", .number, decimals: 0), .init("sell_external_id", .text),
                .init("sell_price", .number, decimals: prices), .init("sell_currency", .text),
                .init("sell_rate", .number, decimals: rates),
                .init("sell_fee_uah", .number), .init("proceeds_uah", .number), .init("result_uah", .number),
            ],
            rows: rows
        )
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
        func note(_ item: TotalItem) -> String {
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
        let day = TaxRates.taxDay(of: year)
        let rows: [[ResultTable.Cell?]] = totals.map { total in
            let rule =
                total.levy.map {
                    $0.period.map { Self.rule($0, file: file) } ?? "\(file) has no rate in force on \(day.iso)"
                } ?? note(total.item)
            return [
                .text(total.item.rawValue), total.amount.map { .number($0.uah) },
                total.levy?.period.map { .number($0.percent) }, .text(rule),
            ]
        }
        return ResultTable(
            columns: [
                .init("item", .text), .init("uah", .number), .init("percent", .percent, decimals: 1),
                .init("rule", .text),
            ],
            rows: rows
        )
    }

    /// Each dividend and interest of the year at the NBU rate of its day, then their total.
    public var incomeTable: ResultTable {
        var rows: [[ResultTable.Cell?]] = income.map { i in
            [
                .day(i.day), .text(i.kind.rawValue), .text(i.asset.rawValue), .number(Double(i.transaction.id)),
                i.transaction.externalID.map { .text($0) }, .text(i.currency.rawValue), .number(i.gross),
                .number(i.rate),
                .number(i.grossUAH.uah), .number(i.withheld), .number(i.withheldUAH.uah),
            ]
        }
        rows.append([
            nil, .text("Total"), nil, nil, nil, nil, nil, nil, .number(grossIncome.uah), nil,
            .number(withheldIncome.uah),
        ])
        return ResultTable(
            columns: [
                .init("date", .day), .init("kind", .text), .init("asset", .text), .init("id", .number, decimals: 0),
                .init("external_id", .text), .init("currency", .text), .init("gross", .number),
                .init("rate", .number, decimals: Self.decimals(income.map(\.rate), most: 6)),
                .init("gross_uah", .number),
                .init("withheld", .number), .init("withheld_uah", .number),
            ],
            rows: rows
        )
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
