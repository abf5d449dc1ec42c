import FolioCore
internal import GRDB

/// An asset as `folio asset list` shows it: the stored row and how many quotes price it.
public struct AssetListing: Sendable {
    public var asset: Asset
    public var quotes: Int
    /// The security's ISIN, when an import or `folio asset set --isin` gave it.
    public var isin: ISIN?
}

extension Store {
    /// Every asset, by code, with the number of quotes of it (in any currency and market).
    public func assetListing() throws -> [AssetListing] {
        let assets = try assets()
        let extra = try read { db in
            Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(
                    db,
                    sql: """
                        SELECT a.code, (SELECT count(*) FROM quote q WHERE q.asset_id = a.id), a.isin FROM asset a
                        """
                ).map { row in
                    (
                        AssetCode(row[0] as String),
                        (quotes: row[1] as Int, isin: (row[2] as String?).flatMap { ISIN($0) })
                    )
                }
            )
        }
        return assets.map { AssetListing(asset: $0, quotes: extra[$0.code]?.quotes ?? 0, isin: extra[$0.code]?.isin) }
    }

    /// Sets an asset's kind, name and/or ISIN (`folio asset set AAPL --kind stock --name "Apple Inc."
    /// --isin US0378331005`): a kind other than `other` set here is kept by later imports, and an import
    /// naming the ISIN finds this asset whatever ticker it gives. An unknown code, or an ISIN another
    /// asset has, is an error and changes nothing.
    public func setAsset(_ code: AssetCode, kind: AssetKind?, name: String?, isin: ISIN? = nil) throws -> Asset {
        try write { db in
            guard
                let id = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = ?", arguments: [code.rawValue])
            else {
                throw ArgumentError("CODE", "no asset \(code) in the database (folio asset list shows them)")
            }
            if let kind {
                try db.execute(
                    sql: "UPDATE asset SET kind = ?, decimals = ? WHERE id = ?",
                    arguments: [kind.rawValue, kind.defaultDecimals, id]
                )
            }
            if let name {
                try db.execute(sql: "UPDATE asset SET name = ? WHERE id = ?", arguments: [Asset.storedName(name), id])
            }
            if let isin {
                if let other = try String.fetchOne(
                    db,
                    sql: "SELECT code FROM asset WHERE isin = ? AND id <> ?",
                    arguments: [isin.rawValue, id]
                ) {
                    throw ArgumentError("--isin", "\(isin) is \(other)'s ISIN; an ISIN names one asset")
                }
                try db.execute(sql: "UPDATE asset SET isin = ? WHERE id = ?", arguments: [isin.rawValue, id])
            }
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: "SELECT code, name, kind, decimals FROM asset WHERE id = ?",
                    arguments: [id]
                )
            else {
                throw ArgumentError("CODE", "no asset \(code) in the database (folio asset list shows them)")
            }
            return Asset(
                code: AssetCode(row[0] as String),
                name: row[1],
                kind: AssetKind(rawValue: row[2]) ?? .other,
                decimals: row[3]
            )
        }
    }
}
