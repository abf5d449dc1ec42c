import Foundation

public struct Portfolio: Hashable, Sendable {
    public var id: Int64
    public var name: String
    /// The currency every value of the portfolio is reported in.
    public var baseCurrency: AssetCode

    public init(id: Int64, name: String, baseCurrency: AssetCode) {
        self.id = id
        self.name = name
        self.baseCurrency = baseCurrency
    }
}

public enum TradeSide: String, CaseIterable, Codable, Sendable {
    case buy, sell
}

/// A buy or sell of `quantity` units of `asset` at `price` per unit in `priceCurrency`.
public struct Trade: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var side: TradeSide
    public var asset: AssetCode
    public var quantity: Double
    public var price: Double
    public var priceCurrency: AssetCode
    public var fee: Double
    public var feeCurrency: AssetCode
    public var externalID: String?

    public init(
        id: Int64, time: Date, side: TradeSide, asset: AssetCode, quantity: Double, price: Double,
        priceCurrency: AssetCode, fee: Double = 0, feeCurrency: AssetCode? = nil, externalID: String? = nil
    ) {
        self.id = id
        self.time = time
        self.side = side
        self.asset = asset
        self.quantity = quantity
        self.price = price
        self.priceCurrency = priceCurrency
        self.fee = fee
        self.feeCurrency = feeCurrency ?? priceCurrency
        self.externalID = externalID
    }
}

public enum CashTransactionKind: String, CaseIterable, Codable, Sendable {
    case deposit, withdrawal
}

/// Only `completed` transactions move money; the others are kept for the record.
public enum TransactionStatus: String, CaseIterable, Codable, Sendable {
    case completed, failed, rejected, pending
}

/// Money entering (deposit) or leaving (withdrawal) a portfolio. `fee` is in `currency`.
public struct CashTransaction: Hashable, Sendable {
    public var id: Int64
    public var time: Date
    public var kind: CashTransactionKind
    public var currency: AssetCode
    public var amount: Double
    public var fee: Double
    public var status: TransactionStatus
    public var externalID: String?

    public init(
        id: Int64, time: Date, kind: CashTransactionKind, currency: AssetCode, amount: Double,
        fee: Double = 0, status: TransactionStatus = .completed, externalID: String? = nil
    ) {
        self.id = id
        self.time = time
        self.kind = kind
        self.currency = currency
        self.amount = amount
        self.fee = fee
        self.status = status
        self.externalID = externalID
    }
}
