import FolioAnalytics
import FolioCore
import Foundation

/// Literal inputs for the tests: times from ISO text, so that a failing test reads like the data.
public func t(_ text: String) -> Date {
    guard let date = ISOTime.parse(text) else { fatalError("bad time literal \(text)") }
    return date
}

public func d(_ text: String) -> Day {
    guard let day = Day(iso: text) else { fatalError("bad day literal \(text)") }
    return day
}

public func buy(
    _ id: Int64,
    _ time: String,
    _ asset: AssetCode,
    _ quantity: Double,
    at price: Double,
    in currency: AssetCode = "USD",
    fee: Double = 0,
    feeIn: AssetCode? = nil
) -> Trade {
    Trade(
        id: id,
        time: t(time),
        side: .buy,
        asset: asset,
        quantity: quantity,
        price: price,
        priceCurrency: currency,
        fee: fee,
        feeCurrency: feeIn
    )
}

public func sell(
    _ id: Int64,
    _ time: String,
    _ asset: AssetCode,
    _ quantity: Double,
    at price: Double,
    in currency: AssetCode = "USD",
    fee: Double = 0,
    feeIn: AssetCode? = nil
) -> Trade {
    Trade(
        id: id,
        time: t(time),
        side: .sell,
        asset: asset,
        quantity: quantity,
        price: price,
        priceCurrency: currency,
        fee: fee,
        feeCurrency: feeIn
    )
}

public func deposit(
    _ id: Int64,
    _ time: String,
    _ amount: Double,
    _ currency: AssetCode = "USD",
    fee: Double = 0,
    status: TransactionStatus = .completed
) -> CashTransaction {
    CashTransaction(id: id, time: t(time), kind: .deposit, currency: currency, amount: amount, fee: fee, status: status)
}

public func withdrawal(
    _ id: Int64,
    _ time: String,
    _ amount: Double,
    _ currency: AssetCode = "USD",
    fee: Double = 0,
    status: TransactionStatus = .completed
) -> CashTransaction {
    CashTransaction(
        id: id,
        time: t(time),
        kind: .withdrawal,
        currency: currency,
        amount: amount,
        fee: fee,
        status: status
    )
}

public func q(
    _ asset: AssetCode,
    _ currency: AssetCode,
    _ market: Market,
    _ time: String,
    _ price: Double,
    bid: Double? = nil,
    ask: Double? = nil
) -> Quote {
    Quote(
        asset: asset,
        currency: currency,
        market: market,
        time: t(time),
        price: price,
        bid: bid,
        ask: ask,
        source: "test"
    )
}

/// Equal within a relative tolerance of a few ulps of the larger magnitude.
public func close(_ a: Double?, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
}
