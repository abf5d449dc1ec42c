import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

extension PortfolioReportData {
    /// The tables a definition of the portfolio report may name, in the order its errors list them.
    public enum Table: String, CaseIterable {
        case holdings, trades
        case cashFlows = "cash-flows"
        case diagnostics, income, performance, drawdowns, attribution
        case nextPayments = "next-payments"
        case incomeYield = "income-yield"
        /// The trades back to target (`folio table rebalance --sell`); empty without targets.
        case rebalance
    }

    public func table(_ table: Table) throws -> DataTable {
        switch table {
        case .holdings: try holdingsTable()
        case .trades: tradesTable
        case .cashFlows: cashFlowsTable
        case .diagnostics: diagnosticsTable
        case .income: incomeTable
        case .nextPayments: nextPaymentsTable()
        case .incomeYield: incomeYieldTable
        case .performance: try performanceTable()
        case .drawdowns: try drawdownsTable()
        case .attribution: try datasetTable("attribution") { try AttributionDataset().contributionTable(charts.input) }
        case .rebalance: try datasetTable("rebalance") { try DriftDataset().tradeTable(charts.input) }
        }
    }

    /// A table a dataset builds: what its data does not have (an `ArgumentError`: a portfolio that holds
    /// nothing yet, a history without a counted day) is an empty table and a warning; anything else
    /// fails the report, naming what failed.
    func datasetTable(_ name: String, _ make: () throws -> DataTable) throws -> DataTable {
        do { return try make() } catch let gap as ArgumentError {
            charts.warnings.add(["\(name): \(gap.problem)"])
            return DataTable(columns: [], rows: [])
        }
    }

    typealias Column = DataTable.Column
    typealias Cell = DataTable.Cell

