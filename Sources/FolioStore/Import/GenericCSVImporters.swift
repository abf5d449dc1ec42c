import Foundation
import FolioCore

/// Trades CSV with a header: `time,side,asset,quantity,price,price_currency,fee,fee_currency,id`
/// (fee, fee currency and id optional; fee currency defaults to the price currency).
struct TradesCSVImporter {
    let url: URL
    let sink: ImportSink
    let portfolioID: Int64

    func run(_ summary: inout ImportSummary) throws {
        var c: (time: Int, side: Int, asset: Int, quantity: Int, price: Int, priceCurrency: Int, fee: Int?, feeCurrency: Int?, id: Int?)?
        try DelimitedFile(url: url).forEachRow(header: { header in
            var h = header
            h.expectedHint = "time,side,asset,quantity,price,price_currency,fee,fee_currency,id"
            c = (try h.required("time", "date", "datetime"), try h.required("side", "type"), try h.required("asset", "symbol"),
                 try h.required("quantity", "qty", "amount"), try h.required("price"), try h.required("price currency", "currency"),
                 h.optional("fee", "commission"), h.optional("fee currency", "commission currency"), h.optional("id", "external id", "trade id"))
        }, row: { row in
            let c = c!
            summary.read += 1
            let priceCurrency = try row.assetCode(c.priceCurrency, "price_currency")
            let trade = ImportSink.TradeRow(
                portfolioID: portfolioID,
                timeMs: try row.time(c.time, "time"),
                side: try row.choice(c.side, "side", [(["buy", "b"], TradeSide.buy), (["sell", "s"], .sell)]),
                asset: try row.assetCode(c.asset, "asset"),
                quantity: try row.positive(c.quantity, "quantity"),
                price: try row.nonNegative(c.price, "price"),
                priceCurrency: priceCurrency,
                fee: try row.nonNegative(c.fee, "fee"),
                feeCurrency: row.isBlank(c.feeCurrency) ? priceCurrency : try row.assetCode(c.feeCurrency!, "fee_currency"),
                externalID: row.isBlank(c.id) ? nil : try row.text(c.id!, "id")
            )
            summary.record(try sink.insertTrade(trade, line: row.line), at: row.location)
        })
    }
}

/// Cash transactions CSV with a header: `time,type,currency,amount,fee,status,id` (type deposit or
/// withdrawal; fee, status and id optional; status defaults to completed).
struct TransactionsCSVImporter {
    let url: URL
    let sink: ImportSink
    let portfolioID: Int64

    func run(_ summary: inout ImportSummary) throws {
        var c: (time: Int, kind: Int, currency: Int, amount: Int, fee: Int?, status: Int?, id: Int?)?
        try DelimitedFile(url: url).forEachRow(header: { header in
            var h = header
            h.expectedHint = "time,type,currency,amount,fee,status,id"
            c = (try h.required("time", "date", "datetime"), try h.required("type", "kind"), try h.required("currency"),
                 try h.required("amount"), h.optional("fee", "commission"), h.optional("status"), h.optional("id", "external id"))
        }, row: { row in
            let c = c!
            summary.read += 1
            let transaction = ImportSink.CashRow(
                portfolioID: portfolioID,
                timeMs: try row.time(c.time, "time"),
                kind: try row.choice(c.kind, "type", [(["deposit"], CashTransactionKind.deposit), (["withdrawal", "withdraw"], .withdrawal)]),
                currency: try row.assetCode(c.currency, "currency"),
                amount: try row.positive(c.amount, "amount"),
                fee: try row.nonNegative(c.fee, "fee"),
                status: row.isBlank(c.status) ? .completed : try row.choice(c.status!, "status", [
                    (["completed", "complete"], TransactionStatus.completed), (["failed"], .failed),
                    (["rejected", "cancelled", "canceled"], .rejected), (["pending"], .pending),
                ]),
                externalID: row.isBlank(c.id) ? nil : try row.text(c.id!, "id")
            )
            summary.record(try sink.insertCashTransaction(transaction), at: row.location)
        })
    }
}

/// Budget CSV with a header: `date,type,category,amount,currency,note` (type income or expense; note optional).
struct BudgetCSVImporter {
    let url: URL
    let sink: ImportSink

    func run(_ summary: inout ImportSummary) throws {
        var c: (date: Int, kind: Int, category: Int, amount: Int, currency: Int, note: Int?)?
        try DelimitedFile(url: url).forEachRow(header: { header in
            var h = header
            h.expectedHint = "date,type,category,amount,currency,note"
            c = (try h.required("date", "day"), try h.required("type", "kind"), try h.required("category"),
                 try h.required("amount"), try h.required("currency"), h.optional("note", "comment", "description"))
        }, row: { row in
            let c = c!
            summary.read += 1
            let outcome = try sink.insertBudgetEntry(
                day: try row.day(c.date, "date"),
                kind: try row.choice(c.kind, "type", [(["income", "дохід"], BudgetEntryKind.income), (["expense", "витрата"], .expense)]),
                category: try row.text(c.category, "category"),
                amount: try row.positive(c.amount, "amount"),
                currency: try row.assetCode(c.currency, "currency"),
                note: row.isBlank(c.note) ? "" : row.fields.string(c.note!)
            )
            summary.record(outcome, at: row.location)
        })
    }
}
