import Foundation

/// A figure a source publishes that is not a price: a coin's market cap, 24 h volume or change, the
/// crypto market's total cap or BTC dominance. `currency` is set for money, nil for percentages.
public struct MarketStatistic: Hashable, Sendable {
    /// An asset code (`BTC`) or a market name (`crypto-market`).
    public var subject: String
    public var name: Name
    public var currency: AssetCode?
    public var time: Date
    public var value: Double
    public var source: String

    public enum Name: String, CaseIterable, Sendable {
        case marketCap = "market-cap"
        case volume24h = "volume-24h"
        case change24hPercent = "change-24h-percent"
        case dominancePercent = "dominance-percent"
    }

    public static let cryptoMarket = "crypto-market"

    public init(subject: String, name: Name, currency: AssetCode?, time: Date, value: Double, source: String) {
        self.subject = subject
        self.name = name
        self.currency = currency
        self.time = time
        self.value = value
        self.source = source
    }
}
