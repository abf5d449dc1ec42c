import FolioCore
import Foundation

/// A portfolio written in another tool's format, and each row the format cannot hold as Folio does,
/// said on one line: what it is, and what was done with it.
public struct InterchangeExport: Sendable {
    /// The file's text, or the files' names and texts for a format of several files.
    public var files: [(name: String, text: String)]
    public var differences: [String]
}

/// A row of a portfolio as an export reads it, with the assets' kinds and names.
struct ExportRows {
    var portfolio: Portfolio
    var trades: [Trade]
    var cash: [CashTransaction]
    var assets: [AssetCode: AssetListing]

    /// Rows stored beyond `NumberBounds` (by a Folio that did not check them), each said and left out:
    /// an export writes only numbers a reader can take.
    var outOfBounds: [String] = []

    init(_ store: Store, portfolio name: String) throws {
        portfolio = try store.portfolio(named: name)
        assets = Dictionary(uniqueKeysWithValues: try store.assetListing().map { ($0.asset.code, $0) })
        var left: [String] = []
        trades = try store.trades(portfolio: portfolio).filter { t in
            let fine = [t.quantity, t.price, t.fee].allSatisfy(NumberBounds.contains)
            if !fine { left.append("\(Self.name(t)): a number beyond what Folio keeps; left out") }
            return fine
        }
        cash = try store.cashTransactions(portfolio: portfolio).filter { c in
            let fine = [c.amount, c.fee, c.tax, c.ratio ?? 1].allSatisfy(NumberBounds.contains)
            if !fine { left.append("\(Self.name(c)): a number beyond what Folio keeps; left out") }
            return fine
        }
        outOfBounds = left
    }

    func isMoney(_ code: AssetCode) -> Bool { assets[code]?.asset.kind == .fiat }

    /// How a row is named in a difference: `trade DEMO-T0001 (2013-03-01T15:30:00Z, buy 14262 USD at 7.993 UAH)`.
    static func name(_ t: Trade) -> String {
        "trade \(t.externalID ?? "#\(t.id)") (\(ISOTime.format(t.time)), \(t.side.rawValue) \(ExactDecimal.text(t.quantity)) \(t.asset) at \(ExactDecimal.text(t.price)) \(t.priceCurrency))"
    }

    static func name(_ c: CashTransaction) -> String {
        let what =
            c.kind == .split
            ? "split \(c.asset?.rawValue ?? "") \(ExactDecimal.text(c.ratio ?? 0))"
            : "\(c.kind.rawValue) \(ExactDecimal.text(c.amount)) \(c.currency)"
        return "transaction \(c.externalID ?? "#\(c.id)") (\(ISOTime.format(c.time)), \(what))"
    }
}
