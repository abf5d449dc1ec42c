import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

extension TaxReportData {
    /// The totals of `folio table tax-year`, row for row, in the locale's words; each tax names its rate
    /// and the law the rates file cites, and the net profit and the tax to pay are set in bold.
    var totalsTable: DataTable {
        let rows = tax.totals.map { total -> [DataTable.Cell] in
            let (bold, levy) = (total.item.isResult, total.levy)
            return [
                DataTable.Cell(strings.taxItem(total.item), bold: bold), uah(total.amount, bold: bold),
                DataTable.Cell(levy?.period.map { percent($0.percent) } ?? "", sort: levy?.period?.percent),
                DataTable.Cell(levy.map { $0.period.map { basis($0) } ?? "—" } ?? ""),
            ]
        }
        return DataTable(
            columns: [
                .init(key: "item", title: strings.taxColumn("item"), numeric: false),
                .init(key: "amount", title: strings.taxColumn("amount"), numeric: true),
                .init(key: "rate", title: strings.taxColumn("rate"), numeric: true),
                .init(key: "basis", title: strings.taxColumn("basis"), numeric: false),
            ],
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
        let decimals = (
            units: TaxYear.decimals(sales.map(\.units), least: 0, most: 8),
            buyPrice: TaxYear.decimals(sales.map(\.buyPrice), most: 6),
            buyRate: TaxYear.decimals(sales.map(\.buyRate), most: 6),
            sellPrice: TaxYear.decimals(sales.map(\.sellPrice), most: 6),
            sellRate: TaxYear.decimals(sales.map(\.sellRate), most: 6)
        )
        // A sale priced in another currency than its purchase says its own beside its price.
        func price(_ value: Double, _ currency: AssetCode, _ shown: AssetCode) -> DataTable.Cell {
            var cell = figure(value, decimals.sellPrice)
            if currency != shown { cell.text += "\u{00A0}" + currency.rawValue }
            return cell
        }
        let rows = sales.map { s -> [DataTable.Cell] in
            [
                DataTable.Cell(s.asset.rawValue), figure(s.units, decimals.units),
                day(s.buyDay), DataTable.Cell(s.closing.buy.reference), figure(s.buyPrice, decimals.buyPrice),
                DataTable.Cell(s.buyCurrency.rawValue),
                figure(s.buyRate, decimals.buyRate), uah(s.buyFee), uah(s.cost),
                day(s.sellDay), DataTable.Cell(s.closing.sale.reference),
                price(s.sellPrice, s.sellCurrency, s.buyCurrency),
                figure(s.sellRate, decimals.sellRate), uah(s.sellFee), uah(s.proceeds), uah(s.result),
            ]
        }
        let sums = [\TaxYear.Sale.buyFee, \.cost, \.sellFee, \.proceeds].map { path in
            sales.map { $0[keyPath: path] }.sum()
        }
        let blank = DataTable.Cell("")
        let total = [
            DataTable.Cell(strings[.total], bold: true), blank, blank, blank, blank, blank, blank,
            uah(sums[0], bold: true),
            uah(sums[1], bold: true), blank, blank, blank, blank, uah(sums[2], bold: true), uah(sums[3], bold: true),
            uah(tax.net, bold: true),
        ]
        let (purchase, sale) = (strings.taxColumn("purchase"), strings.taxColumn("sale"))
        func column(
            _ key: String,
            _ title: String,
            numeric: Bool = true,
            aligned: Bool = false,
            _ group: String? = nil
        ) -> DataTable.Column {
            .init(key: key, title: title, numeric: numeric, alignsDecimals: aligned, group: group)
        }
        return DataTable(
            columns: [
                column("asset", strings[.asset], numeric: false),
                column("quantity", strings.taxColumn("units"), aligned: true),
                column("bought", strings.taxColumn("date"), numeric: false, purchase),
                column("buy-trade", strings.taxColumn("trade"), numeric: false, purchase),
                column("buy-price", strings[.price], aligned: true, purchase),
                column("currency", strings.taxColumn("currency"), numeric: false, purchase),
                column("buy-rate", strings.taxColumn("nbu"), aligned: true, purchase),
                column("buy-fee", strings.taxColumn("fee"), purchase),
                column("cost", strings.taxColumn("cost"), purchase),
                column("sold", strings.taxColumn("date"), numeric: false, sale),
                column("sell-trade", strings.taxColumn("trade"), numeric: false, sale),
                column("sell-price", strings[.price], aligned: true, sale),
                column("sell-rate", strings.taxColumn("nbu"), aligned: true, sale),
                column("sell-fee", strings.taxColumn("fee"), sale),
                column("proceeds", strings.taxColumn("proceeds"), sale),
                column("result", strings.taxColumn("result")),
            ],
            rows: rows,
            totals: rows.isEmpty ? [] : [total]
        )
    }

    /// Each dividend and interest at its day's NBU rate, then the sums in hryvnias.
    var incomeTable: DataTable {
        let rates = TaxYear.decimals(tax.income.map(\.rate), most: 6)
        let rows = tax.income.map { i -> [DataTable.Cell] in
            [
                day(i.day), DataTable.Cell(strings.taxColumn(i.kind.rawValue)), DataTable.Cell(i.asset.rawValue),
                DataTable.Cell(i.transaction.reference), DataTable.Cell(i.currency.rawValue),
                figure(i.gross, 2), figure(i.rate, rates), uah(i.grossUAH), figure(i.withheld, 2), uah(i.withheldUAH),
            ]
        }
        let blank = DataTable.Cell("")
        let total = [
            DataTable.Cell(strings[.total], bold: true), blank, blank, blank, blank, blank, blank,
            uah(tax.grossIncome, bold: true),
            blank, uah(tax.withheldIncome, bold: true),
        ]
        return DataTable(
            columns: [
                .init(key: "date", title: strings.taxColumn("date"), numeric: false),
                .init(key: "kind", title: strings[.kind], numeric: false),
                .init(key: "asset", title: strings[.asset], numeric: false),
                .init(key: "transaction", title: strings.taxColumn("trade"), numeric: false),
                .init(key: "currency", title: strings[.currency], numeric: false),
                .init(key: "gross", title: strings.taxColumn("gross"), numeric: true),
                .init(key: "rate", title: strings.taxColumn("nbu"), numeric: true),
                .init(key: "gross-uah", title: strings.taxColumn("grossUAH"), numeric: true),
                .init(key: "withheld", title: strings.taxColumn("withheld"), numeric: true),
                .init(key: "withheld-uah", title: strings.taxColumn("withheldUAH"), numeric: true),
            ],
            rows: rows,
            totals: rows.isEmpty ? [] : [total]
        )
    }
}
