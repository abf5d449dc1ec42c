import Foundation
import FolioCore

/// Quotes CSV with a header: `date,asset,currency,price,bid,ask,market,source` (bid and ask optional;
/// `time`/`datetime` for the date, `quote_currency` for the currency are accepted too).
struct QuotesCSVImporter {
    let url: URL
    let sink: ImportSink

    func run(_ summary: inout ImportSummary) throws {
        var columns: (time: Int, asset: Int, currency: Int, price: Int, bid: Int?, ask: Int?, market: Int, source: Int)?
        // Rows of one file usually repeat the same asset, currency and market: reuse the last ids.
        var last: (asset: [UInt8], assetID: Int64, currency: [UInt8], currencyID: Int64, market: [UInt8], marketText: String,
                   source: [UInt8], sourceText: String)?
        try DelimitedFile(url: url).forEachRow(header: { header in
            var h = header
            h.expectedHint = "date,asset,currency,price,bid,ask,market,source"
            columns = (
                try h.required("date", "time", "datetime", "timestamp"), try h.required("asset", "symbol"),
                try h.required("currency", "quote currency", "quotecurrency"), try h.required("price", "rate", "close"),
                h.optional("bid", "buy"), h.optional("ask", "sell"), try h.required("market"), try h.required("source")
            )
        }, row: { row in
            let c = columns!
            summary.read += 1
            let time = try row.time(c.time, "date")
            let price = try row.number(c.price, "price")
            let bid = try row.optionalNumber(c.bid, "bid")
            let ask = try row.optionalNumber(c.ask, "ask")
            var ids: (asset: Int64, currency: Int64, market: String, source: String)
            if let l = last, row.fields.equals(c.asset, l.asset), row.fields.equals(c.currency, l.currency),
               row.fields.equals(c.market, l.market), row.fields.equals(c.source, l.source) {
                ids = (l.assetID, l.currencyID, l.marketText, l.sourceText)
            } else {
                let asset = try row.assetCode(c.asset, "asset")
                let currency = try row.assetCode(c.currency, "currency")
                let market = try row.market(c.market, "market")
                let source = try row.text(c.source, "source")
                ids = (try sink.assetID(asset), try sink.assetID(currency, kindHint: .fiat), market.rawValue, source)
                last = (row.fields.rawBytes(c.asset), ids.asset, row.fields.rawBytes(c.currency), ids.currency,
                        row.fields.rawBytes(c.market), ids.market, row.fields.rawBytes(c.source), ids.source)
            }
            if try sink.insertQuote(
                assetID: ids.asset, currencyID: ids.currency, market: ids.market, timeMs: time, price: price,
                bid: bid, ask: ask, source: ids.source
            ) {
                summary.inserted += 1
            } else {
                summary.duplicates += 1
            }
        })
    }
}
