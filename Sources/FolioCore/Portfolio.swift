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
        id: Int64,
        time: Date,
        side: TradeSide,
        asset: AssetCode,
        quantity: Double,
        price: Double,
        priceCurrency: AssetCode,
        fee: Double = 0,
        feeCurrency: AssetCode? = nil,
        externalID: String? = nil
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

/// What a cash transaction is. Deposits and withdrawals are transfers: money the owner puts in or takes
/// out, the external flows that returns remove. The others happen inside the portfolio: a dividend
/// (of `asset`, less withholding `tax`) and interest are income, a fee is an account's cost not tied to
/// a trade, and a split multiplies the holding of `asset` by `ratio`.
public enum CashTransactionKind: String, CaseIterable, Codable, Sendable {
    case deposit, withdrawal, dividend, interest, fee, split

    /// Money crossing the portfolio's boundary: what net deposits and flows count.
    public var isTransfer: Bool { self == .deposit || self == .withdrawal }
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
    /// The asset a dividend is paid on or a split divides; nil for the other kinds.
    public var asset: AssetCode?
    /// Tax withheld from a dividend or interest, in `currency`.
    public var tax: Double
    /// A split's new units per old unit (4 for a 4-for-1 split, 0.1 for a 1-for-10 reverse split).
    public var ratio: Double?

    public init(
        id: Int64,
        time: Date,
        kind: CashTransactionKind,
        currency: AssetCode,
        amount: Double,
        fee: Double = 0,
        status: TransactionStatus = .completed,
        externalID: String? = nil,
        asset: AssetCode? = nil,
        tax: Double = 0,
        ratio: Double? = nil
    ) {
        self.id = id
        self.time = time
        self.kind = kind
        self.currency = currency
        self.amount = amount
        self.fee = fee
        self.status = status
        self.externalID = externalID
        self.asset = asset
        self.tax = tax
        self.ratio = ratio
    }

    /// The change of the `currency` balance: a dividend or interest adds what is left after tax and
    /// fee, a fee takes its amount, a split moves no money.
    public var cashChange: Double {
        switch kind {
        case .deposit: amount - fee
        case .withdrawal: -(amount + fee)
        case .dividend, .interest: amount - tax - fee
        case .fee: -(amount + fee)
        case .split: 0
        }
    }
}
