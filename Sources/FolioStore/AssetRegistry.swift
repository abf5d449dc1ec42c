import FolioCore
internal import GRDB

/// Finds or creates asset rows by code during one transaction, caching ids so that a million-row
/// import asks SQLite once per distinct asset, not once per row.
struct AssetRegistry {
    private var ids: [AssetCode: Int64] = [:]

    /// The id of `code`, creating the asset with the kind Folio knows for it, else `kindHint`, else
    /// `other`, and `name` as `Asset.storedName` makes it (capped, control characters escaped).
    /// An asset stored as `other` (trades imported before its quotes) takes the kind a later import
    /// knows, so that allocation by kind does not depend on the order of imports; any other kind, set by
    /// hand (`folio asset set`) or by an earlier import, is kept.
    mutating func id(
        of code: AssetCode,
        kindHint: AssetKind? = nil,
        name: String? = nil,
        in db: Database
    ) throws -> Int64 {
        if let id = ids[code] { return id }
        if let row = try Row.fetchOne(
            db,
            sql: "SELECT id, kind, name FROM asset WHERE code = ?",
            arguments: [code.rawValue]
        ) {
            let id: Int64 = row[0]
            if row[1] as String == AssetKind.other.rawValue, case let kind = Self.kind(of: code, hint: kindHint),
                kind != .other
            {
                try db.execute(
                    sql: "UPDATE asset SET kind = ?, decimals = ? WHERE id = ?",
                    arguments: [kind.rawValue, kind.defaultDecimals, id]
                )
            }
            if let name, row[2] as String == code.rawValue {
                try db.execute(sql: "UPDATE asset SET name = ? WHERE id = ?", arguments: [Asset.storedName(name), id])
            }
            ids[code] = id
            return id
        }
        let kind = Self.kind(of: code, hint: kindHint)
        try db.execute(
            sql: "INSERT INTO asset (code, name, kind, decimals) VALUES (?, ?, ?, ?)",
            arguments: [
                code.rawValue, name.map(Asset.storedName) ?? code.rawValue, kind.rawValue, kind.defaultDecimals,
            ]
        )
        let id = db.lastInsertedRowID
        ids[code] = id
        return id
    }

    /// A coin or a metal is what Folio knows it to be; otherwise the importer's hint wins over the lists,
    /// since a stock file knows NIO is a stock and the NBU knows AMD is the dram, while a trade of AMD
    /// with no hint is more likely the stock (`KnownAssets` checks stocks before currencies).
    static func kind(of code: AssetCode, hint: AssetKind?) -> AssetKind {
        let known = KnownAssets.kind(of: code)
        if let known, known == .crypto || known == .metal { return known }
        return hint ?? known ?? .other
    }
}