    private func decimals(_ asset: AssetCode) -> Int { input.assets.first { $0.code == asset }?.decimals ?? 2 }
    /// A quantity as the holdings table prints it (138, not 138.00 on the next page).
    func quantity(_ q: Double, _ asset: AssetCode) -> Cell {
        Cell(
            HoldingsDataset.quantityFormat(q, asset: input.assets.first { $0.code == asset }, locale: locale).string(q),
            sort: q
        )
    }
    func number(_ v: Double?, _ d: Int) -> Cell {
        Cell(v.map { NumberFormat(locale: locale, style: .decimal(d)).string($0) } ?? "—", sort: v)
    }
    func price(_ v: Double?) -> Cell {
        Cell(
            v.map { NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4)).string($0) } ?? "—",
            sort: v
        )
    }
    private func time(_ t: Date) -> Cell {
        Cell(DateText.date(Day(t), locale: locale), sort: t.timeIntervalSince1970)
    }

    /// The one holdings table (FolioDatasets' `HoldingsDataset`), as `folio chart table` shows it.
    func holdingsTable() throws -> DataTable {
        try datasetTable("holdings") { try HoldingsDataset().table(charts.input).table }
    }

    /// Events by what they were and the broker's id.
    var eventNames: LedgerEventNames {
        LedgerEventNames(
            trades: input.trades,
            cashTransactions: input.cashTransactions,
            assets: input.assets,
            strings: strings
        )
    }

    /// Made when asked for: a report shows the last 500 of what may be a million trades. A trade of one
    /// currency for another (a broker's conversion, the leg that pays for a trade in another currency) is
    /// the exchange it is, in one row: "Exchange 1,173.74 EUR for 1,236.30 USD".
    var tradesTable: DataTable {
        let trades = input.trades.filter { $0.time <= input.asOf.end }
        let names = eventNames
        let (bought, sold, exchanged) = (strings[.buy], strings[.sell], strings[.exchange])
        let side: @Sendable (Trade) -> Cell = { t in
            Cell(names.exchange(t) != nil ? exchanged : t.side == .buy ? bought : sold)
        }
        let rows = DataTable.LazyRows(
            count: trades.count,
            sortKey: { i, column in
                let t = trades[i]
                switch column {
                case 0: return Cell("", sort: t.time.timeIntervalSince1970)
                case 1: return side(t)
                case 2: return Cell(t.asset.rawValue)
                case 3: return Cell("", sort: t.quantity)
                case 4: return Cell("", sort: t.price)
                case 5: return Cell(t.priceCurrency.rawValue)
                case 6: return Cell("", sort: t.fee)
                default: return Cell(t.feeCurrency.rawValue)
                }
            },
            row: { i in
                let t = trades[i]
                if let exchange = names.exchange(t) {
                    // The rate stays in the price column: what one unit bought cost in the other.
                    return [
                        time(t.time), side(t), Cell(strings.exchangeFor(exchange)), Cell(""), price(t.price),
                        Cell(t.priceCurrency.rawValue), fee(t), Cell(t.feeCurrency.rawValue),
                    ]
                }
                return [
                    time(t.time), side(t), Cell(t.asset.rawValue), quantity(t.quantity, t.asset), price(t.price),
                    Cell(t.priceCurrency.rawValue), fee(t), Cell(t.feeCurrency.rawValue),
                ]
            }
        )
        return DataTable(
            columns: [
                Column(key: "time", title: strings.dateColumn, numeric: false),
                Column(key: "side", title: strings[.side], numeric: false),
                Column(key: "asset", title: strings[.asset], numeric: false),
                Column(key: "quantity", title: strings[.quantity], numeric: true),
                Column(key: "price", title: strings[.price], numeric: true),
                Column(key: "currency", title: strings[.currency], numeric: false),
                Column(key: "fee", title: strings[.fee], numeric: true),
                Column(key: "fee-currency", title: strings[.currency], numeric: false),
            ],
            lazyRows: rows,
            defaultColumns: ["time", "side", "asset", "quantity", "price", "currency", "fee"]
        )
    }

    /// A trade's fee with its own currency's digits and code (0.00035970 BTC beside a price in USD).
    private func fee(_ t: Trade) -> Cell {
        let amount = number(t.fee, decimals(t.feeCurrency))
        return Cell(t.fee == 0 ? amount.text : amount.text + "\u{00A0}" + t.feeCurrency.rawValue, sort: t.fee)
    }

    /// The window of the report's flows: the chart's (12 months, `CashFlowsDataset`), said in both titles.
    var flowsWindow: DayRange { .months(12, endingAt: input.asOf) }

    var cashFlowsTable: DataTable {
        let cashFlows = CashFlowsByMonth(
            cashTransactions: input.cashTransactions,
            trades: input.trades,
            rates: input.rates,
            base: base,
            range: flowsWindow
        )
        // Months without a deposit, withdrawal or fee say nothing in a table (the chart shows the gaps).
        let active = cashFlows.months.filter { [$0.deposits, $0.withdrawals, $0.fees].contains { ($0 ?? 1) != 0 } }
        let rows = active.map { m -> [Cell] in
            [
                Cell(DateText.monthYear(m.first, locale: locale), sort: m.first.start.timeIntervalSince1970),
                number(m.deposits, 2), number(m.withdrawals, 2), number(m.fees, 2), number(m.net, 2),
            ]
        }
        return DataTable(
            columns: [
                Column(key: "month", title: strings[.month], numeric: false),
                Column(key: "deposits", title: strings[.deposits] + ", " + strings.currency(base), numeric: true),
                Column(key: "withdrawals", title: strings[.withdrawals] + ", " + strings.currency(base), numeric: true),
                Column(key: "fees", title: strings[.fees] + ", " + strings.currency(base), numeric: true),
                Column(key: "net", title: strings[.net] + ", " + strings.currency(base), numeric: true),
            ],
            rows: rows
        )
    }

    /// Each balance that went below zero, by the event after which it did: its day, what it was (a sale
    /// of LTC, a withdrawal of BSV) and the id the broker's export gave it, which a reader can find in
    /// the export, unlike the database's own.
    var diagnosticsTable: DataTable {
        let rows = diagnostics.map { d -> [Cell] in
            let (event, id) = eventNames(d.after)
            return [
                Cell(d.asset.rawValue), time(d.time), Cell(event), Cell(id ?? "—"),
                number(d.balance, decimals(d.asset)),
            ]
        }
        return DataTable(
            columns: [
                Column(key: "asset", title: strings[.asset], numeric: false),
                Column(key: "time", title: strings.day, numeric: false),
                Column(key: "after", title: strings.event, numeric: false),
                Column(key: "id", title: strings.brokersID, numeric: false),
                Column(key: "balance", title: strings[.balance], numeric: true),
            ],
            rows: rows
        )
    }
}
