import FolioCore
internal import GRDB

/// An asset as `folio asset list` shows it: the stored row and how many quotes price it.
public struct AssetListing: Sendable {
    public var asset: Asset
    public var quotes: Int
}

extension Store {
    /// Every asset, by code, with the number of quotes of it (in any currency and market).
    public func assetListing() throws -> [AssetListing] {
        let assets = try assets()
        let counts = try read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT a.code, (SELECT count(*) FROM quote q WHERE q.asset_id = a.id) FROM asset a
                """).map { (AssetCode($0[0] as String), $0[1] as Int) })
        }
        return assets.map { AssetListing(asset: $0, quotes: counts[$0.code] ?? 0) }
    }

    /// Sets an asset's kind and/or name (`folio asset set AAPL --kind stock --name "Apple Inc."`): a kind
    /// other than `other` set here is kept by later imports. An unknown code is an error and changes nothing.
    public func setAsset(_ code: AssetCode, kind: AssetKind?, name: String?) throws -> Asset {
        try write { db in
            guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = ?", arguments: [code.rawValue]) else {
                throw ArgumentError("CODE", "no asset \(code) in the database (folio asset list shows them)")
            }
            if let kind {
                try db.execute(sql: "UPDATE asset SET kind = ?, decimals = ? WHERE id = ?", arguments: [kind.rawValue, kind.defaultDecimals, id])
            }
            if let name {
                try db.execute(sql: "UPDATE asset SET name = ? WHERE id = ?", arguments: [Asset.storedName(name), id])
            }
            let row = try Row.fetchOne(db, sql: "SELECT code, name, kind, decimals FROM asset WHERE id = ?", arguments: [id])!
            return Asset(code: AssetCode(row[0] as String), name: row[1], kind: AssetKind(rawValue: row[2]) ?? .other, decimals: row[3])
        }
    }
}
