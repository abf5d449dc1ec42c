import FolioCore
import Foundation

/// Daily stock history `date,open,high,low,close,volume,Name` (the sp500-stocks-5yr shape). The close
/// becomes the day's quote, stamped 00:00 UTC of the date like every daily quote in Folio. The asset
/// comes from the `Name` column, or from `--asset` when the file has none.
struct StockCSVImporter {
    let url: URL
    let sink: any ImportSink
    let options: ImportOptions

    func run(_ summary: inout ImportSummary) throws {
        let currencyID = try sink.assetID(options.currency, kindHint: .fiat)
        var assetIDs: [String: Int64] = [:]
        try DelimitedFile(url: url).forEachRow(
            header: { header in
                var h = header
                h.expectedHint = "date,open,high,low,close,volume,Name"
                let columns = (
                    date: try h.required("date"), close: try h.required("close"),
                    name: try h.optional("name", "ticker", "symbol")
                )
                if columns.name == nil && options.asset == nil {
                    throw ImportError(
                        file: url.path,
                        line: header.line,
                        field: "header",
                        message: "no Name column, expected one or the asset given with --asset"
                    )
                }
                return columns
            },
            row: { row, c in
                summary.read += 1
                let day = try row.day(c.date, "date")
                let close = try row.price(c.close, "close")
                // The header has a name column when `--asset` is not given.
                guard let code = try options.asset ?? c.name.map({ try row.assetCode($0, "Name") }) else { return }
                // `--asset` and `--currency` naming one code are refused before the file is read.
                if code == options.currency, let name = c.name { throw row.selfQuote(name, "Name", isCurrency: false) }
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
