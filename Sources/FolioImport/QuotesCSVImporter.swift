import FolioCore
import Foundation

/// Quotes CSV with a header: `date,asset,currency,price,bid,ask,market,source` (bid and ask optional;
/// `time`/`datetime` for the date, `quote_currency` for the currency are accepted too).
struct QuotesCSVImporter {
    let url: URL
    let sink: any ImportSink
    let options: ImportOptions

    func run(_ summary: inout ImportSummary) throws {
        // Files repeat a few (asset, currency, market, source) combinations millions of times: look each
        // combination up by its bytes, so that codes are validated and ids found once per combination.
        var series: [[UInt8]: (asset: Int64, currency: Int64, market: String, source: String)] = [:]
        var key: [UInt8] = []
        // Rows mostly repeat the previous row's combination: compared before hashing.
        var recent: (key: [UInt8], ids: (asset: Int64, currency: Int64, market: String, source: String))?
        var keyColumns: [Int] = []
        try DelimitedFile(url: url, options: options).forEachRow(
            header: { header in
                var h = header
                h.expectedHint = "date,asset,currency,price,bid,ask,market,source"
                let columns = (
                    time: try h.required("date", "time", "datetime", "timestamp"),
                    asset: try h.required("asset", "symbol"),
                    currency: try h.required("currency", "quote currency", "quotecurrency"),
                    price: try h.required("price", "rate", "close"),
                    bid: try h.optional("bid", "buy"), ask: try h.optional("ask", "sell"),
                    market: try h.required("market"), source: try h.required("source")
                )
                keyColumns = [columns.asset, columns.currency, columns.market, columns.source]
                return columns
            },
            row: { row, c in
                summary.read += 1
                let time = try row.time(c.time, "date")
                let price = try row.price(c.price, "price")
                let bid = try row.optionalPrice(c.bid, "bid")
                let ask = try row.optionalPrice(c.ask, "ask")
                key.removeAll(keepingCapacity: true)
                for column in keyColumns {
                    row.fields.appendBytes(column, to: &key)
                    key.append(0)
                }
                let ids: (asset: Int64, currency: Int64, market: String, source: String)
                if let recent, recent.key == key {
                    ids = recent.ids
                } else {
                    if let known = series[key] {
                        ids = known
                    } else {
                        let asset = try row.assetCode(c.asset, "asset")
                        let currency = try row.assetCode(c.currency, "currency")
                        guard asset != currency else { throw row.selfQuote(c.currency, "currency", isCurrency: true) }
                        ids = (
                            try sink.assetID(asset), try sink.assetID(currency, kindHint: .fiat),
                            try row.market(c.market, "market").rawValue, try row.text(c.source, "source")
                        )
                        series[key] = ids
                    }
                    recent = (key, ids)
                }
                summary.record(
                    try sink.insertQuote(
                        assetID: ids.asset,
                        currencyID: ids.currency,
                        market: ids.market,
                        timeMs: time,
                        price: price,
                        bid: bid,
                        ask: ask,
                        source: ids.source
                    ),
                    at: row.location
                )
            }
        )
    }
}
