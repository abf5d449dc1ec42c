import FolioCore
import Foundation

/// An adviser's client, generated: forty stocks in four clusters (each a market factor, a sector factor
/// and noise, the same for a seed), bought once more than a year before the as-of day with one deposit
/// before that, so that the last twelve months moved no money. What a report of many holdings is
/// checked on: panels, a comparison and a correlation matrix of forty, and a flows chart with nothing
/// to draw.
public struct GeneratedClient: Sendable {
    public var trades: [Trade] = []
    public var cash: [CashTransaction] = []
    public var quotes: [Quote] = []
    /// The codes, "T00A" to "T39…", and the cluster each was drawn from.
    public var codes: [AssetCode] = []
    public var cluster: [AssetCode: Int] = [:]

    public static let count = 40
    public static let clusters = 4
    /// The last day with closes: a Friday.
    public static let asOf = Day(year: 2023, month: 12, day: 29)!
    public static let firstDay = Day(year: 2022, month: 1, day: 3)!

    public init(seed: UInt64 = 43) {
        var random = SplitMix64(seed: seed)
        let letters = Array("ABCDEFGHJKLMNPQRSTUVWXYZ")
        codes = (0..<Self.count).map { i in
            AssetCode(String(format: "T%02d", (i * 17) % Self.count) + String(letters[(i * 7) % letters.count]))
        }
        var days: [Day] = []
        var day = Self.firstDay
        while day <= Self.asOf {
            if day.weekday <= 5 { days.append(day) }
            day = day.advanced(by: 1)
        }
        let market = days.map { _ in 0.0003 + 0.008 * random.normal() }
        let sectors = (0..<Self.clusters).map { _ in days.map { _ in 0.012 * random.normal() } }
        for (i, code) in codes.enumerated() {
            let k = i % Self.clusters
            cluster[code] = k
            let beta = 0.5 + 0.5 * random.unit()
            var price = 20 + 200 * random.unit()
            for (t, d) in days.enumerated() {
                price *= exp(market[t] + beta * sectors[k][t] + 0.01 * random.normal())
                quotes.append(
                    Quote(
                        asset: code,
                        currency: "USD",
                        market: .exchange,
                        time: d.start.addingTimeInterval(72_000),
                        price: price,
                        source: "test"
                    )
                )
            }
            // Bought on the second day at its close: from a few thousand dollars to sixty thousand.
            let close = quotes[quotes.count - days.count + 1].price
            trades.append(
                Trade(
                    id: Int64(i + 1),
                    time: days[1].start.addingTimeInterval(55_800),
                    side: .buy,
                    asset: code,
                    quantity: max(1, ((2_000 + 60_000 * pow(random.unit(), 2)) / close).rounded(.down)),
                    price: close,
                    priceCurrency: "USD",
                    fee: 1
                )
            )
        }
        cash = [
            CashTransaction(
                id: 1,
                time: Self.firstDay.start.addingTimeInterval(32_400),
                kind: .deposit,
                currency: "USD",
                amount: 1_500_000
            )
        ]
    }
}
