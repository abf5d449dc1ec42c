import FolioCore
import GRDB

/// Finds or creates asset rows by code during one transaction, caching ids so that a million-row
/// import asks SQLite once per distinct asset, not once per row.
struct AssetRegistry {
    private var ids: [AssetCode: Int64] = [:]

    /// The id of `code`, creating the asset with the kind Folio knows for it, else `kindHint`, else
    /// `other`, and `name` as `Asset.storedName` makes it (capped, control characters escaped).
    mutating func id(of code: AssetCode, kindHint: AssetKind? = nil, name: String? = nil, in db: Database) throws -> Int64 {
        if let id = ids[code] { return id }
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = ?", arguments: [code.rawValue]) {
            ids[code] = id
            return id
        }
        let kind = KnownAssets.kind(of: code) ?? kindHint ?? .other
        try db.execute(
            sql: "INSERT INTO asset (code, name, kind, decimals) VALUES (?, ?, ?, ?)",
            arguments: [code.rawValue, name.map(Asset.storedName) ?? code.rawValue, kind.rawValue, kind.defaultDecimals]
        )
        let id = db.lastInsertedRowID
        ids[code] = id
        return id
    }
}
