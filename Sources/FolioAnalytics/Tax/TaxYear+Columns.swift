import FolioCore

// The columns of the tax year's tables, each declared once: `folio table tax-year` writes them as
// `ResultTable`s (TaxYear+Tables.swift), the tax report as its `DataTable`s (FolioReports).
extension TaxYear {
    /// The columns of the year's sales, in order: the raw value is the `folio table` column, `key` the
    /// tax report's (nil where the report shows the figure in another column).
    public enum SalesColumn: String, CaseIterable, Sendable {
        case asset, quantity
        case buyDate = "buy_date"
        case buyID = "buy_id"
        case buyExternalID = "buy_external_id"
        case buyPrice = "buy_price"
        case buyCurrency = "buy_currency"
        case buyRate = "buy_rate"
        case buyFeeUAH = "buy_fee_uah"
        case costUAH = "cost_uah"
        case sellDate = "sell_date"
        case sellID = "sell_id"
        case sellExternalID = "sell_external_id"
        case sellPrice = "sell_price"
        case sellCurrency = "sell_currency"
        case sellRate = "sell_rate"
        case sellFeeUAH = "sell_fee_uah"
        case proceedsUAH = "proceeds_uah"
        case resultUAH = "result_uah"

        /// The column's key in the tax report. A trade is named by its reference (the broker's id, else
        /// Folio's), and a sale's currency stands beside its price when it is not the purchase's.
        public var key: String? {
            switch self {
            case .asset: "asset"
            case .quantity: "quantity"
            case .buyDate: "bought"
            case .buyID: "buy-trade"
            case .buyPrice: "buy-price"
            case .buyCurrency: "currency"
            case .buyRate: "buy-rate"
            case .buyFeeUAH: "buy-fee"
            case .costUAH: "cost"
            case .sellDate: "sold"
            case .sellID: "sell-trade"
            case .sellPrice: "sell-price"
            case .sellRate: "sell-rate"
            case .sellFeeUAH: "sell-fee"
            case .proceedsUAH: "proceeds"
            case .resultUAH: "result"
            case .buyExternalID, .sellExternalID, .sellCurrency: nil
            }
        }

        /// The trade a column belongs to, the report's heading over it: nil for the sale as a whole.
        public var isPurchase: Bool? {
            switch self {
            case .asset, .quantity, .resultUAH: nil
            case .buyDate, .buyID, .buyExternalID, .buyPrice, .buyCurrency, .buyRate, .buyFeeUAH, .costUAH: true
            default: false
            }
        }

        /// Whether the report's column holds figures, and whether their decimals vary (then lined up).
        public var isNumeric: Bool { kind == .number && self != .buyID && self != .sellID }
        public var alignsDecimals: Bool { [.quantity, .buyPrice, .buyRate, .sellPrice, .sellRate].contains(self) }

        /// The hryvnias the column adds up to on the report's total line.
        public func total(of year: TaxYear) -> Hryvnias? {
            switch self {
            case .buyFeeUAH: year.sales.map(\.buyFee).sum()
            case .costUAH: year.sales.map(\.cost).sum()
            case .sellFeeUAH: year.sales.map(\.sellFee).sum()
            case .proceedsUAH: year.sales.map(\.proceeds).sum()
            case .resultUAH: year.net
            default: nil
            }
        }

        var kind: ResultTable.ColumnKind {
            switch self {
            case .asset, .buyExternalID, .buyCurrency, .sellExternalID, .sellCurrency: .text
            case .buyDate, .sellDate: .day
            default: .number
            }
        }
    }

    /// The columns of the year's totals, in order, declared once: the raw value is the `folio table`
    /// column, `key` the tax report's (and its title's).
    public enum TotalsColumn: String, CaseIterable, Sendable {
        case item, uah, percent, rule

        /// The column's key in the tax report.
        public var key: String {
            switch self {
            case .item: "item"
            case .uah: "amount"
            case .percent: "rate"
            case .rule: "basis"
            }
        }

        /// Whether the column holds figures (right-aligned in the report).
        public var isNumeric: Bool { self == .uah || self == .percent }

        var column: ResultTable.Column {
            switch self {
            case .item, .rule: .init(rawValue, .text)
            case .uah: .init(rawValue, .number)
            case .percent: .init(rawValue, .percent, decimals: 1)
            }
        }
    }

    /// The columns of the year's dividends and interest, in order: the raw value is the `folio table`
    /// column, `key` the tax report's.
    public enum IncomeColumn: String, CaseIterable, Sendable {
        case date, kind, asset, id
        case externalID = "external_id"
        case currency, gross, rate
        case grossUAH = "gross_uah"
        case withheld
        case withheldUAH = "withheld_uah"

        /// The column's key in the tax report; nil for the broker's id, which the report's trade column
        /// shows in place of Folio's (the transaction's reference).
        public var key: String? {
            switch self {
            case .id: "transaction"
            case .externalID: nil
            case .grossUAH: "gross-uah"
            case .withheldUAH: "withheld-uah"
            default: rawValue
            }
        }

        /// Whether the report's column holds figures (the trade's reference is text).
        public var isNumeric: Bool {
            switch self {
            case .gross, .rate, .grossUAH, .withheld, .withheldUAH: true
            default: false
            }
        }

        /// The column's sum on the total line, for the hryvnia columns (the only ones that add up).
        public func total(of year: TaxYear) -> Hryvnias? {
            switch self {
            case .grossUAH: year.grossIncome
            case .withheldUAH: year.withheldIncome
            default: nil
            }
        }

        /// The `folio table` column; NBU rates with the decimals the year's rates need.
        func column(rates: Int) -> ResultTable.Column {
            switch self {
            case .date: .init(rawValue, .day)
            case .kind, .asset, .externalID, .currency: .init(rawValue, .text)
            case .id: .init(rawValue, .number, decimals: 0)
            case .rate: .init(rawValue, .number, decimals: rates)
            case .gross, .grossUAH, .withheld, .withheldUAH: .init(rawValue, .number)
            }
        }
    }
}
