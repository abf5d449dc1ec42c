import Foundation
import FolioCore

/// Interactive Brokers' Flex Query "Trades" section saved as CSV (Reports › Flex Queries, format CSV),
/// read by its column names, in any order and among any others the query adds:
///
/// - `Symbol`, `Buy/Sell` (BUY, SELL), `Quantity` (negative for a sale), `TradePrice`,
///   `CurrencyPrimary` (the price's currency), `TradeID` (kept as the external id, so that a file
///   imported again adds nothing), and `DateTime` or `TradeDate` (with `TradeTime` when present);
/// - optional: `IBCommission` (negative, as IB writes a cost) and `IBCommissionCurrency`,
///   `AssetClass` and `LevelOfDetail`.
///
/// Dates are IB's default `yyyyMMdd` or `yyyy-MM-dd`, times `HHmmss` or `HH:mm:ss`, joined by `;`, `,`
/// or a space; they are stored as written, as UTC (IB writes the time of the account's statements,
/// without a zone). Rows Folio cannot value as a trade of an asset are counted as ignored with a note:
/// options, futures and other derivatives (their price is per unit of a multiplier), bonds (priced
/// in percent of par) and summary rows (`LevelOfDetail` other than EXECUTION). A forex trade
/// (`AssetClass` CASH, `Symbol` EUR.USD) buys or sells the first currency priced in the second.
/// A cancellation (`BUY (Ca.)`) is refused: Folio would keep the trade it cancels.
struct IBKRFlexTradesImporter {
    let url: URL
    let sink: ImportSink
    let portfolioID: Int64

    /// Asset classes whose trades are units of an asset at a price per unit.
    static let tradedClasses: Set<String> = ["STK", "CASH", "FUND", "CRYPTO", "CMDTY"]

    /// IB's date formats, with and without a time, each time joined by any of its separators.
    static let timePatterns: [DatePattern] = ["yyyyMMdd", "yyyy-MM-dd"].flatMap { date in
        [date] + [";", ",", " "].flatMap { separator in ["HHmmss", "HH:mm:ss"].map { date + separator + $0 } }
    }.map { try! DatePattern.parse($0).get() }  // fixed patterns, tested

    private struct Columns {
        var symbol, side, quantity, price, currency, tradeID: Int
        var dateTime: Int?, tradeDate: Int?, tradeTime: Int?
        var commission: Int?, commissionCurrency: Int?, assetClass: Int?, levelOfDetail: Int?
    }

    func run(_ summary: inout ImportSummary) throws {
        var c: Columns?
        /// Ignored rows by what they are, said in one note each.
        var ignored: [(what: String, why: String, count: Int)] = []
        func ignore(_ what: String, _ why: String) {
            summary.ignored += 1
            if let i = ignored.firstIndex(where: { $0.what == what }) { ignored[i].count += 1 } else { ignored.append((what, why, 1)) }
        }
        try DelimitedFile(url: url).forEachRow(header: { header in
            var h = header
            h.expectedHint = "IB's Flex Query Trades columns Symbol, Buy/Sell, Quantity, TradePrice, CurrencyPrimary, TradeID, DateTime"
            c = Columns(
                symbol: try h.required("Symbol"), side: try h.required("Buy/Sell"), quantity: try h.required("Quantity"),
                price: try h.required("TradePrice", "Price"), currency: try h.required("CurrencyPrimary", "Currency"),
                tradeID: try h.required("TradeID"), dateTime: try h.optional("DateTime", "Date/Time"), tradeDate: try h.optional("TradeDate"),
                tradeTime: try h.optional("TradeTime"), commission: try h.optional("IBCommission"),
                commissionCurrency: try h.optional("IBCommissionCurrency"), assetClass: try h.optional("AssetClass"),
                levelOfDetail: try h.optional("LevelOfDetail")
            )
            if c!.dateTime == nil && c!.tradeDate == nil { _ = try h.required("DateTime", "TradeDate") }
        }, row: { row in
            let c = c!
            // A query over several accounts repeats the header before each account's rows.
            if row.fields.string(c.tradeID) == "TradeID" && row.fields.string(c.symbol) == "Symbol" { return }
            summary.read += 1
            if let level = c.levelOfDetail, !row.isBlank(level), row.fields.string(level).uppercased() != "EXECUTION" {
                return ignore(row.fields.string(level).uppercased(), "a summary; Folio imports the EXECUTION rows")
            }
            let assetClass = c.assetClass.map { row.fields.string($0).uppercased() } ?? ""
            if !assetClass.isEmpty && !Self.tradedClasses.contains(assetClass) {
                return ignore(assetClass, "Folio imports stocks, funds, currencies and crypto, not derivatives or bonds")
            }
            summary.record(try sink.insertTrade(try trade(row, c, forex: assetClass == "CASH"), line: row.line), at: row.location)
        })
        summary.notes += ignored.map { "\($0.what): \($0.count) \($0.count == 1 ? "row" : "rows") ignored (\($0.why))" }
    }

