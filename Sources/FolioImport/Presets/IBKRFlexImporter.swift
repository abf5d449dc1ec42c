import FolioCore
import Foundation

/// Interactive Brokers' Flex Query saved as CSV (Reports › Flex Queries, format CSV), section by section:
/// a query with several sections writes each after its own header row, and a query over several
/// accounts repeats the header before each account's rows. Columns are read by name, in any order and
/// among any others the query adds.
///
/// - Trades (`Symbol`, `Buy/Sell`, `Quantity`, `TradePrice`, `CurrencyPrimary`, `TradeID`, `DateTime` or
///   `TradeDate` with `TradeTime`; optional `IBCommission`, `IBCommissionCurrency`, `AssetClass`,
///   `LevelOfDetail`, `ISIN`, `Description`): see `IBKRFlexTrades`.
/// - Cash transactions (`Type`, `Amount`, `CurrencyPrimary`, `DateTime` or `SettleDate`, `TransactionID`;
///   optional `Symbol`, `ISIN`, `Description`, `ActionID`, `LevelOfDetail`): see `IBKRFlexCash`.
///
/// Rows of any other section are counted and named. Dates are IB's default `yyyyMMdd` or `yyyy-MM-dd`,
/// times `HHmmss` or `HH:mm:ss`, joined by `;`, `,` or a space, stored as written, as UTC (IB writes the
/// time of the account's statements, without a zone).
struct IBKRFlexImporter {
    let url: URL
    let ledger: BrokerLedger

    /// Names that only a header row holds: a data row has `U1234567` and `USD` where these stand.
    static let headerNames: Set<String> = [
        "ClientAccountID", "CurrencyPrimary", "Symbol", "Buy/Sell", "TradeID", "TransactionID",
    ]

    /// IB's date formats, with and without a time, each time joined by any of its separators.
    static let timePatterns: [DatePattern] = ["yyyyMMdd", "yyyy-MM-dd"].flatMap { date in
        [date] + [";", ",", " "].flatMap { separator in ["HHmmss", "HH:mm:ss"].map { date + separator + $0 } }
    }.map(DatePattern.fixed)

    private enum Section {
        case trades(IBKRFlexTrades.Columns)
        case cash(IBKRFlexCash.Columns)
        case other(String)
    }

