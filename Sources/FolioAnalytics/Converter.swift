import FolioCore
import Foundation

/// An amount of one currency or asset expressed in another, with the quotes it went through.
public struct Conversion: Hashable, Sendable {
    public var amount: Double
    public var from: AssetCode
    public var to: AssetCode
    public var side: QuoteSide
    public var at: Date
    /// Units of `to` per unit of `from`.
    public var rate: Double
    /// `amount × rate`.
    public var result: Double
    public var quotes: [CrossRates.UsedQuote]
}

/// Converts amounts between currencies and assets (`folio convert`): with BTC at 108,953 USD, 37,500 USD
/// is 37,500 / 108,953 = 0.3442 BTC.
public struct Converter: Sendable {
    public var rates: CrossRates

    /// A converter over the quotes, markets and staleness limit of `rates`.
    public init(rates: CrossRates) { self.rates = rates }

    /// Converts `amount` of `from` into `to` with the quotes at `at`. `market` is tried first on every
    /// leg (legs it does not quote use the default markets; the quotes used are listed in the result).
    /// `side` picks the quote column: a bank's buy rate (bid) or sell rate (ask), or the plain price.
    public func convert(
        _ amount: Double,
        from: AssetCode,
        to: AssetCode,
        at: Date,
        side: QuoteSide = .mid,
        market: Market? = nil
    ) throws(AnalyticsError) -> Conversion {
        guard amount.isFinite else {
            throw .invalidArgument(name: "amount", value: "\(amount)", expected: "a finite number")
        }
        let known = rates.book.assets
        guard from == to || known.contains(from) else { throw .unknownAsset(from, argument: "from") }
        guard from == to || known.contains(to) else { throw .unknownAsset(to, argument: "to") }
        var rates = rates
        if let market {
            guard rates.book.markets.contains(market) else { throw .unknownMarket(market, argument: "market") }
            rates.preference.first = [market] + rates.preference.first
        }
        switch rates.rate(from: from, to: to, at: at, side: side) {
        case let .success(rate):
            return Conversion(
                amount: amount,
                from: from,
                to: to,
                side: side,
                at: at,
                rate: rate.value,
                result: rate.convert(amount),
                quotes: rate.legs
            )
        case let .failure(missing):
            throw .missingQuote(missing)
        }
    }
}

extension Conversion {
    /// Table `convert`: one row with the amounts and rate, then one row per quote used.
    public var table: ResultTable {
        let head: [ResultTable.Cell?] = [
            .text("\(from) → \(to)"), .number(amount), .number(result), .number(rate), nil, .time(at),
        ]
        let legs: [[ResultTable.Cell?]] = quotes.map { q in
            [
                .text(q.inverted ? "1 / \(q.pair)" : q.pair.description), nil, nil, .number(q.price),
                .text(q.market.rawValue), .time(q.time),
            ]
        }
        return ResultTable(
            columns: [
                .init("pair", .text), .init("amount", .number, decimals: 8), .init("result", .number, decimals: 8),
                .init("rate", .number, decimals: 8), .init("market", .text), .init("time", .time),
            ],
            rows: [head] + legs
        )
    }
}
