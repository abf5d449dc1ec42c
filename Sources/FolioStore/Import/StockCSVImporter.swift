import FolioCore
import Foundation

/// Daily stock history `date,open,high,low,close,volume,Name` (the sp500-stocks-5yr shape). The close
/// becomes the day's quote, stamped 00:00 UTC of the date like every daily quote in Folio. The asset
/// comes from the `Name` column, or from `--asset` when the file has none.
struct StockCSVImporter {
    let url: URL
    let sink: ImportSink
    let options: ImportOptions

    func run(_ summary: inout ImportSummary) throws {
        var columns: (date: Int, close: Int, name: Int?)?
        let currencyID = try sink.assetID(options.currency, kindHint: .fiat)
        var assetIDs: [String: Int64] = [:]
        try DelimitedFile(url: url).forEachRow(
            header: { header in
                var h = header
                h.expectedHint = "date,open,high,low,close,volume,Name"
                columns = (try h.required("date"), try h.required("close"), try h.optional("name", "ticker", "symbol"))
                if columns!.name == nil && options.asset == nil {
                    throw ImportError(
                        file: url.path,
                        line: header.line,
                        field: "header",
                        message: "no Name column, expected one or the asset given with --asset"
                    )
                }
            },
            row: { row in
                let c = columns!
                summary.read += 1
                let day = try row.day(c.date, "date")
                let close = try row.price(c.close, "close")
                let code: AssetCode = try options.asset ?? row.assetCode(c.name!, "Name")
                // `--asset` and `--currency` naming one code are refused before the file is read.
                guard code != options.currency else { throw row.selfQuote(c.name!, "Name", isCurrency: false) }
                let assetID: Int64
                if let known = assetIDs[code.rawValue] {
                    assetID = known
                } else {
                    assetID = try sink.assetID(code, kindHint: .stock)
                    assetIDs[code.rawValue] = assetID
                }
                let outcome = try sink.insertQuote(
                    assetID: assetID,
                    currencyID: currencyID,
                    market: options.market.rawValue,
                    timeMs: Int64(day.daysSinceEpoch) * 86_400_000,
                    price: close,
                    bid: nil,
                    ask: nil,
                    source: "stock-csv"
                )
                summary.record(outcome, at: row.location)
            }
        )
    }
}
