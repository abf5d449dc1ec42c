import FolioCore
import Foundation
internal import GRDB

/// How a cash transaction is read from its table, in one place: the columns and their decoding, for a
/// portfolio's ledger (`cashTransactions(portfolio:)`) and for `folio transactions list|remove`.
enum CashTransactionColumns {
    /// Columns 0–10 of a query over `cash_transaction` joined to its currency `c` and its asset `a`.
    static let select = """
        cash_transaction.id, cash_transaction.time_ms, cash_transaction.kind, c.code, cash_transaction.amount,
        cash_transaction.fee, cash_transaction.status, cash_transaction.external_id, a.code, cash_transaction.tax,
        cash_transaction.ratio
        """
    static let joins = """
        JOIN asset c ON c.id = cash_transaction.currency_id LEFT JOIN asset a ON a.id = cash_transaction.asset_id
        """
    static let count = 11

    static func decode(_ row: Row) -> CashTransaction {
        CashTransaction(
            id: row[0],
            time: Date(unixMilliseconds: row[1]),
            kind: CashTransactionKind(rawValue: row[2]) ?? .deposit,
            currency: AssetCode(row[3] as String),
            amount: row[4],
            fee: row[5],
            status: TransactionStatus(rawValue: row[6]) ?? .failed,
            externalID: row[7],
            asset: (row[8] as String?).map { AssetCode($0) },
            tax: row[9],
            ratio: row[10]
        )
    }
}
