import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets

// The market report's tables, each typed: its columns once (the raw value is the report definition's
// key), its lines as named figures (`RatesByMarket.Row`, a currency's rate, `CoinLine`), and one function
// from a line and a column to a cell.
extension MarketReportData {
    /// The tables a definition of the market report may name.
    public enum Table: String, CaseIterable {
        case rates, converter, coins
    }

    public func table(_ table: Table) -> DataTable {
        switch table {
        case .rates: ratesTable
        case .converter: converterTable
        case .coins: coinsTable
        }
    }

    /// The columns of the rates by market: a row's currency and venue, its buy, sell and their spread,
    /// the rate, its change over a day, and the day of its quote.
    enum RatesColumn: String, CaseIterable {
        case currency, market, buy, sell, spread, rate, change
        case changePercent = "change-percent"
        case day

        /// The row's figure in this column; nil for the columns of words and the day.
        func figure(_ row: RatesByMarket.Row) -> Double? {
            switch self {
            case .currency, .market, .day: nil
            case .buy: row.latest.bid
            case .sell: row.latest.ask
            case .spread: row.spread
            case .rate: row.latest.price
            case .change: row.dayChange
            case .changePercent: row.dayChangeFraction
            }
        }

        /// Whether the row's figure in this column is the best of its currency's, set in bold.
        func isBest(_ row: RatesByMarket.Row) -> Bool {
            switch self {
            case .buy: row.isBestBuy
            case .sell: row.isBestSell
            default: false
            }
        }

        var isNumeric: Bool { ![.currency, .market, .day].contains(self) }
        /// A column's pairs may differ in decimals: their figures line up on the decimal separator.
        var alignsDecimals: Bool { isNumeric && self != .changePercent }
    }

    var ratesTable: DataTable {
        let decimals = Dictionary(
            uniqueKeysWithValues: fiatRates.currencies.map { ($0, Self.decimals(of: fiatRates.rows(of: $0))) }
        )
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        let rows = fiatRates.rows.map { row in
            let places = decimals[row.currency] ?? 2
            let rate = NumberFormat(locale: locale, style: .decimal(places))
            let signed = NumberFormat(locale: locale, style: .decimal(places), explicitPlus: true)
            return RatesColumn.allCases.map { column -> DataTable.Cell in
                switch column {
                case .currency: return DataTable.Cell(row.currency.rawValue)
                case .market: return DataTable.Cell(venueName(row.venue))
                case .day:
                    return DataTable.Cell(
                        DateText.date(Day(row.latest.time), locale: locale),
                        sort: row.latest.time.timeIntervalSince1970
                    )
                default:
                    let v = column.figure(row)
                    let format = column == .change ? signed : column == .changePercent ? percent : rate
                    // The best buy and sell are set in bold: a weight, not a colour alone or a sign inside the figure.
                    return DataTable.Cell(v.map(format.string) ?? "—", sort: v, bold: column.isBest(row) && v != nil)
                }
            }
        }
        return DataTable(
            columns: RatesColumn.allCases.map { column in
                .init(
                    key: column.rawValue,
                    title: ratesTitle(column),
                    numeric: column.isNumeric,
                    alignsDecimals: column.alignsDecimals,
                    // A long table splits between currencies: one currency's markets are compared on one page.
                    keepsRowsTogether: column == .currency
                )
            },
            rows: rows
        )
    }

    private func ratesTitle(_ column: RatesColumn) -> String {
        switch column {
        case .currency: strings[.currency]
        case .market: strings[.market]
        case .buy: strings[.buy]
        case .sell: strings[.sell]
        case .spread: strings[.spread]
        case .rate: strings[.rate] + ", " + strings.currency(input.currency)
        case .change: strings.changeOver(days: 1)
        case .changePercent: "%"
        case .day: strings.dateColumn
        }
    }

    /// The columns of the converter: what 100 and 1,000 of a currency are in the report's currency.
    enum ConverterColumn: String, CaseIterable {
        case currency
        case amount100 = "amount-100"
        case result100 = "result-100"
        case amount1000 = "amount-1000"
        case result1000 = "result-1000"

