import FolioCore
import FolioImport
import Foundation

/// A portfolio written in another tool's format, and what the format cannot hold as Folio does, one
/// line per kind (`InterchangeDifferences`).
public struct InterchangeExport: Sendable {
    /// The file's text, or the files' names and texts for a format of several files.
    public var files: [(name: String, text: String)]
    public var differences: [String]
}

/// What a format cannot hold as Folio does, told by kind: one line each, with how many rows, what was
/// done with them and the first few by their ids — "2 trades priced in BTC, which Ghostfolio takes only
/// as a security: left out (37009276 on 2019-06-11, 37009301 on 2019-06-12)". A thousand rows of one
/// kind are one line a reader can act on, not a thousand.
struct InterchangeDifferences {
    /// Rows named in a line; the others are counted.
    static let shown = 3

    enum Noun: String {
        case trade, transaction, transfer, dividend, split
        case interestPayment = "interest payment"
    }

    private var kinds: [(noun: Noun, what: String, rows: [String])] = []

    /// One row of the kind `noun` + `what` ("trade" + "priced in BTC, …: left out").
    mutating func add(_ noun: Noun, _ what: String, _ row: String) {
        if let i = kinds.firstIndex(where: { $0.noun == noun && $0.what == what }) {
            kinds[i].rows.append(row)
        } else {
            kinds.append((noun, what, [row]))
        }
    }

    var lines: [String] {
        kinds.map { kind in
            let n = kind.rows.count
            let more = n > Self.shown ? ", and \(n - Self.shown) more" : ""
            return "\(n) \(kind.noun.rawValue)\(n == 1 ? "" : "s") \(kind.what) ("
                + kind.rows.prefix(Self.shown).joined(separator: ", ") + more + ")"
        }
    }
}

/// A row of a portfolio as an export reads it, with the assets' kinds and names.
struct ExportRows {
    var portfolio: Portfolio
    var trades: [Trade]
    var cash: [CashTransaction]
    var assets: [AssetCode: AssetListing]

    /// Rows stored beyond `NumberBounds` (by a Folio that did not check them), said and left out: an
    /// export writes only numbers a reader can take.
    var outOfBounds = InterchangeDifferences()

    init(_ store: Store, portfolio name: String) throws {
        portfolio = try store.portfolio(named: name)
        assets = Dictionary(uniqueKeysWithValues: try store.assetListing().map { ($0.asset.code, $0) })
        var left = InterchangeDifferences()
        let beyond = "with a number beyond what Folio keeps: left out"
        trades = try store.trades(portfolio: portfolio).filter { t in
            let fine = [t.quantity, t.price, t.fee].allSatisfy(NumberBounds.contains)
            if !fine { left.add(.trade, beyond, Self.name(t)) }
            return fine
        }
        cash = try store.cashTransactions(portfolio: portfolio).filter { c in
            let fine = [c.amount, c.fee, c.tax, c.ratio ?? 1].allSatisfy(NumberBounds.contains)
            if !fine { left.add(.transaction, beyond, Self.name(c)) }
            return fine
        }
        outOfBounds = left
    }

    func isMoney(_ code: AssetCode) -> Bool { assets[code]?.asset.kind == .fiat }

    /// How a row is named in a difference: by the broker's id and day (`DEMO-T0001 on 2013-03-01`), or
    /// without an id by what it was (`buy 14262 USD at 7.993 UAH on 2013-03-01`).
    static func name(_ t: Trade) -> String {
        let day = String(ISOTime.format(t.time).prefix(10))
        return t.externalID.map { "\($0) on \(day)" }
            ?? "\(t.side.rawValue) \(ExactDecimal.text(t.quantity)) \(t.asset) at \(ExactDecimal.text(t.price)) \(t.priceCurrency) on \(day)"
    }

    static func name(_ c: CashTransaction) -> String {
        let day = String(ISOTime.format(c.time).prefix(10))
        let what =
            c.kind == .split
            ? "split \(c.asset?.rawValue ?? "") \(ExactDecimal.text(c.ratio ?? 0))"
            : "\(c.kind.rawValue) \(ExactDecimal.text(c.amount)) \(c.currency)"
        return c.externalID.map { "\($0) on \(day)" } ?? "\(what) on \(day)"
    }
}
