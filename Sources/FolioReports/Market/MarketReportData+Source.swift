import FolioAnalytics
import FolioCharts
import FolioCore
import FolioDatasets
import Foundation

extension MarketReportData: ChartReportDataSource {
    public var values: [String: String] {
        ReportStamp.values(asOf: input.asOf, generated: input.generated, locale: locale).merging([
            "portfolio": strings[.marketReport], "base": input.currency.rawValue, "title": strings[.marketReport],
            "cryptoLastQuote": strings.cryptoLastQuote(cryptoDay, asOf: input.asOf),
        ]) { $1 }
    }

    /// The `when:` conditions of the market report's definitions.
    public enum Condition: String, CaseIterable {
        case fiat, crypto
        case cryptoQuotedEarlier = "crypto-quoted-earlier"
        case bestMarked = "best-marked"
    }

    public func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .fiat: !fiatRates.rows.isEmpty
        case .crypto: !coins.isEmpty
        // Coins stopped being quoted before the report's day: the page says so before its figures.
        case .cryptoQuotedEarlier: !coins.isEmpty && cryptoDay < input.asOf
        case .bestMarked: fiatRates.hasBuyAndSell
        }
    }

    public func tile(_ kind: KPIKind) -> KPITile? {
        let compact = NumberFormat(locale: locale, style: .compact(decimals: 2), currency: .usd)
        let subject = MarketStatistic.cryptoMarket
        switch kind {
        case .marketCap:
            return statistic(subject, .marketCap).map {
                KPITile(label: strings[.totalMarketCap], value: compact.string($0.value))
            }
        case .volume24h:
            return statistic(subject, .volume24h).map {
                KPITile(label: strings[.volume24h], value: compact.string($0.value))
            }
        case .btcDominance:
            return (statistic(subject, .dominancePercent) ?? statistic("BTC", .dominancePercent)).map {
                KPITile(
                    label: strings[.btcDominance],
                    value: NumberFormat(locale: locale, style: .percent(1)).string($0.value / 100)
                )
            }
        default:
            return nil
        }
    }

    public var chartData: [String: Set<ChartKind>] {
        ["currencies-7d": [.smallMultiples], "markets-7d": [.line], "coin-7d": [.line]]
    }
    /// The market report draws what its day has; a rate without quotes is a blank cell, named on the page.
    public var warnings: [String] { [] }

    public func chart(
        _ kind: ChartKind,
        data: String,
        parameters: [String: String],
        frame: ChartFrame
    ) throws -> ChartContent {
        /// Seven days from the last price before them (`ChangeWindow`), as the coins table's "7 days"; no
        /// points when the days have no price (`PriceHistory` refuses a pair without quotes), which the
        /// chart shows as a named, empty panel rather than leaving the pair out.
        func series(_ asset: AssetCode, in currency: AssetCode, to end: Day = input.asOf) -> LineSeries {
            let range = DayRange.days(15, endingAt: end)
            let history = try? PriceHistory(of: asset, in: currency, range: range, rates: input.rates)
            let points = history.map { ChangeWindow.points($0.points, days: 7, endingAt: end) } ?? []
            return LineSeries(
                name: asset.rawValue + "/" + currency.rawValue,
                times: points.map { $0.time.timeIntervalSince1970 },
                values: points.map(\.value)
            )
        }
        switch data {
        case "currencies-7d":
            let codes = (parameters["currencies"] ?? "USD,EUR,PLN").split(separator: ",").map {
                AssetCode($0.trimmingCharacters(in: .whitespaces).uppercased())
            }
            return .smallMultiples(
                SmallMultiplesChart(frame: frame, series: codes.map { series($0, in: input.currency) })
            )
        case "markets-7d":
            return .chart(marketsChart(AssetCode((parameters["currency"] ?? "USD").uppercased()), frame: frame))
        default:
            let asset = AssetCode((parameters["asset"] ?? "BTC").uppercased())
            var frame = frame
            let day = cryptoDay
            frame.subtitle = strings.coinSubtitle(asset, in: "USD", lastQuote: day, asOf: input.asOf)
            return .chart(
                LineChart(
                    frame: frame,
                    series: [series(asset, in: "USD", to: day)].filter { !$0.values.isEmpty },
                    valueFormat: NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4), currency: .usd)
                )
            )
        }
    }

    /// "NBU", "card · monobank": a market, and on banks' markets the bank.
    func venueName(_ venue: RatesByMarket.Venue) -> String {
        strings.market(venue.market) + (venue.bank.map { " · " + strings.source($0) } ?? "")
    }

    /// A currency's 7 days on each market it is quoted on, a line each (`ChangeWindow`, as the table's
    /// rows): banks' lines are the middle of their buy and sell. The NBU sets one rate for each day, dated
    /// at its start; the banks quote during the day: the NBU's line goes on at its last day's rate to the
    /// banks' last quote of that day (it stopped at midnight while the banks' lines ran on to 09:00).
    func marketsChart(_ currency: AssetCode, frame: ChartFrame) -> LineChart {
        var frame = frame
        let rows = fiatRates.rows(of: currency)
        frame.subtitle = strings.marketsSubtitle(
            currency,
            in: input.currency,
            days: 7,
            banks: rows.contains { $0.venue.bank != nil }
        )
        let end = rows.compactMap { $0.week.last?.time }.max()
        let series = rows.filter { !$0.week.isEmpty }.map { row in
            var times = row.week.map { $0.time.timeIntervalSince1970 }
            var values = row.week.map(\.value)
            if row.venue.market == .nbu, let last = row.week.last, let end, end > last.time,
                Day(end) == Day(last.time)
            {
                times.append(end.timeIntervalSince1970)
                values.append(last.value)
            }
            return LineSeries(name: venueName(row.venue), times: times, values: values)
        }
        return LineChart(
            frame: frame,
            series: series,
            valueFormat: NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        )
    }

    /// The one precision a currency pair's figures are written with in the rates table: the most decimals
    /// any of its buys, sells, rates and the rates its 1-day changes start from needs (trailing zeros
    /// dropped, from 2 to 4 as `.upTo` writes a rate), so that a pair's rows line up digit by digit and a
    /// change or spread has the decimals of the rates it is the difference of.
    static func decimals(of rows: [RatesByMarket.Row]) -> Int {
        let needed = NumberFormat(locale: .en, style: .upTo(minimum: 2, maximum: 4), grouping: false)
        let figures = rows.flatMap {
            [$0.latest.bid, $0.latest.ask, $0.latest.price, $0.dayBase?.value].compactMap { $0 }
        }
        return figures.map { needed.string($0).split(separator: ".").dropFirst().first?.count ?? 2 }.max() ?? 2
    }

    /// Whether any coin has this statistic (the coins table shows market caps only when fetched).
    func statistics(_ name: MarketStatistic.Name) -> Bool {
        input.statistics.contains { $0.name == name && $0.subject != MarketStatistic.cryptoMarket }
    }

    /// The tables a definition of the market report may name.
    public enum Table: String, CaseIterable {
        case rates, converter, coins
    }

    public func table(_ table: Table) -> DataTable {
        let price = NumberFormat(locale: locale, style: .price(minimum: 2, significant: 4))
        let percent = NumberFormat(locale: locale, style: .percent(2), explicitPlus: true)
        func number(_ v: Double?, _ f: NumberFormat) -> DataTable.Cell {
            DataTable.Cell(v.map(f.string) ?? "—", sort: v)
        }
        switch table {
        case .rates:
            let decimals = Dictionary(
                uniqueKeysWithValues: fiatRates.currencies.map { ($0, Self.decimals(of: fiatRates.rows(of: $0))) }
            )
            let rows = fiatRates.rows.map { row -> [DataTable.Cell] in
                let places = decimals[row.currency] ?? 2
                let rate = NumberFormat(locale: locale, style: .decimal(places))
                let signed = NumberFormat(locale: locale, style: .decimal(places), explicitPlus: true)
                // The best buy and sell are set in bold: a weight, not a colour alone or a sign inside the figure.
                func figure(_ v: Double?, best: Bool = false, _ format: NumberFormat = rate) -> DataTable.Cell {
                    DataTable.Cell(v.map(format.string) ?? "—", sort: v, bold: best && v != nil)
                }
                return [
                    DataTable.Cell(row.currency.rawValue), DataTable.Cell(venueName(row.venue)),
                    figure(row.latest.bid, best: row.isBestBuy), figure(row.latest.ask, best: row.isBestSell),
                    figure(row.spread),
                    figure(row.latest.price), figure(row.dayChange, signed), number(row.dayChangeFraction, percent),
                    DataTable.Cell(
                        DateText.date(Day(row.latest.time), locale: locale),
                        sort: row.latest.time.timeIntervalSince1970
                    ),
                ]
            }
            // A column's pairs may differ in decimals: their figures line up on the decimal separator.
            return DataTable(
                columns: [
                    // A long table splits between currencies: one currency's markets are compared on one page.
                    .init(key: "currency", title: strings[.currency], numeric: false, keepsRowsTogether: true),
                    .init(key: "market", title: strings[.market], numeric: false),
                    .init(key: "buy", title: strings[.buy], numeric: true, alignsDecimals: true),
                    .init(key: "sell", title: strings[.sell], numeric: true, alignsDecimals: true),
                    .init(key: "spread", title: strings[.spread], numeric: true, alignsDecimals: true),
                    .init(
                        key: "rate",
                        title: strings[.rate] + ", " + strings.currency(input.currency),
                        numeric: true,
                        alignsDecimals: true
                    ),
                    .init(key: "change", title: strings.changeOver(days: 1), numeric: true, alignsDecimals: true),
                    .init(key: "change-percent", title: "%", numeric: true),
                    .init(key: "day", title: strings.dateColumn, numeric: false),
                ],
                rows: rows
            )
        case .converter:
            let currencies = fiatRates.currencies
            let amount = NumberFormat(locale: locale, style: .decimal(2))
            var used: [(market: String, day: Day)] = []
            let rows = currencies.compactMap { code -> [DataTable.Cell]? in
                guard case .success(let rate) = input.rates.rate(from: code, to: input.currency, at: input.asOf.end)
                else { return nil }
                used += rate.legs.map { (strings.source($0.market.rawValue), Day($0.time)) }
                return [
                    DataTable.Cell(code.rawValue), number(100, amount), number(rate.convert(100), amount),
                    number(1000, amount), number(rate.convert(1000), amount),
                ]
            }
            return DataTable(
                columns: [
                    .init(key: "currency", title: strings[.currency], numeric: false),
                    .init(key: "amount-100", title: strings[.amount], numeric: true),
                    .init(key: "result-100", title: strings.currency(input.currency), numeric: true),
                    .init(key: "amount-1000", title: strings[.amount], numeric: true),
                    .init(key: "result-1000", title: strings.currency(input.currency), numeric: true),
                ],
                rows: rows,
                note: strings.convertedAt(
                    markets: Array(Set(used.map(\.market))).sorted(),
                    last: used.map(\.day).max()
                )
            )
        case .coins:
            let rows = coins.map { c -> [DataTable.Cell] in
                let week = input.book.last(c.pair, market: c.market, atOrBefore: Day(c.point.time).advanced(by: -7).end)
                let weekChange = week.flatMap { $0.price != 0 ? (c.point.price - $0.price) / $0.price : nil }
                let cap = statistic(c.pair.asset.rawValue, .marketCap)?.value
                return [
                    DataTable.Cell(c.pair.asset.rawValue), number(c.point.price, price),
                    number(c.changeFraction, percent),
                    number(weekChange, percent),
                    number(cap, NumberFormat(locale: locale, style: .compact(decimals: 1), currency: .usd)),
                ]
            }
            return DataTable(
                columns: [
                    .init(key: "coin", title: strings[.asset], numeric: false),
                    .init(key: "price", title: strings[.price] + ", " + strings.currency("USD"), numeric: true),
                    .init(key: "change-24h", title: strings[.change24h], numeric: true),
                    .init(key: "change-7d", title: strings[.change7d], numeric: true),
                    .init(key: "market-cap", title: strings[.marketCap], numeric: true),
                ],
                rows: rows,
                defaultColumns: statistics(.marketCap) ? nil : ["coin", "price", "change-24h", "change-7d"]
            )
        }
    }
}
