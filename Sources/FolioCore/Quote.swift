import Foundation

/// Where a price was observed. Open-ended (users may import any market name) with the common ones named.
public struct Market: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue.lowercased() }
    public init(stringLiteral value: String) { self.init(value) }
    public var description: String { rawValue }
    public static func < (a: Market, b: Market) -> Bool { a.rawValue < b.rawValue }

    /// Official National Bank of Ukraine rate.
    public static let nbu: Market = "nbu"
    public static let interbank: Market = "interbank"
    /// Cash desks of banks (PrivatBank `coursid=5`).
    public static let cash: Market = "cash"
    /// Card / non-cash rates of banks (PrivatBank `coursid=11`, Monobank).
    public static let card: Market = "card"
    public static let bankAverage: Market = "bank-average"
    /// A trading venue: stock exchange closes, crypto exchange prices.
    public static let exchange: Market = "exchange"

    /// Lower-case letters, digits and `-`, 1–32 characters.
    public static func isValid(_ text: some StringProtocol) -> Bool {
        (1...32).contains(text.count)
            && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}

/// The price of one unit of `asset` in `currency` at `time`, with optional bid (buy) and ask (sell).
public struct Quote: Hashable, Sendable {
    public var asset: AssetCode
    public var currency: AssetCode
    public var market: Market
    public var time: Date
    public var price: Double
    public var bid: Double?
    public var ask: Double?
    public var source: String

    public init(
        asset: AssetCode,
        currency: AssetCode,
        market: Market,
        time: Date,
        price: Double,
        bid: Double? = nil,
        ask: Double? = nil,
        source: String
    ) {
        self.asset = asset
        self.currency = currency
        self.market = market
        self.time = time
        self.price = price
        self.bid = bid
        self.ask = ask
        self.source = source
    }
}