    private func trade(_ row: RowFields, _ c: Columns, forex: Bool) throws -> ImportSink.TradeRow {
        let side = try self.side(row, c.side)
        let quantity = try row.number(c.quantity, "Quantity")
        guard quantity != 0, (quantity > 0) == (side == .buy) else {
            throw row.fail("Quantity", "found \(row.fields.string(c.quantity)), expected a \(side == .buy ? "positive" : "negative") number for a \(side.rawValue.uppercased())")
        }
        let currency = try row.assetCode(c.currency, "CurrencyPrimary")
        var asset = try row.assetCode(c.symbol, "Symbol")
        if forex {
            // EUR.USD: euros bought or sold at a price in dollars.
            let pair = asset.rawValue.split(separator: ".")
            guard pair.count == 2, AssetCode(String(pair[1])) == currency else {
                throw row.fail("Symbol", "found \"\(asset)\", expected a currency pair such as EUR.\(currency) for a CASH trade in \(currency)")
            }
            asset = AssetCode(String(pair[0]))
        }
        let commission = try row.optionalNumber(c.commission, "IBCommission") ?? 0
        guard commission <= 0 else {
            throw row.fail("IBCommission", "found \(row.fields.string(c.commission!)), expected zero or a negative number, a commission paid")
        }
        return ImportSink.TradeRow(
            portfolioID: portfolioID, timeMs: try time(row, c), side: side, asset: asset, quantity: abs(quantity),
            price: try row.price(c.price, "TradePrice"), priceCurrency: currency, fee: -commission,
            feeCurrency: row.isBlank(c.commissionCurrency) ? currency : try row.assetCode(c.commissionCurrency!, "IBCommissionCurrency"),
            externalID: try row.text(c.tradeID, "TradeID")
        )
    }

    private func side(_ row: RowFields, _ column: Int) throws -> TradeSide {
        let text = row.fields.string(column)
        if text.contains("(Ca.)") {
            throw row.fail("Buy/Sell", "found \"\(text)\", a cancellation; expected BUY or SELL (leave the cancelled trade and its cancellation out of the file)")
        }
        return try row.choice(column, "Buy/Sell", [(["buy"], TradeSide.buy), (["sell"], .sell)])
    }

    private func time(_ row: RowFields, _ c: Columns) throws -> Int64 {
        var text: String
        let field: String
        if let dateTime = c.dateTime {
            (text, field) = (row.fields.string(dateTime), "DateTime")
        } else {
            (text, field) = (row.fields.string(c.tradeDate!), "TradeDate")
            if let time = c.tradeTime, !row.isBlank(time) { text += ";" + row.fields.string(time) }
        }
        guard let milliseconds = Self.timePatterns.lazy.compactMap({ $0.milliseconds(text) }).first else {
            throw row.fail(field, "found \"\(text)\", expected IB's date and time such as 20250115;093015 or 2025-01-15;09:30:15")
        }
        return try row.within(milliseconds, field, found: text)
    }
}
