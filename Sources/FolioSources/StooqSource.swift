import FolioCore
import Foundation

/// Stooq daily history as CSV (`Date,Open,High,Low,Close,Volume`): the close becomes the day's quote
/// on market `exchange`, stamped 00:00 UTC. Stooq answers problems with status 200 and plain text
/// ("No data", "Exceeded the daily hits limit") or an HTML page; those fail the fetch.
public struct StooqSource {
    public static let name = "stooq"
    public static let defaultBaseURL = "https://stooq.com"
    public var baseURL: String

    public init(baseURL: String = StooqSource.defaultBaseURL) { self.baseURL = baseURL }

    /// `aapl.us` is stored as asset `AAPL`, priced in `currency`.
    public func plan(
        symbols: [String],
        currency: AssetCode = .usd,
        from: Day? = nil,
        to: Day? = nil,
        now: Date = Date()
    ) -> SourcePlan {
        let clock = AnswerClock(now: now)
        return SourcePlan(
            source: Self.name,
            requests: symbols.map { symbol in
                var url = Endpoint.join(baseURL, "/q/d/l/?s=\(symbol.lowercased())&i=d")
                if let from, let to { url += "&d1=\(NBUSource.compact(from))&d2=\(NBUSource.compact(to))" }
                let asset = AssetCode(String(symbol.split(separator: ".").first ?? Substring(symbol)))
                return SourceRequest(url: url) { body in
                    try Self.parse(body, asset: asset, currency: currency, clock: clock)
                }
            }
        )
    }

    static func parse(_ body: Data, asset: AssetCode, currency: AssetCode, clock: AnswerClock) throws -> FetchedData {
        let text = String(decoding: body, as: UTF8.self)
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let header = lines.first?.lowercased(), header.hasPrefix("date,") else {
            throw SourceFormatError(
                "expected CSV with a Date,Open,High,Low,Close,Volume header, found \(JSONBody.describe(body))"
            )
        }
        let columns = header.split(separator: ",").map(String.init)
        guard let dateColumn = columns.firstIndex(of: "date"), let closeColumn = columns.firstIndex(of: "close") else {
            throw SourceFormatError("the CSV header has no Date or Close column: \(JSONNumber.describe(header))")
        }
        lines.removeFirst()
        var data = FetchedData()
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns.count, let day = Day(iso: fields[dateColumn]),
                let close = DecimalText.parse(fields[closeColumn]), close > 0
            else {
                throw SourceFormatError(
                    "line \(i + 2): expected a date and a positive close, found \(JSONNumber.describe(line))"
                )
            }
            let time = try clock.check(day.start, "line \(i + 2)")
            data.quotes.append(
                Quote(asset: asset, currency: currency, market: .exchange, time: time, price: close, source: Self.name)
            )
        }
        guard !data.quotes.isEmpty else { throw SourceFormatError("the CSV holds no rows") }
        data.assetKinds[asset] = KnownAssets.kind(of: asset) ?? .stock
        return data
    }
}
