import Foundation
import FolioAnalytics
import FolioCharts
import FolioDatasets
import FolioCore

extension MarketReportData: ReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": strings[.marketReport], "base": input.currency.rawValue, "title": strings[.marketReport],
        ]) { $1 }
    }

    public func condition(_ name: String) -> Bool? {
        switch name {
        case "fiat": !fiatRates.isEmpty
        case "crypto": !coins.isEmpty
        case "banks": !BankRates(quotes: input.bankQuotes, asOf: input.asOf).rows.isEmpty
        default: nil
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        let compact = NumberFormat(locale: locale, style: .compact(decimals: 2), currency: .usd)
        let subject = MarketStatistic.cryptoMarket
        switch kind {
        case .marketCap:
            return statistic(subject, .marketCap).map { KPITile(label: strings[.totalMarketCap], value: compact.string($0.value)) }
        case .volume24h:
            return statistic(subject, .volume24h).map { KPITile(label: strings[.volume24h], value: compact.string($0.value)) }
        case .btcDominance:
            return (statistic(subject, .dominancePercent) ?? statistic("BTC", .dominancePercent)).map {
                KPITile(label: strings[.btcDominance], value: NumberFormat(locale: locale, style: .percent(1)).string($0.value / 100))
            }
        default:
            return nil
        }
    }

    public var chartData: [String: Set<ChartKind>] { ["currencies-7d": [.smallMultiples], "coin-7d": [.line]] }

    public func chart(_ kind: ChartKind, data: String, parameters: [String: String], frame: ChartFrame) throws -> ChartContent {
        func series(_ asset: AssetCode, in currency: AssetCode, to end: Day = input.asOf) -> LineSeries? {
            // Seven days from the last price before them (`ChangeWindow`), as the coins table's "7 days".
            let range = DayRange.days(15, endingAt: end)
            guard let history = try? PriceHistory(of: asset, in: currency, range: range, rates: input.rates) else { return nil }
            let points = ChangeWindow.points(history.points, days: 7, endingAt: end)
            guard !points.isEmpty else { return nil }
            return LineSeries(name: asset.rawValue + "/" + currency.rawValue, times: points.map { $0.time.timeIntervalSince1970 },
                              values: points.map(\.value))
        }
        switch data {
        case "currencies-7d":
            let codes = (parameters["currencies"] ?? "USD,EUR,PLN").split(separator: ",").map { AssetCode($0.trimmingCharacters(in: .whitespaces).uppercased()) }
            return .smallMultiples(codes.compactMap { series($0, in: input.currency) })
        default:
            let asset = AssetCode((parameters["asset"] ?? "BTC").uppercased())
            var frame = frame
            let day = cryptoDay
            frame.subtitle = asset.rawValue + "/USD · " + strings[.asOf] + " " + DateText.date(day, locale: locale)
            return .chart(LineChart(frame: frame, series: series(asset, in: "USD", to: day).map { [$0] } ?? [],
                                          valueFormat: NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4), currency: .usd)))
        }
    }

    /// Whether any coin has this statistic (the coins table shows market caps only when fetched).
    func statistics(_ name: MarketStatistic.Name) -> Bool {
        input.statistics.contains { $0.name == name && $0.subject != MarketStatistic.cryptoMarket }
    }

    public var tableNames: [String] { ["rates", "banks", "converter", "coins"] }

    public func table(_ name: String) -> DataTable? {
        let price = NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        // Four decimals: daily moves of a hryvnia rate are hundredths and thousandths.
        let signed = NumberFormat(locale: locale, style: .decimal(4), explicitPlus: true)
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        func number(_ v: Double?, _ f: NumberFormat) -> DataTable.Cell { DataTable.Cell(v.map(f.string) ?? "—", sort: v) }
        switch name {
        case "rates":
            let rows = fiatRates.map { r -> [DataTable.Cell] in
                [DataTable.Cell(r.pair.asset.rawValue), DataTable.Cell(r.market.description), number(r.point.bid, price), number(r.point.ask, price),
                 number(r.point.price, price), number(r.change, signed), number(r.changeFraction, percent),
                 DataTable.Cell(DateText.date(Day(r.point.time), locale: locale), sort: r.point.time.timeIntervalSince1970)]
            }
            return DataTable(columns: [
                .init(key: "currency", title: strings[.currency], numeric: false), .init(key: "market", title: strings[.market], numeric: false),
                .init(key: "buy", title: strings[.buy], numeric: true), .init(key: "sell", title: strings[.sell], numeric: true),
                .init(key: "rate", title: strings[.rate] + ", " + input.currency.rawValue, numeric: true),
                .init(key: "change", title: strings[.change], numeric: true), .init(key: "change-percent", title: "%", numeric: true),
                .init(key: "day", title: strings[.time], numeric: false),
            ], rows: rows)
        case "banks":
            let banks = BankRates(quotes: input.bankQuotes, asOf: input.asOf)
            let rows = banks.rows.map { row -> [DataTable.Cell] in
                [DataTable.Cell(row.bank), DataTable.Cell(row.currency.rawValue)] + row.rates.enumerated().map { column, rate in
                    // The best rate of its column is marked with a bullet, not by colour alone.
                    let isBest = rate != nil && rate == banks.best[row.currency]?[column]
                    return DataTable.Cell(rate.map { (isBest ? "• " : "") + price.string($0) } ?? "—", sort: rate)
                }
            }
            return DataTable(columns: [
                .init(key: "bank", title: strings[.bank], numeric: false), .init(key: "currency", title: strings[.currency], numeric: false),
                .init(key: "cash-buy", title: strings[.cashBuy], numeric: true), .init(key: "cash-sell", title: strings[.cashSell], numeric: true),
                .init(key: "card-buy", title: strings[.cardBuy], numeric: true), .init(key: "card-sell", title: strings[.cardSell], numeric: true),
            ], rows: rows)
        case "converter":
            let currencies = Array(Set(fiatRates.map(\.pair.asset))).sorted()
            let amount = NumberFormat(locale: locale, style: .decimal(2))
            let rows = currencies.compactMap { code -> [DataTable.Cell]? in
                guard case .success(let rate) = input.rates.rate(from: code, to: input.currency, at: input.asOf.end) else { return nil }
                return [DataTable.Cell(code.rawValue), number(100, amount), number(rate.convert(100), amount),
                        number(1000, amount), number(rate.convert(1000), amount)]
            }
            return DataTable(columns: [
                .init(key: "currency", title: strings[.currency], numeric: false),
                .init(key: "amount-100", title: strings[.amount], numeric: true),
                .init(key: "result-100", title: input.currency.rawValue, numeric: true),
                .init(key: "amount-1000", title: strings[.amount], numeric: true),
                .init(key: "result-1000", title: input.currency.rawValue, numeric: true),
            ], rows: rows)
        case "coins":
            let rows = coins.map { c -> [DataTable.Cell] in
                let week = input.book.last(c.pair, market: c.market, atOrBefore: Day(c.point.time).advanced(by: -7).end)
                let weekChange = week.flatMap { $0.price != 0 ? (c.point.price - $0.price) / $0.price : nil }
                let cap = statistic(c.pair.asset.rawValue, .marketCap)?.value
                return [DataTable.Cell(c.pair.asset.rawValue), number(c.point.price, price), number(c.changeFraction, percent),
                        number(weekChange, percent),
                        number(cap, NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .usd))]
            }
            return DataTable(columns: [
                .init(key: "coin", title: strings[.asset], numeric: false), .init(key: "price", title: strings[.price] + ", USD", numeric: true),
                .init(key: "change-24h", title: strings[.change24h], numeric: true), .init(key: "change-7d", title: strings[.change7d], numeric: true),
                .init(key: "market-cap", title: strings[.marketCap], numeric: true),
            ], rows: rows, defaultColumns: statistics(.marketCap) ? nil : ["coin", "price", "change-24h", "change-7d"])
        default:
            return nil
        }
    }
}
