import FolioCore

/// A security as a broker's file names it: by ticker, by ISIN, or both, with the name it shows.
/// `BrokerLedger` turns it into an asset code (`SecurityCodes`).
struct BrokerSecurity: Equatable {
    var ticker: String?
    var isin: ISIN?
    var name: String?
    /// A currency or a coin traded as an asset (IB's `EUR.USD`): its code, not a security to look up.
    var code: AssetCode? = nil
}

/// An amount of one asset (a currency, or a coin).
struct Money: Equatable {
    var amount: Double
    var currency: AssetCode

    init(_ amount: Double, _ currency: AssetCode) {
        self.amount = amount
        self.currency = currency
    }
}

/// The currency a broker writes an amount in: money is an ISO 4217 code (`KnownAssets.fiat`), and
/// pence (`GBX`, `GBp`: London prices) are pounds, a hundredth each. Every preset reads currencies
/// through this, so that pence are divided by 100 wherever they appear, and an unknown code (`XYZ`,
/// `EURO`) is refused rather than made an asset.
struct Denomination: Equatable {
    let currency: AssetCode
    /// What one unit as written is worth in `currency`: 1, or 0.01 for pence.
    let unit: Double

    /// The denomination of `text`, or nil when it is no currency Folio keeps money in.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        // `GBp` against `GBP` is the one place where a code's case means something.
        if trimmed == "GBp" || trimmed.uppercased() == "GBX" {
            (currency, unit) = ("GBP", 0.01)
        } else if KnownAssets.fiat.contains(trimmed.uppercased()) {
            (currency, unit) = (AssetCode(trimmed), 1)
        } else {
            return nil
        }
    }

    /// `amount` as written, in `currency`.
    func money(_ amount: Double) -> Money { Money(amount * unit, currency) }

    /// What a message expects in place of a currency that is none.
    static let expected = "an ISO 4217 currency code such as EUR or USD (GBX or GBp for pence)"
}

/// What one row of a broker's file (or a pair of rows that belong together: a dividend and its tax, the
/// two legs of a currency exchange) means for Folio's ledger, before it is written as trades and cash
/// transactions. Every preset reads its broker's words into these, and `BrokerLedger` writes them all in
/// one way, so that brokers that agree (a trade settled in another currency, a dividend less its tax)
/// are mapped by the same code.
struct BrokerEntry {
    enum Event {
        /// Units of a security bought or sold at a price per unit; `fee` in any currency.
        case trade(TradeSide, BrokerSecurity, quantity: Double, price: Double, currency: AssetCode, fee: Money?)
        /// One currency exchanged for another (the broker's conversion, explicit or automatic).
        case exchange(sold: Money, bought: Money, fee: Money?)
        /// Money in (deposit) or out (withdrawal) of the account.
        case transfer(CashTransactionKind, Money, fee: Double)
        /// A dividend of `gross` before withholding `tax` and a `fee` (in the gross's currency).
        case dividend(BrokerSecurity, gross: Money, tax: Double, fee: Double = 0)
        /// Interest received, before withholding `tax` and a `fee`.
        case interest(Money, tax: Double, fee: Double = 0)
        /// A cost of the account not tied to a trade (custody, connectivity, interest paid on a debit).
        case accountFee(Money)
        /// New units per old of a security.
        case split(BrokerSecurity, ratio: Double)
        /// A split said as the units it added (Revolut): its ratio is found from what was held before it.
        case splitAdding(BrokerSecurity, units: Double)
    }

    var event: Event
    var timeMs: Int64
    /// The broker's id of the row, kept as the external id so that a file imported again adds nothing.
    var id: String?
    var file: String
    /// The row's line in a text file (for messages and the checks after an import of trades), nil in JSON.
    var line: Int?
    /// The row's place in a JSON file (`trades.detailed[3]`).
    var path: String? = nil
    var status: TransactionStatus = .completed

    /// Where the row is, as messages name it: `file:line` or `file: trades.detailed[3]`.
    var location: String { line.map { "\(file):\($0)" } ?? "\(file): \(path ?? "")" }

    /// The row's place, for the checks of what it stores (`ImportSink`).
    var rowLocation: RowLocation { RowLocation(file: file, line: line, path: line == nil ? path : nil) }
}

extension BrokerEntry {
    /// This row's place and id with another meaning.
    func with(_ event: Event) -> BrokerEntry {
        var entry = self
        entry.event = event
        return entry
    }

    /// `amount` of a security's currency paid or received through the account's currency: the broker
    /// converted `settled` of the account's currency for it. The conversion is an exchange of its own,
    /// written beside the row it settles (its id the row's with `/fx`), so that the trade keeps its
    /// price in the security's currency and each currency's cash moves by exactly what the broker says.
    /// Nothing is added when both are in one currency.
    func settlement(of amount: Money, by settled: Money, paying: Bool) -> BrokerEntry? {
        guard amount.currency != settled.currency, amount.amount > 0, settled.amount > 0 else { return nil }
        var entry = self
        entry.event =
            paying
            ? .exchange(sold: settled, bought: amount, fee: nil) : .exchange(sold: amount, bought: settled, fee: nil)
        entry.id = id.map { $0 + "/fx" }
        return entry
    }
}

extension BrokerEntry.Event {
    /// What the import summary counts it as.
    var kind: ImportSummary.EventKind {
        switch self {
        case .trade: .trade
        case .exchange: .exchange
        case let .transfer(kind, _, _): kind == .withdrawal ? .withdrawal : .deposit
        case .dividend: .dividend
        case .interest: .interest
        case .accountFee: .fee
        case .split, .splitAdding: .split
        }
    }
}
