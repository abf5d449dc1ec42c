import FolioCore
import FolioImport

/// An `ImportSink` that keeps what importers hand it in memory, in order: a format read with no
/// database at all. Every row is new (`inserted`); assets are numbered as they come.
final class RecordingSink: ImportSink {
    let securities = SecurityCodes()
    private(set) var assets: [AssetCode] = []
    private(set) var quotes: [String] = []
    private(set) var trades: [TradeRow] = []
    private(set) var cash: [CashRow] = []
    private(set) var budget: [String] = []

    func assetID(_ code: AssetCode, kindHint: AssetKind?, name: String?) throws -> Int64 {
        if let i = assets.firstIndex(of: code) { return Int64(i) }
        assets.append(code)
        return Int64(assets.count - 1)
    }

    func insertQuote(
        assetID: Int64,
        currencyID: Int64,
        market: String,
        timeMs: Int64,
        price: Double,
        bid: Double?,
        ask: Double?,
        source: String
    ) throws -> RowOutcome {
        quotes.append("\(timeMs) \(assets[Int(assetID)]) \(price) \(assets[Int(currencyID)]) \(market)")
        return .inserted
    }

    func insertTrade(_ trade: TradeRow, at location: RowLocation) throws -> RowOutcome {
        trades.append(trade)
        return .inserted
    }

    func insertCashTransaction(_ transaction: CashRow, at location: RowLocation) throws -> RowOutcome {
        cash.append(transaction)
        return .inserted
    }

    func insertBudgetEntry(
        day: Day,
        kind: BudgetEntryKind,
        category: String,
        amount: Double,
        currency: AssetCode,
        note: String
    ) throws -> RowOutcome {
        budget.append("\(day.iso) \(kind.rawValue) \(category) \(amount) \(currency)")
        return .inserted
    }

    func storedAsset(_ code: AssetCode) throws -> StoredAsset? {
        assets.firstIndex(of: code).map { StoredAsset(id: Int64($0), kind: nil, isin: nil) }
    }

    func assetCode(isin: ISIN) throws -> AssetCode? { nil }
    func setISIN(_ isin: ISIN, assetID: Int64) throws {}
    func hasOtherSecurities(than code: AssetCode, apartFrom created: [String]) throws -> Bool { false }

    /// By the trades and splits recorded so far, as the store counts its rows.
    func held(_ asset: AssetCode, portfolioID: Int64, before timeMs: Int64) throws -> Double {
        let bought = trades.filter { $0.asset == asset && $0.timeMs < timeMs }.map {
            ($0.timeMs, $0.side == .buy ? $0.quantity : -$0.quantity, nil as Double?)
        }
        let splits = cash.filter { $0.kind == .split && $0.asset == asset && $0.timeMs < timeMs }.map {
            ($0.timeMs, 0.0, $0.ratio)
        }
        return (bought + splits).sorted { $0.0 < $1.0 }.reduce(0.0) { held, row in
            if let ratio = row.2 { return held * ratio }
            return held + row.1
        }
    }
}
