import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

extension TaxReportData {
    /// The totals of `folio table tax-year`, row for row, in the locale's words; each tax names its rate
    /// and the law the rates file cites, and the net profit and the tax to pay are set in bold.
    var totalsTable: DataTable {
        let rows = tax.totals.map { total in
            let (bold, levy) = (total.item.isResult, total.levy)
            return TaxYear.TotalsColumn.allCases.map { column -> DataTable.Cell in
                switch column {
                case .item: DataTable.Cell(strings.taxItem(total.item), bold: bold)
                case .uah: uah(total.amount, bold: bold)
                case .percent:
                    DataTable.Cell(levy?.period.map { percent($0.percent) } ?? "", sort: levy?.period?.percent)
                case .rule: DataTable.Cell(levy.map { $0.period.map { basis($0) } ?? "—" } ?? "")
                }
            }
        }
        return DataTable(
            columns: TaxYear.TotalsColumn.allCases.map {
                .init(key: $0.key, title: strings.taxColumn($0.key), numeric: $0.isNumeric)
            },
            rows: rows
        )
    }

    /// "ПКУ ст. 167.1; Закон № 909-VIII, з 01.01.2016".
    func basis(_ p: TaxRates.Period) -> String {
        let since = p.from.map { (locale == .uk ? ", з " : ", since ") + DateText.date($0, locale: locale) } ?? ""
        return p.law(english: locale == .en) + since
    }

    /// One row per purchase a sale closed, with both trades' ids, then the sums of its money columns. The
    /// purchase's columns and the sale's are under their group's heading ("Purchase", "Sale"), so that
    /// their dates, prices, rates and fees tell apart.
    var salesTable: DataTable {
        // A column of figures is one format: each price, rate and quantity column with the decimals its
        // most exact figure needs (up to 6 and 8), lined up on the decimal point: the figure shown is the
        // one the cost was computed with, and 7.993 stands above 11.785498 as 7.993000.
        let sales = tax.sales
        let decimals: [TaxYear.SalesColumn: Int] = [
            .quantity: TaxYear.decimals(sales.map(\.units), least: 0, most: 8),
            .buyPrice: TaxYear.decimals(sales.map(\.buyPrice), most: 6),
            .buyRate: TaxYear.decimals(sales.map(\.buyRate), most: 6),
            .sellPrice: TaxYear.decimals(sales.map(\.sellPrice), most: 6),
            .sellRate: TaxYear.decimals(sales.map(\.sellRate), most: 6),
        ]
        let columns = TaxYear.SalesColumn.allCases.filter { $0.key != nil }
        let rows = sales.map { s in columns.map { cell(s, $0, decimals[$0] ?? 2) } }
        let total = columns.map { column in
            column == .asset
                ? DataTable.Cell(strings[.total], bold: true)
                : column.total(of: tax).map { uah($0, bold: true) } ?? DataTable.Cell("")
        }
        let (purchase, sale) = (strings.taxColumn("purchase"), strings.taxColumn("sale"))
        return DataTable(
            columns: columns.map {
                .init(
                    key: $0.key ?? "",
                    title: title($0),
                    numeric: $0.isNumeric,
                    alignsDecimals: $0.alignsDecimals,
                    group: $0.isPurchase.map { $0 ? purchase : sale }
                )
            },
            rows: rows,
            totals: rows.isEmpty ? [] : [total]
        )
    }

