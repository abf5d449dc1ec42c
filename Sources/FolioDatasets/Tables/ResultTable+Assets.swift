import FolioAnalytics
import FolioCore

extension ResultTable {
    /// The rows about `assets` (all rows when empty), for `--asset` on a portfolio table. A row belongs
    /// to an asset by its `assets` column (an allocation slice, "Other" included, lists its members)
    /// or else its `asset` column. Totals are dropped with the other rows: they would not add up.
    func rows(about assets: [AssetCode], table name: TableName) throws -> ResultTable {
        guard !assets.isEmpty else { return self }
        guard
            let column = columns.firstIndex(where: { $0.name == "assets" })
                ?? columns.firstIndex(where: { $0.name == "asset" })
        else {
            throw ArgumentError("--asset", "the \(name.rawValue) table has no rows per asset")
        }
        let wanted = Set(assets.map(\.rawValue))
        var copy = self
        copy.rows = rows.filter { row in
            guard case let .text(text)? = row[column] else { return false }
            return !wanted.isDisjoint(with: text.split(separator: " ").map(String.init))
        }
        return copy
    }

    /// The table with a first column `name` holding `value` on every row, to stack one table per asset.
    func prefixed(_ name: String, _ value: String) -> ResultTable {
        ResultTable(columns: [Column(name, .text)] + columns, rows: rows.map { [.text(value)] + $0 })
    }

    /// Tables of the same columns one below the other.
    static func stacked(_ tables: [ResultTable]) -> ResultTable? {
        guard let first = tables.first else { return nil }
        return ResultTable(columns: first.columns, rows: tables.flatMap(\.rows))
    }
}
