import FolioCore
import Foundation

/// National Bank of Ukraine official rates (docs/internals.md, "Quote sources"): UAH per unit, market `nbu`, stamped 00:00
/// UTC of the rate's day: a day from `statdirectory/exchange`, a period from `exchange_site`.
/// NBU reports errors with status 200: `[]` for an unknown code or a date not yet published, and a
/// non-JSON body for a bad date; both fail the fetch.
public struct NBUSource {
    public static let name = "nbu"
    public static let defaultBaseURL = "https://bank.gov.ua"
    public var baseURL: String

    public init(baseURL: String = NBUSource.defaultBaseURL) { self.baseURL = baseURL }

    /// A day is one request for every currency (the answer lists them all; fewer calls, and NBU's own
    /// bytes); a period is one request per currency.
    public func plan(currencies: [AssetCode], from: Day, to: Day, now: Date = Date()) -> SourcePlan {
        let clock = AnswerClock(now: now)
        if from == to {
            let url = Endpoint.join(
                baseURL,
                "/NBUStatService/v1/statdirectory/exchange?date=\(Self.compact(from))&json"
            )
            return SourcePlan(
                source: Self.name,
                requests: [
                    SourceRequest(url: url) { body in
                        try Self.parse(body, currencies: currencies, from: from, to: to, clock: clock)
                    }
                ]
            )
        }
        return SourcePlan(
            source: Self.name,
            requests: currencies.map { currency in
                let url = Endpoint.join(
                    baseURL,
                    "/NBU_Exchange/exchange_site?start=\(Self.compact(from))&end=\(Self.compact(to))&valcode=\(currency.rawValue.lowercased())&sort=exchangedate&order=desc&json"
                )
                return SourceRequest(url: url) { body in
                    try Self.parse(body, currencies: [currency], from: from, to: to, clock: clock)
                }
            }
        )
    }

    /// Keeps the asked currencies; each must be there, on days inside the asked range.
    static func parse(
        _ body: Data,
        currencies: [AssetCode],
        from: Day,
        to: Day,
        clock: AnswerClock
    ) throws -> FetchedData {
        let rows: [NBURates.Row]
        do { rows = try NBURates.parse(body, dates: clock.bounds) } catch let error as NBURates.FormatError {
            throw SourceFormatError(
                error.path == nil ? "expected an NBU rates array, found \(JSONBody.describe(body))" : error.description
            )
        }
        let wanted = Set(currencies)
        let range = from == to ? from.iso : "\(from)…\(to)"
        var data = FetchedData()
        for row in rows {
            guard case let .rate(code, name, day, rate) = row, wanted.contains(code) else { continue }
            guard (from...to).contains(day) else {
                throw SourceFormatError("asked for \(range), the answer holds \(code) on \(day)")
            }
            data.quotes.append(
                Quote(asset: code, currency: .uah, market: .nbu, time: day.start, price: rate, source: Self.name)
            )
            if let name { data.assetNames[code] = name }
            // The NBU quotes currencies and metals: AMD is the dram here.
            data.assetKinds[code] = KnownAssets.kind(of: code) == .metal ? .metal : .fiat
        }
        let found = Set(data.quotes.map(\.asset))
        let missing = currencies.filter { !found.contains($0) }
        guard missing.isEmpty else {
            throw SourceFormatError(
                "no \(missing.map(\.rawValue).joined(separator: ", ")) rate for \(range) (NBU answers [] for an unknown currency code or a date not yet published)"
            )
        }
        return data
    }

    static func compact(_ day: Day) -> String { day.iso.replacingOccurrences(of: "-", with: "") }
}
