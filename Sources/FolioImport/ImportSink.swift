import FolioCore

/// Where importers put what they read: the seam between the file formats (this module, which knows no
/// database) and the store, which writes each entry inside the import's transaction and says what
/// became of it (`RowOutcome`). FolioStore's `StoreSink` is the one that writes; the formats only call
/// these methods, in the file's order.
package protocol ImportSink: AnyObject {
    /// The codes of the securities brokers' files name (by ticker or ISIN), kept for the whole import.
    var securities: SecurityCodes { get }

    /// The store's id of the asset `code`, created (with the kind Folio knows, else `kindHint`, and
    /// `name`) when it is new. Importers pass it back to `insertQuote`.
    func assetID(_ code: AssetCode, kindHint: AssetKind?, name: String?) throws -> Int64

    func insertQuote(
        assetID: Int64,
        currencyID: Int64,
        market: String,
        timeMs: Int64,
        price: Double,
        bid: Double?,
        ask: Double?,
        source: String
    ) throws -> RowOutcome

    /// Writes a trade read at `location`; its numbers are checked there, where every importer's trades pass.
    func insertTrade(_ trade: TradeRow, at location: RowLocation) throws -> RowOutcome

    /// Writes a cash transaction read at `location`, its numbers checked as a trade's are.
    func insertCashTransaction(_ transaction: CashRow, at location: RowLocation) throws -> RowOutcome

    func insertBudgetEntry(
        day: Day,
        kind: BudgetEntryKind,
        category: String,
        amount: Double,
        currency: AssetCode,
        note: String
    ) throws -> RowOutcome

    /// What is stored of the asset `code`, nil when there is none: what `SecurityCodes` must not change.
    func storedAsset(_ code: AssetCode) throws -> StoredAsset?
    /// The code of the asset that has `isin`, nil when none has it.
    func assetCode(isin: ISIN) throws -> AssetCode?
    /// Gives the asset `assetID` its ISIN (an asset created by this import, or a known stock that had none).
    func setISIN(_ isin: ISIN, assetID: Int64) throws
    /// Whether a security (stock, ETF, other) other than `code` and the codes in `created` is stored: one
    /// the user may have the new asset under.
    func hasOtherSecurities(than code: AssetCode, apartFrom created: [String]) throws -> Bool
    /// Units of `asset` the portfolio holds just before `timeMs`, by its stored trades and splits.
    func held(_ asset: AssetCode, portfolioID: Int64, before timeMs: Int64) throws -> Double
}

extension ImportSink {
    package func assetID(_ code: AssetCode, kindHint: AssetKind? = nil) throws -> Int64 {
        try assetID(code, kindHint: kindHint, name: nil)
    }
}

/// An asset as the store holds it, for the rules of `SecurityCodes`.
package struct StoredAsset: Equatable, Sendable {
    package var id: Int64
    /// nil when the stored kind is none Folio knows.
    package var kind: AssetKind?
    package var isin: String?

    package init(id: Int64, kind: AssetKind?, isin: String?) {
        self.id = id
        self.kind = kind
        self.isin = isin
    }
}

/// A trade as an importer read it, for `ImportSink.insertTrade`.
package struct TradeRow {
    package var portfolioID: Int64, timeMs: Int64, side: TradeSide, asset: AssetCode, quantity: Double
    package var price: Double, priceCurrency: AssetCode, fee: Double, feeCurrency: AssetCode, externalID: String?

    package init(
        portfolioID: Int64,
        timeMs: Int64,
        side: TradeSide,
        asset: AssetCode,
        quantity: Double,
        price: Double,
        priceCurrency: AssetCode,
        fee: Double,
        feeCurrency: AssetCode,
        externalID: String?
    ) {
        self.portfolioID = portfolioID
        self.timeMs = timeMs
        self.side = side
        self.asset = asset
        self.quantity = quantity
        self.price = price
        self.priceCurrency = priceCurrency
        self.fee = fee
        self.feeCurrency = feeCurrency
        self.externalID = externalID
    }
}

/// A cash transaction as an importer read it, for `ImportSink.insertCashTransaction`.
package struct CashRow {
    package var portfolioID: Int64, timeMs: Int64, kind: CashTransactionKind, currency: AssetCode
    package var amount: Double, fee: Double, status: TransactionStatus, externalID: String?
    package var asset: AssetCode? = nil, tax: Double = 0, ratio: Double? = nil

    package init(
        portfolioID: Int64,
        timeMs: Int64,
        kind: CashTransactionKind,
        currency: AssetCode,
        amount: Double,
        fee: Double,
        status: TransactionStatus,
        externalID: String?,
        asset: AssetCode? = nil,
        tax: Double = 0,
        ratio: Double? = nil
    ) {
        self.portfolioID = portfolioID
        self.timeMs = timeMs
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
}

/// A trade the import wrote (inserted or updated), with where it was read, for the checks after it.
package struct WrittenTrade: Equatable, Sendable {
    package var file: String
    package var id: Int64
    /// 0 for a row of a JSON file, which has no line to name.
    package var line: Int

    package init(file: String, id: Int64, line: Int) {
        self.file = file
        self.id = id
        self.line = line
    }

    package var location: String { line > 0 ? "\(file):\(line)" : file }
}
