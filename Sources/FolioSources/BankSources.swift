import FolioCore
import Foundation

/// Monobank's public rates (`/bank/currency`): card rates of currency A in currency B, with buy and
/// sell, or only a cross rate. The bank refreshes them at most every 5 minutes and answers 429 when
/// asked more often, which the fetch throttle prevents.
public struct MonobankSource {
    public static let name = "monobank"
    public static let defaultBaseURL = "https://api.monobank.ua"
    public var baseURL: String

    public init(baseURL: String = MonobankSource.defaultBaseURL) { self.baseURL = baseURL }

    public func plan(now: Date = Date()) -> SourcePlan {
        let clock = AnswerClock(now: now)
        return SourcePlan(
            source: Self.name,
            requests: [
                SourceRequest(url: Endpoint.join(baseURL, "/bank/currency")) { body in
                    try Self.parse(body, clock: clock)
                }
            ]
        )
    }

    static func parse(_ body: Data, clock: AnswerClock) throws -> FetchedData {
        guard let rows = try JSONBody.parse(body) as? [[String: Any]] else {
            throw SourceFormatError("expected an array of rates, found \(JSONBody.describe(body))")
        }
        var data = FetchedData()
        for (i, row) in rows.enumerated() {
            let numeric = "an ISO 4217 numeric currency code (1 to 999)"
            let a = try JSONBody.whole(row["currencyCodeA"], "[\(i)].currencyCodeA", in: 1...999, expected: numeric)
            let b = try JSONBody.whole(row["currencyCodeB"], "[\(i)].currencyCodeB", in: 1...999, expected: numeric)
            let time = try clock.time(seconds: row["date"], "[\(i)].date")
            guard let asset = ISO4217.alpha[a], let currency = ISO4217.alpha[b] else { continue }
            // Captures carry zeros for the figures a row does not have.
            func figure(_ field: String) throws -> Double? {
                guard let n = try JSONBody.optionalNumber(row[field], "[\(i)].\(field)"), n > 0 else { return nil }
                return try JSONBody.positive(row[field], "[\(i)].\(field)")
            }
            let buy = try figure("rateBuy")
            let sell = try figure("rateSell")
            let cross = try figure("rateCross")
            let price: Double
            if let buy, let sell {
                guard buy <= sell * 1.5, sell <= buy * 1.5 else {
                    throw SourceFormatError("[\(i)]: buy \(buy) and sell \(sell) are too far apart to be one rate")
                }
                price = try JSONBody.mid(buy, sell, "[\(i)]", fields: ("rateBuy", "rateSell"))
            } else if let cross {
                price = cross
            } else {
                throw SourceFormatError("[\(i)]: \(asset)/\(currency) has neither rateBuy and rateSell nor rateCross")
            }
            data.quotes.append(
                Quote(
                    asset: asset,
                    currency: currency,
                    market: .card,
                    time: time,
                    price: price,
                    bid: buy,
                    ask: sell,
                    source: Self.name
                )
            )
        }
        guard !data.quotes.isEmpty else { throw SourceFormatError("the answer holds no rate Folio knows") }
        return data
    }
}

/// PrivatBank's public rates: `coursid=5` cash rates in branches (market `cash`), `11` card rates
/// (market `card`); buy and sale come as strings. The answer carries no time: quotes are stamped
/// with the fetch time, to the minute.
public struct PrivatBankSource {
    public static let name = "privatbank"
    public static let defaultBaseURL = "https://api.privatbank.ua"
    public var baseURL: String

    public init(baseURL: String = PrivatBankSource.defaultBaseURL) { self.baseURL = baseURL }

    public func plan(now: Date) -> SourcePlan {
        let minute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        return SourcePlan(
            source: Self.name,
            requests: [(5, Market.cash), (11, Market.card)].map { id, market in
                SourceRequest(url: Endpoint.join(baseURL, "/p24api/pubinfo?json&exchange&coursid=\(id)")) { body in
                    try Self.parse(body, market: market, time: minute)
                }
            }
        )
    }

    static func parse(_ body: Data, market: Market, time: Date) throws -> FetchedData {
        guard let rows = try JSONBody.parse(body) as? [[String: Any]] else {
            throw SourceFormatError("expected an array of rates, found \(JSONBody.describe(body))")
        }
        var data = FetchedData()
        for (i, row) in rows.enumerated() {
            guard let ccy = row["ccy"] as? String, let base = row["base_ccy"] as? String,
                AssetCode.isValid(ccy), AssetCode.isValid(base)
            else {
                throw SourceFormatError("[\(i)]: expected ccy and base_ccy currency codes")
            }
            let buy = try JSONBody.positive(row["buy"], "[\(i)].buy")
            let sale = try JSONBody.positive(row["sale"], "[\(i)].sale")
            guard buy <= sale else { throw SourceFormatError("[\(i)]: buy \(buy) is above sale \(sale)") }
            data.quotes.append(
                Quote(
                    asset: AssetCode(ccy),
                    currency: AssetCode(base),
                    market: market,
                    time: time,
                    price: try JSONBody.mid(buy, sale, "[\(i)]", fields: ("buy", "sale")),
                    bid: buy,
                    ask: sale,
                    source: Self.name
                )
            )
        }
        guard !data.quotes.isEmpty else { throw SourceFormatError("the answer holds no rates") }
        return data
    }
}
