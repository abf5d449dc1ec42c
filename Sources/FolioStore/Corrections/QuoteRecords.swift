import FolioCore
import Foundation
internal import GRDB

/// Quotes have no id (the table is keyed by asset, currency, market and time, WITHOUT ROWID): they are
/// listed with that key and removed by a filter on it.
extension Store {
    /// Quotes `filter` selects (`--asset`, `--currency`, `--market`, `--from`, `--to`), by asset, currency,
    /// market, then time.
    public func quotes(matching filter: RecordFilter) throws -> [Quote] {
        try read { db in try Self.quotes(matching: filter, db).rows }
    }

    /// Removes the quotes `filter` selects in one transaction and returns them; with `dryRun` returns them
    /// and changes nothing. Refuses (unchanged database) an empty filter and one that selects nothing.
    public func removeQuotes(matching filter: RecordFilter, dryRun: Bool) throws -> [Quote] {
        let remove = { (db: Database) throws -> [Quote] in
            let (rows, selection) = try Self.quotes(matching: filter, db)
            try RecordRemoval.check(
                filter,
                ids: [],
                count: rows.count,
                plural: "quotes",
                listCommand: "folio quotes list"
            )
            if !dryRun {
                try QuoteDays.deleteQuotes(db, where: selection.whereClause, arguments: selection.statementArguments)
            }
            return rows
        }
        return dryRun ? try read(remove) : try write(remove)
    }

    private static func quotes(
        matching filter: RecordFilter,
        _ db: Database
    ) throws -> (rows: [Quote], selection: RecordSelection) {
        guard filter.ids.isEmpty, filter.portfolio == nil else {
            throw ArgumentError(
                filter.ids.isEmpty ? "--portfolio" : "--id",
                "quotes have no id and belong to no portfolio; select them by --asset, --currency, --market, --from and --to"
            )
        }
        let selection = try RecordSelection(filter, table: "quote", assetColumn: "asset_id", db: db)
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT a.code, c.code, quote.market, quote.time_ms, quote.price, quote.bid, quote.ask, quote.source
                FROM quote JOIN asset a ON a.id = quote.asset_id JOIN asset c ON c.id = quote.currency_id
                \(selection.whereClause) ORDER BY a.code, c.code, quote.market, quote.time_ms
                """,
            arguments: selection.statementArguments
        ).map(Quote.init(selectedRow:))
        return (rows, selection)
    }
}
