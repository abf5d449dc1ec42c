import FolioCore
import Foundation

/// Degiro's two exports, told apart by their headers: `Transactions.csv` (Inbox › Transactions ›
/// Export) holds the trades, `Account.csv` (Inbox › Account statement › Export) the money — deposits,
/// withdrawals, dividends and their tax, currency exchanges, interest and fees. Import both:
/// `folio import degiro --portfolio D Transactions.csv Account.csv`.
///
/// Degiro translates the headers into the interface's language (`Datum,Tijd,Product,ISIN,…`,
/// `Data,Ora,Prodotto,…`) but keeps their layout, so columns are read by position; the currency of an
/// amount sits in the unnamed column after it. Numbers come with decimal commas (quoted) or points,
/// in one file. Securities have an ISIN and a product name, never a ticker: an asset is found by its
/// ISIN (`folio asset set VWRL --isin IE00B3RBWM25` first keeps the ticker), else named by it. Times are
/// Degiro's (Amsterdam's) as written, stored as UTC.
struct DegiroImporter {
    let url: URL
    let ledger: BrokerLedger

    static let timePattern = DatePattern.fixed("dd-MM-yyyy HH:mm")

    func run(_ summary: inout ImportSummary) throws {
        var transactions: DegiroTransactions?
        var account: DegiroAccount?
        var file = DelimitedFile(url: url)
        file.shortRows = true
        try file.forEachRow(
            header: { header in
                switch header.names.count {
                case 17...: transactions = try DegiroTransactions(header, file: url.path)
                case 12: account = DegiroAccount(file: url.path)
                default:
                    throw ImportError(
                        file: url.path,
                        line: header.line,
                        field: "header",
                        message:
                            "found \(header.names.count) columns, expected Degiro's Transactions.csv (Date,Time,Product,ISIN,…,Order ID) or Account.csv (Date,Time,Value date,Product,ISIN,Description,FX,Change,,Balance,,Order Id)"
                    )
                }
            },
            row: { row in
                if var t = transactions {
                    summary.read += 1
                    try t.read(row)
                    transactions = t
                } else if account != nil {
                    // A long order id wraps onto a line of its own, every other field empty.
                    if row.string(0).isEmpty && row.string(1).isEmpty && row.string(5).isEmpty
                        && !row.string(11).isEmpty
                    {
                        account!.continueOrderID(row.string(11))
                        return
                    }
                    summary.read += 1
                    try account!.read(row)
                }
            }
        )
        var ignored = IgnoredRows()
        let entries = try transactions?.entries ?? account!.entries(&ignored)
        try ledger.write(entries, into: &summary)
        summary.notes += ledger.sink.securities.takeNotes()
        ignored.report(into: &summary)
    }

    static func time(_ row: RowFields, date: Int, time: Int) throws -> Int64 {
        try row.time(row.string(date) + " " + row.string(time), "Date", patterns: [timePattern])
    }

    static func security(_ row: RowFields, product: Int, isin: Int) throws -> BrokerSecurity {
        let name = row.string(product)
        return BrokerSecurity(ticker: nil, isin: try row.isin(isin, "ISIN"), name: name.isEmpty ? nil : name)
    }
}

/// `Transactions.csv`: one row per execution, a sale's quantity negative. Two layouts are in use:
/// `…,Value,,Exchange rate,Transaction and/or third,,Total,,Order ID` (each amount followed by its
/// currency) and, since 2024, `…,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees
/// EUR,Total EUR,Order ID,` (the account's currency in the headers, the order id in the column after
/// `Order ID` on most rows). A trade's fee is the transaction fee plus the AutoFX fee, in the
/// account's currency; the exchange an AutoFX trade needs is the account statement's.
struct DegiroTransactions {
    let file: String
    /// The account's currency, in the headers of the newer layout.
    let account: AssetCode?
    var entries: [BrokerEntry] = []
    /// An order filled in parts has one id for all its rows: the second is `id/2`.
    private var seen: [String: Int] = [:]

    init(_ header: CSVHeader, file: String) throws {
        self.file = file
        let newer = !header.names[12].isEmpty
        if newer {
            guard let code = header.names[11].split(separator: " ").last, code.count == 3,
                code.allSatisfy(\.isUppercase)
            else {
                throw ImportError(
                    file: file,
                    line: header.line,
                    field: "header",
                    message:
                        "found \"\(header.names[11])\" as column 12, expected the account's currency in it such as \"Value EUR\""
                )
            }
            account = AssetCode(String(code))
        } else {
            account = nil
        }
    }

    mutating func read(_ row: RowFields) throws {
        let quantity = try row.amount(6, "Quantity")
        guard quantity != 0 else {
            throw row.fail("Quantity", "found 0, expected the units bought (above zero) or sold (below zero)")
        }
        let price = try row.amount(7, "Price")
        guard price > 0 else { throw row.fail("Price", "found \(row.string(7)), expected a price above zero") }
        let currency = try row.currency(8, "Price currency (column 9)")
        let fees: Double
        let feeCurrency: AssetCode?
        if let account {
            fees =
                abs(try row.optionalAmount(13, "AutoFX Fee") ?? 0)
                + abs(try row.optionalAmount(14, "Transaction and/or third party fees") ?? 0)
            feeCurrency = account
        } else {
            fees = abs(try row.optionalAmount(14, "Transaction and/or third") ?? 0)
            feeCurrency = fees == 0 ? nil : try row.currency(15, "Fee currency (column 16)")
        }
        var id = account == nil ? row.string(18) : (row.string(16).isEmpty ? row.string(17) : row.string(16))
        if !id.isEmpty {
            seen[id, default: 0] += 1
            if seen[id]! > 1 { id += "/\(seen[id]!)" }
        }
        entries.append(
            BrokerEntry(
                event: .trade(
                    quantity > 0 ? .buy : .sell,
                    try DegiroImporter.security(row, product: 2, isin: 3),
                    quantity: abs(quantity),
                    price: price,
                    currency: currency,
                    fee: feeCurrency.map { Money(fees, $0) }
                ),
                timeMs: try DegiroImporter.time(row, date: 0, time: 1),
                id: id.isEmpty ? nil : id,
                file: file,
                line: row.line
            )
        )
    }
}
