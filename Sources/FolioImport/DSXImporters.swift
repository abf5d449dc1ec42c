import FolioCore
import Foundation

/// DSX Global exports (see samples/dsx/SOURCE.md): `;`-separated, `,` decimals,
/// `yyyy-MM-dd H:mm:ss` local times without a zone (stored as UTC), no header, no final newline.
enum DSXFormat {
    static func file(_ url: URL) -> DelimitedFile {
        DelimitedFile(url: url, delimiter: UInt8(ascii: ";"), decimalComma: true, quotes: false)
    }
}

/// Trades: 14 fields; Folio reads date (0), instrument (1), Buy/Sell (2), quantity and its currency
/// (3, 4), price and its currency (5, 6), commission and its currency (9, 10) and the trade id (12).
struct DSXTradesImporter {
    let url: URL
    let sink: any ImportSink
    let portfolioID: Int64

    func run(_ summary: inout ImportSummary) throws {
        try DSXFormat.file(url).forEachRow(width: 14) { row in
            summary.read += 1
            let asset = try row.assetCode(4, "quantity currency (field 5)")
            let priceCurrency = try row.assetCode(6, "price currency (field 7)")
            try checkInstrument(row, asset: asset, priceCurrency: priceCurrency)
            let trade = TradeRow(
                portfolioID: portfolioID,
                timeMs: try row.time(0, "date (field 1)"),
                side: try row.choice(2, "side (field 3)", [(["buy"], TradeSide.buy), (["sell"], .sell)]),
                asset: asset,
                quantity: try row.positive(3, "quantity (field 4)"),
                price: try row.price(5, "price (field 6)"),
                priceCurrency: priceCurrency,
                fee: try row.nonNegative(9, "commission (field 10)"),
                feeCurrency: try row.assetCode(10, "commission currency (field 11)"),
                externalID: try row.text(12, "trade id (field 13)")
            )
            summary.record(try sink.insertTrade(trade, at: row.rowLocation), at: row.location)
        }
    }

    /// The instrument (`eosbtc`) must be the quantity currency followed by the price currency. It is
    /// split by known asset codes (`usdteur` is USDT/EUR), never by a fixed three letters.
    private func checkInstrument(_ row: RowFields, asset: AssetCode, priceCurrency: AssetCode) throws {
        let instrument = try row.text(1, "instrument (field 2)")
        let expected = (asset.rawValue + priceCurrency.rawValue).lowercased()
        if let split = KnownAssets.splitInstrument(instrument) {
            guard split.base == asset && split.quote == priceCurrency else {
                throw row.fail(
                    "instrument (field 2)",
                    "found \"\(instrument)\" (\(split.base)/\(split.quote)), expected \(asset)/\(priceCurrency) as fields 5 and 7 say"
                )
            }
        } else if instrument.lowercased() != expected {
            throw row.fail(
                "instrument (field 2)",
                "found \"\(instrument)\", expected \"\(expected)\" from fields 5 and 7"
            )
        }
    }
}

/// Deposits and withdrawals: 13 fields; Folio reads date (0), Deposit/Withdraw (1), currency (2),
/// amount (3), commission (4), status Complete/Failed (7) and the transaction id (9). Failed rows are
/// stored with their status: they are part of the record, and analytics leaves them out.
struct DSXTransactionsImporter {
    let url: URL
    let sink: any ImportSink
    let portfolioID: Int64

    func run(_ summary: inout ImportSummary) throws {
        try DSXFormat.file(url).forEachRow(width: 13) { row in
            summary.read += 1
            // The amount is always written (0 on a failed deposit): a blank one is a broken row, and a
            // completed transfer of nothing no other tool reads back (Portfolio Performance refuses it).
            guard !row.isBlank(3) else {
                throw row.fail("amount (field 4)", "found nothing, expected the amount moved")
            }
            let transaction = CashRow(
                portfolioID: portfolioID,
                timeMs: try row.time(0, "date (field 1)"),
                kind: try row.choice(
                    1,
                    "type (field 2)",
                    [(["deposit"], CashTransactionKind.deposit), (["withdraw", "withdrawal"], .withdrawal)]
                ),
                currency: try row.assetCode(2, "currency (field 3)"),
                amount: try row.nonNegative(3, "amount (field 4)"),
                fee: try row.nonNegative(4, "commission (field 5)"),
                status: try row.choice(
                    7,
                    "status (field 8)",
                    [
                        (["complete", "completed"], TransactionStatus.completed), (["failed"], .failed),
                        (["rejected", "cancelled", "canceled"], .rejected), (["pending"], .pending),
                    ]
                ),
                externalID: try row.text(9, "transaction id (field 10)")
            )
            if transaction.amount == 0 && transaction.status == .completed {
                throw row.fail(
                    "amount (field 4)",
                    "found 0 on a completed \(transaction.kind.rawValue), expected the amount moved"
                )
            }
            summary.record(try sink.insertCashTransaction(transaction, at: row.rowLocation), at: row.location)
        }
    }
}
