import FolioCore
import Foundation
internal import GRDB

/// A stored cash transaction (a transfer, dividend, interest, fee or split) with the portfolio it belongs to, as `folio transactions list` shows it.
public struct PortfolioCashTransaction: Hashable, Sendable {
    public var portfolio: String
    public var transaction: CashTransaction
}

extension Store {
    /// Cash transactions `filter` selects (`--asset` is their currency), in time order (ties by id).
    public func cashTransactions(matching filter: RecordFilter) throws -> [PortfolioCashTransaction] {
        try read { db in try Self.cashTransactions(matching: filter, db).rows }
    }

    /// Removes the cash transactions `filter` selects in one transaction and returns them, as
    /// `removeTrades(matching:dryRun:)` does for trades.
    public func removeCashTransactions(matching filter: RecordFilter, dryRun: Bool) throws -> [PortfolioCashTransaction]
    {
        let remove = { (db: Database) throws -> [PortfolioCashTransaction] in
            let (rows, selection) = try Self.cashTransactions(matching: filter, db)
            try RecordRemoval.check(
                filter,
                ids: rows.map(\.transaction.id),
                count: rows.count,
                plural: "transactions",
                listCommand: "folio transactions list"
            )
            if !dryRun {
                try db.execute(
                    sql: "DELETE FROM cash_transaction \(selection.whereClause)",
                    arguments: selection.statementArguments
                )
            }
            return rows
        }
        return dryRun ? try read(remove) : try write(remove)
    }

    private static func cashTransactions(
        matching filter: RecordFilter,
        _ db: Database
    ) throws
        -> (rows: [PortfolioCashTransaction], selection: RecordSelection)
    {
        let selection = try RecordSelection(filter, table: "cash_transaction", assetColumn: "currency_id", db: db)
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT \(CashTransactionColumns.select), p.name
                FROM cash_transaction \(CashTransactionColumns.joins)
                JOIN portfolio p ON p.id = cash_transaction.portfolio_id
                \(selection.whereClause) ORDER BY cash_transaction.time_ms, cash_transaction.id
                """,
            arguments: selection.statementArguments
        ).map {
            PortfolioCashTransaction(
                portfolio: $0[CashTransactionColumns.count],
                transaction: CashTransactionColumns.decode($0)
            )
        }
        return (rows, selection)
    }
}