    /// A sale's cell in a column; its figure with the column's decimals.
    private func cell(_ s: TaxYear.Sale, _ column: TaxYear.SalesColumn, _ decimals: Int) -> DataTable.Cell {
        switch column {
        case .asset: return DataTable.Cell(s.asset.rawValue)
        case .quantity: return figure(s.units, decimals)
        case .buyDate: return day(s.buyDay)
        case .buyID, .buyExternalID: return DataTable.Cell(s.closing.buy.reference)
        case .buyPrice: return figure(s.buyPrice, decimals)
        case .buyCurrency: return DataTable.Cell(s.buyCurrency.rawValue)
        case .buyRate: return figure(s.buyRate, decimals)
        case .buyFeeUAH: return uah(s.buyFee)
        case .costUAH: return uah(s.cost)
        case .sellDate: return day(s.sellDay)
        case .sellID, .sellExternalID: return DataTable.Cell(s.closing.sale.reference)
        case .sellPrice, .sellCurrency:
            // A sale priced in another currency than its purchase says its own beside its price.
            var cell = figure(s.sellPrice, decimals)
            if s.sellCurrency != s.buyCurrency { cell.text += "\u{00A0}" + s.sellCurrency.rawValue }
            return cell
        case .sellRate: return figure(s.sellRate, decimals)
        case .sellFeeUAH: return uah(s.sellFee)
        case .proceedsUAH: return uah(s.proceeds)
        case .resultUAH: return uah(s.result)
        }
    }

    /// A sales column's title in the locale's words.
    private func title(_ column: TaxYear.SalesColumn) -> String {
        switch column {
        case .asset: strings[.asset]
        case .quantity: strings.taxColumn("units")
        case .buyDate, .sellDate: strings.taxColumn("date")
        case .buyID, .buyExternalID, .sellID, .sellExternalID: strings.taxColumn("trade")
        case .buyPrice, .sellPrice, .sellCurrency: strings[.price]
        case .buyCurrency: strings.taxColumn("currency")
        case .buyRate, .sellRate: strings.taxColumn("nbu")
        case .buyFeeUAH, .sellFeeUAH: strings.taxColumn("fee")
        case .costUAH: strings.taxColumn("cost")
        case .proceedsUAH: strings.taxColumn("proceeds")
        case .resultUAH: strings.taxColumn("result")
        }
    }

    /// Each dividend and interest at its day's NBU rate, then the sums in hryvnias.
    var incomeTable: DataTable {
        let columns = TaxYear.IncomeColumn.allCases.filter { $0.key != nil }
        let rates = TaxYear.decimals(tax.income.map(\.rate), most: 6)
        let rows = tax.income.map { i in
            columns.map { column -> DataTable.Cell in
                switch column {
                case .date: day(i.day)
                case .kind: DataTable.Cell(strings.taxColumn(i.kind.rawValue))
                case .asset: DataTable.Cell(i.asset.rawValue)
                case .id, .externalID: DataTable.Cell(i.transaction.reference)
                case .currency: DataTable.Cell(i.currency.rawValue)
                case .gross: figure(i.gross, 2)
                case .rate: figure(i.rate, rates)
                case .grossUAH: uah(i.grossUAH)
                case .withheld: figure(i.withheld, 2)
                case .withheldUAH: uah(i.withheldUAH)
                }
            }
        }
        let total = columns.map { column in
            column == .date
                ? DataTable.Cell(strings[.total], bold: true)
                : column.total(of: tax).map { uah($0, bold: true) } ?? DataTable.Cell("")
        }
        return DataTable(
            columns: columns.map { .init(key: $0.key ?? "", title: title($0), numeric: $0.isNumeric) },
            rows: rows,
            totals: rows.isEmpty ? [] : [total]
        )
    }

    /// An income column's title in the locale's words.
    private func title(_ column: TaxYear.IncomeColumn) -> String {
        switch column {
        case .date: strings.taxColumn("date")
        case .kind: strings[.kind]
        case .asset: strings[.asset]
        case .id, .externalID: strings.taxColumn("trade")
        case .currency: strings[.currency]
        case .gross: strings.taxColumn("gross")
        case .rate: strings.taxColumn("nbu")
        case .grossUAH: strings.taxColumn("grossUAH")
        case .withheld: strings.taxColumn("withheld")
        case .withheldUAH: strings.taxColumn("withheldUAH")
        }
    }
}