    func run(_ summary: inout ImportSummary) throws {
        var sections = 0
        var trades = IBKRFlexTrades(file: url.path)
        var cash = IBKRFlexCash(file: url.path)
        var ignored = IgnoredRows()
        var file = DelimitedFile(url: url)
        file.newSection = { fields in (0..<fields.count).contains { Self.headerNames.contains(fields.string($0)) } }
        try file.forEachRow(
            header: { header -> Section in
                var h = header
                h.expectedHint =
                    "IB's Flex Query Trades columns Symbol, Buy/Sell, Quantity, TradePrice, CurrencyPrimary, TradeID, DateTime"
                    + " or Cash Transactions columns Type, Amount, CurrencyPrimary, DateTime, TransactionID"
                sections += 1
                // A header that names a column only one of the two sections has is that section, and
                // must have all its columns: a Cash Transactions header with `Typ` is refused, not taken
                // for a section Folio leaves.
                if try h.optional("Buy/Sell") != nil || h.optional("TradeID") != nil {
                    return .trades(try IBKRFlexTrades.Columns(h))
                }
                if try h.optional("Type") != nil || (h.optional("Amount") != nil && h.optional("TransactionID") != nil)
                {
                    return .cash(try IBKRFlexCash.Columns(h))
                }
                if sections == 1 { _ = try h.required("Buy/Sell") }  // the first section must be one Folio reads
                return .other(header.names.prefix(3).joined(separator: ",") + "…")
            },
            row: { row, section in
                summary.read += 1
                switch section {
                case let .trades(c): try trades.read(row, c, &ignored)
                case let .cash(c): try cash.read(row, c, &ignored)
                case let .other(name):
                    ignored.add(
                        name,
                        at: row.location,
                        "a section Folio does not read: it reads Trades and Cash Transactions"
                    )
                }
            }
        )
        summary.duplicates += cash.repeated
        try ledger.write(trades.entries + cash.entries(&ignored), into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    static func time(_ row: RowFields, _ text: String, _ field: String) throws -> Int64 {
        guard let milliseconds = timePatterns.lazy.compactMap({ $0.milliseconds(text) }).first else {
            throw row.fail(
                field,
                "found \"\(text)\", expected IB's date and time such as 20250115;093015 or 2025-01-15;09:30:15"
            )
        }
        return try row.within(milliseconds, field, found: text)
    }

    /// `Symbol` and `ISIN` (and `Description` as the name) of a row.
    static func security(_ row: RowFields, symbol: Int?, isin: Int?, description: Int?) throws -> BrokerSecurity {
        let ticker = row.string(symbol)
        let name = row.string(description)
        return BrokerSecurity(
            ticker: ticker.isEmpty ? nil : ticker,
            isin: try row.isin(isin, "ISIN"),
            name: name.isEmpty ? nil : name
        )
    }
}

/// The Trades section: a sale's negative quantity and IB's negative commission become a sell and a fee;
/// `TradeID` is the external id. Rows Folio cannot value as a trade of an asset are named and left:
/// options, futures and other derivatives (priced per unit of a multiplier), bonds (in percent of par)
/// and summary rows (`LevelOfDetail` other than EXECUTION). A forex trade (`AssetClass` CASH, `Symbol`
/// EUR.USD) buys or sells the first currency priced in the second. A cancellation (`BUY (Ca.)`) is
/// refused: Folio would keep the trade it cancels.
struct IBKRFlexTrades {
    let file: String
    var entries: [BrokerEntry] = []

    /// Asset classes whose trades are units of an asset at a price per unit.
    static let tradedClasses: Set<String> = ["STK", "CASH", "FUND", "CRYPTO", "CMDTY"]

    struct Columns {
        var symbol, side, quantity, price, currency, tradeID: Int
        var dateTime: Int?, tradeDate: Int?, tradeTime: Int?
        var commission: Int?, commissionCurrency: Int?, assetClass: Int?, levelOfDetail: Int?, isin: Int?,
            description: Int?

        init(_ h: CSVHeader) throws {
            symbol = try h.required("Symbol")
            side = try h.required("Buy/Sell")
            quantity = try h.required("Quantity")
            price = try h.required("TradePrice", "Price")
            currency = try h.required("CurrencyPrimary", "Currency")
            tradeID = try h.required("TradeID")
            dateTime = try h.optional("DateTime", "Date/Time")
            tradeDate = try h.optional("TradeDate")
            tradeTime = try h.optional("TradeTime")
            commission = try h.optional("IBCommission")
            commissionCurrency = try h.optional("IBCommissionCurrency")
            assetClass = try h.optional("AssetClass")
            levelOfDetail = try h.optional("LevelOfDetail")
            isin = try h.optional("ISIN")
            description = try h.optional("Description")
            if dateTime == nil && tradeDate == nil { _ = try h.required("DateTime", "TradeDate") }
        }
    }

    mutating func read(_ row: RowFields, _ c: Columns, _ ignored: inout IgnoredRows) throws {
        if let level = c.levelOfDetail, !row.isBlank(level), row.string(level).uppercased() != "EXECUTION" {
            return ignored.add(
                row.string(level).uppercased(),
                at: row.location,
                "a summary; Folio imports the EXECUTION rows"
            )
        }
        let assetClass = row.string(c.assetClass).uppercased()
        if !assetClass.isEmpty && !Self.tradedClasses.contains(assetClass) {
            return ignored.add(
                assetClass,
                at: row.location,
                "Folio imports stocks, funds, currencies and crypto, not derivatives or bonds"
            )
        }
        let side = try self.side(row, c.side)
        let quantity = try row.number(c.quantity, "Quantity")
        guard quantity != 0, (quantity > 0) == (side == .buy) else {
            throw row.fail(
                "Quantity",
                "found \(row.string(c.quantity)), expected a \(side == .buy ? "positive" : "negative") number for a \(side.rawValue.uppercased())"
            )
        }
        let currency = try row.currency(c.currency, "CurrencyPrimary")
        var security = try IBKRFlexImporter.security(row, symbol: c.symbol, isin: c.isin, description: c.description)
        _ = try row.assetCode(c.symbol, "Symbol")
        if assetClass == "CASH" {
            // EUR.USD: euros bought or sold at a price in dollars.
            let pair = row.string(c.symbol).split(separator: ".")
            guard pair.count == 2, Denomination(String(pair[1])) == currency, let bought = Denomination(String(pair[0]))
            else {
                throw row.fail(
                    "Symbol",
                    "found \"\(row.string(c.symbol))\", expected a currency pair such as EUR.\(currency.currency) for a CASH trade in \(currency.currency)"
                )
            }
            security = BrokerSecurity(code: bought.currency)
        }
        let commission = try row.optionalNumber(c.commission, "IBCommission") ?? 0
        guard commission <= 0 else {
            throw row.fail(
                "IBCommission",
                "found \(row.string(c.commission)), expected zero or a negative number, a commission paid"
            )
        }
        let feeCurrency =
            row.isBlank(c.commissionCurrency)
            ? currency : try row.currency(c.commissionCurrency, "IBCommissionCurrency")
        let price = currency.money(try row.price(c.price, "TradePrice"))
        entries.append(
            BrokerEntry(
                event: .trade(
                    side,
                    security,
                    quantity: abs(quantity),
                    price: price.amount,
                    currency: price.currency,
                    fee: commission == 0 ? nil : feeCurrency.money(-commission)
                ),
                timeMs: try time(row, c),
                id: try row.text(c.tradeID, "TradeID"),
                file: file,
                line: row.line
            )
        )
    }

    private func side(_ row: RowFields, _ column: Int) throws -> TradeSide {
        let text = row.string(column)
        if text.contains("(Ca.)") {
            throw row.fail(
                "Buy/Sell",
                "found \"\(text)\", a cancellation; expected BUY or SELL (leave the cancelled trade and its cancellation out of the file)"
            )
        }
        return try row.choice(column, "Buy/Sell", [(["buy"], TradeSide.buy), (["sell"], .sell)])
    }

    private func time(_ row: RowFields, _ c: Columns) throws -> Int64 {
        if let dateTime = c.dateTime { return try IBKRFlexImporter.time(row, row.string(dateTime), "DateTime") }
        var text = row.string(c.tradeDate)
        if let time = c.tradeTime, !row.isBlank(time) { text += ";" + row.string(time) }
        return try IBKRFlexImporter.time(row, text, "TradeDate")
    }
}
