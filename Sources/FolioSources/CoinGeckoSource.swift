import FolioCore
import Foundation

/// CoinGecko v3 (docs/internals.md, "Quote sources"): `/coins/markets` for each coin's symbol, name, price and market
/// figures; `/coins/{id}/market_chart` for its price history (hourly for 2–90 days); `/global` for
/// the market's total cap, volume and BTC dominance; `/simple/price` for prices alone (`days` 0).
/// Prices are stored on market `exchange` in the `vs` currency; an optional demo key is sent as a
/// header, never in the URL, and only to the configured origin (see `SourceRequest.credentials`).
public struct CoinGeckoSource {
    public static let name = "coingecko"
    public static let defaultBaseURL = "https://api.coingecko.com"
    public var baseURL: String
    public var apiKey: String?

    public init(baseURL: String = CoinGeckoSource.defaultBaseURL, apiKey: String? = nil) {
        self.baseURL = baseURL
        self.apiKey = apiKey
    }

    public func plan(coins: [String], vs: String, days: Int, now: Date = Date()) -> SourcePlan {
        let vs = vs.lowercased()
        let clock = AnswerClock(now: now)
        let headers = apiKey.map { ["x-cg-demo-api-key": $0] } ?? [:]
        let ids = coins.map { $0.lowercased() }.joined(separator: ",")
        if days == 0 {
            return SourcePlan(
                source: Self.name,
                requests: [
                    SourceRequest(
                        url: api(
                            "/simple/price?ids=\(ids)&vs_currencies=\(vs)&include_market_cap=true&include_24hr_vol=true&include_24hr_change=true&include_last_updated_at=true"
                        ),
                        credentials: headers
                    ) { body in try Self.parseSimplePrice(body, coins: coins, vs: vs, clock: clock) }
                ]
            )
        }
        // Market chart answers name coins by id only; the markets answer gives each id its symbol.
        let symbols = SymbolTable()
        var requests = [
            SourceRequest(
                url: api(
                    "/coins/markets?vs_currency=\(vs)&ids=\(ids)&order=market_cap_desc&per_page=250&page=1&sparkline=false&price_change_percentage=24h,7d"
                ),
                credentials: headers
            ) { body in try Self.parseMarkets(body, coins: coins, vs: vs, symbols: symbols, clock: clock) }
        ]
        for coin in coins {
            requests.append(
                SourceRequest(
                    url: api("/coins/\(coin.lowercased())/market_chart?vs_currency=\(vs)&days=\(days)"),
                    credentials: headers
                ) { body in
                    guard let symbol = symbols.byID[coin.lowercased()] else {
                        throw SourceFormatError("no symbol known for coin \(coin)")
                    }
                    return try Self.parseMarketChart(body, asset: symbol, vs: vs, clock: clock)
                }
            )
        }
        requests.append(
            SourceRequest(url: api("/global"), credentials: headers) { body in
                try Self.parseGlobal(body, vs: vs, clock: clock)
            }
        )
        return SourcePlan(source: Self.name, requests: requests)
    }

    private func api(_ path: String) -> String { Endpoint.join(baseURL, "/api/v3" + path) }

    final class SymbolTable { var byID: [String: AssetCode] = [:] }

    static func parseMarkets(
        _ body: Data,
        coins: [String],
        vs: String,
        symbols: SymbolTable,
        clock: AnswerClock
    ) throws -> FetchedData {
        guard let rows = try JSONBody.parse(body) as? [[String: Any]] else {
            throw SourceFormatError("expected an array of coins, found \(JSONBody.describe(body))")
        }
        var data = FetchedData()
        let currency = AssetCode(vs)
        for (i, row) in rows.enumerated() {
            guard let id = row["id"] as? String, let symbol = row["symbol"] as? String, AssetCode.isValid(symbol) else {
                throw SourceFormatError("[\(i)]: expected id and symbol")
            }
            let asset = AssetCode(symbol)
            symbols.byID[id] = asset
            data.assetNames[asset] = row["name"] as? String
            data.assetKinds[asset] = .crypto
            let time = try lastUpdated(row["last_updated"], "[\(i)].last_updated", clock: clock)
            data.quotes.append(
                Quote(
                    asset: asset,
                    currency: currency,
                    market: .exchange,
                    time: time,
                    price: try JSONBody.positive(row["current_price"], "[\(i)].current_price"),
                    source: name
                )
            )
            let figures: [(MarketStatistic.Name, String, AssetCode?)] = [
                (.marketCap, "market_cap", currency), (.volume24h, "total_volume", currency),
                (.change24hPercent, "price_change_percentage_24h", nil),
            ]
            for (statistic, field, unit) in figures {
                if let value = try JSONBody.optionalNumber(row[field], "[\(i)].\(field)") {
                    data.statistics.append(
                        MarketStatistic(
                            subject: asset.rawValue,
                            name: statistic,
                            currency: unit,
                            time: time,
                            value: value,
                            source: name
                        )
                    )
                }
            }
        }
        let missing = coins.filter { symbols.byID[$0.lowercased()] == nil }
        guard missing.isEmpty else {
            throw SourceFormatError(
                "unknown coin \(missing.joined(separator: ", ")) (use CoinGecko ids such as bitcoin)"
            )
        }
        return data
    }

