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
}