        /// The amount of the currency converted; nil for the currency's column.
        var amount: Double? {
            switch self {
            case .currency: nil
            case .amount100, .result100: 100
            case .amount1000, .result1000: 1000
            }
        }

        /// Whether the column holds the amount converted (else the amount to convert).
        var isResult: Bool { self == .result100 || self == .result1000 }
    }

    var converterTable: DataTable {
        let amount = NumberFormat(locale: locale, style: .decimal(2))
        var used: [(market: String, day: Day)] = []
        let rows = fiatRates.currencies.compactMap { code -> [DataTable.Cell]? in
            guard case .success(let rate) = input.rates.rate(from: code, to: input.currency, at: input.asOf.end)
            else { return nil }
            used += rate.legs.map { (strings.source($0.market.rawValue), Day($0.time)) }
            return ConverterColumn.allCases.map { column in
                guard let v = column.amount.map({ column.isResult ? rate.convert($0) : $0 }) else {
                    return DataTable.Cell(code.rawValue)
                }
                return DataTable.Cell(amount.string(v), sort: v)
            }
        }
        return DataTable(
            columns: ConverterColumn.allCases.map { column in
                let title =
                    column == .currency
                    ? strings[.currency] : column.isResult ? strings.currency(input.currency) : strings[.amount]
                return .init(key: column.rawValue, title: title, numeric: column != .currency)
            },
            rows: rows,
            note: strings.convertedAt(markets: Array(Set(used.map(\.market))).sorted(), last: used.map(\.day).max())
        )
    }

    /// A coin's line of the coins table: its price in USD, its changes over a day and a week (fractions),
    /// its market cap when fetched.
    struct CoinLine {
        var coin: AssetCode
        var price: Double?
        var change24h: Double?
        var change7d: Double?
        var marketCap: Double?
    }

    /// The columns of the coins table.
    enum CoinsColumn: String, CaseIterable {
        case coin, price
        case change24h = "change-24h"
        case change7d = "change-7d"
        case marketCap = "market-cap"

        var figure: KeyPath<CoinLine, Double?>? {
            switch self {
            case .coin: nil
            case .price: \.price
            case .change24h: \.change24h
            case .change7d: \.change7d
            case .marketCap: \.marketCap
            }
        }
    }

    /// The coins, the largest first (`coins`).
    var coinLines: [CoinLine] {
        coins.map { c in
            let week = input.book.last(c.pair, market: c.market, atOrBefore: Day(c.point.time).advanced(by: -7).end)
            return CoinLine(
                coin: c.pair.asset,
                price: c.point.price,
                change24h: c.changeFraction,
                change7d: week.flatMap { $0.price != 0 ? (c.point.price - $0.price) / $0.price : nil },
                marketCap: statistic(c.pair.asset.rawValue, .marketCap)?.value
            )
        }
    }

    var coinsTable: DataTable {
        func format(_ column: CoinsColumn) -> NumberFormat {
            switch column {
            case .coin, .price: NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
            case .change24h, .change7d: NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
            case .marketCap: NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .usd)
            }
        }
        let rows = coinLines.map { line in
            CoinsColumn.allCases.map { column in
                guard let figure = column.figure else { return DataTable.Cell(line.coin.rawValue) }
                let v = line[keyPath: figure]
                return DataTable.Cell(v.map(format(column).string) ?? "—", sort: v)
            }
        }
        return DataTable(
            columns: CoinsColumn.allCases.map { column in
                let title: String =
                    switch column {
                    case .coin: strings[.asset]
                    case .price: strings[.price] + ", " + strings.currency("USD")
                    case .change24h: strings[.change24h]
                    case .change7d: strings[.change7d]
                    case .marketCap: strings[.marketCap]
                    }
                return .init(key: column.rawValue, title: title, numeric: column != .coin)
            },
            rows: rows,
            // Market caps only when fetched.
            defaultColumns: statistics(.marketCap)
                ? nil : CoinsColumn.allCases.filter { $0 != .marketCap }.map(\.rawValue)
        )
    }
}