    /// `last_updated` is an ISO 8601 time, or null for a coin without trades; then the fetch time stands.
    private static func lastUpdated(_ value: Any?, _ path: String, clock: AnswerClock) throws -> Date {
        guard let value, !(value is NSNull) else { return clock.now }
        guard let text = value as? String, let time = ISOTime.parse(text) else {
            throw SourceFormatError("\(path): found \(JSONNumber.describe(value)), expected an ISO 8601 time")
        }
        return try clock.check(time, path)
    }

    static func parseMarketChart(_ body: Data, asset: AssetCode, vs: String, clock: AnswerClock) throws -> FetchedData {
        guard let object = try JSONBody.parse(body) as? [String: Any], let prices = object["prices"] as? [[Any]] else {
            throw SourceFormatError("expected an object with prices, found \(JSONBody.describe(body))")
        }
        var data = FetchedData()
        for (i, point) in prices.enumerated() {
            guard point.count == 2 else { throw SourceFormatError("prices[\(i)]: expected [milliseconds, price]") }
            let time = try clock.time(milliseconds: point[0], "prices[\(i)][0]")
            let price = try JSONBody.positive(point[1], "prices[\(i)][1]")
            data.quotes.append(
                Quote(asset: asset, currency: AssetCode(vs), market: .exchange, time: time, price: price, source: name)
            )
        }
        guard !data.quotes.isEmpty else { throw SourceFormatError("prices is empty") }
        data.assetKinds[asset] = .crypto
        return data
    }

    static func parseGlobal(_ body: Data, vs: String, clock: AnswerClock) throws -> FetchedData {
        guard let object = try JSONBody.parse(body) as? [String: Any], let global = object["data"] as? [String: Any]
        else {
            throw SourceFormatError("expected an object with data, found \(JSONBody.describe(body))")
        }
        let time = try optionalTime(global["updated_at"], "data.updated_at", clock: clock)
        let currency = AssetCode(vs)
        var data = FetchedData()
        func add(_ name: MarketStatistic.Name, _ value: Double?, _ unit: AssetCode?) {
            if let value {
                data.statistics.append(
                    MarketStatistic(
                        subject: MarketStatistic.cryptoMarket,
                        name: name,
                        currency: unit,
                        time: time,
                        value: value,
                        source: self.name
                    )
                )
            }
        }
        add(
            .marketCap,
            try JSONBody.optionalNumber(
                (global["total_market_cap"] as? [String: Any])?[vs],
                "data.total_market_cap.\(vs)"
            ),
            currency
        )
        add(
            .volume24h,
            try JSONBody.optionalNumber((global["total_volume"] as? [String: Any])?[vs], "data.total_volume.\(vs)"),
            currency
        )
        add(
            .dominancePercent,
            try JSONBody.optionalNumber(
                (global["market_cap_percentage"] as? [String: Any])?["btc"],
                "data.market_cap_percentage.btc"
            ),
            nil
        )
        return data
    }

    /// Seconds since 1970, or the fetch time when the answer gives none.
    private static func optionalTime(_ value: Any?, _ path: String, clock: AnswerClock) throws -> Date {
        guard let value, !(value is NSNull) else { return clock.now }
        return try clock.time(seconds: value, path)
    }

    static func parseSimplePrice(_ body: Data, coins: [String], vs: String, clock: AnswerClock) throws -> FetchedData {
        guard let object = try JSONBody.parse(body) as? [String: [String: Any]] else {
            throw SourceFormatError("expected an object of coins, found \(JSONBody.describe(body))")
        }
        var data = FetchedData()
        for coin in coins {
            guard let row = object[coin.lowercased()] else { throw SourceFormatError("unknown coin \(coin)") }
            // /simple/price names coins by id only; store them under the id upper-cased only when it is a known code.
            let asset = AssetCode(knownSymbols[coin.lowercased()] ?? coin)
            let time = try optionalTime(row["last_updated_at"], "\(coin).last_updated_at", clock: clock)
            data.quotes.append(
                Quote(
                    asset: asset,
                    currency: AssetCode(vs),
                    market: .exchange,
                    time: time,
                    price: try JSONBody.positive(row[vs], "\(coin).\(vs)"),
                    source: name
                )
            )
            data.assetKinds[asset] = .crypto
        }
        return data
    }

    /// The symbols of well-known coin ids, for `/simple/price` which returns ids only.
    static let knownSymbols: [String: String] = [
        "bitcoin": "BTC", "ethereum": "ETH", "litecoin": "LTC", "ripple": "XRP", "eos": "EOS", "bitcoin-cash": "BCH",
        "tether": "USDT", "usd-coin": "USDC", "solana": "SOL", "cardano": "ADA", "dogecoin": "DOGE", "polkadot": "DOT",
        "tron": "TRX", "binancecoin": "BNB", "stellar": "XLM", "chainlink": "LINK", "the-open-network": "TON",
    ]
}
