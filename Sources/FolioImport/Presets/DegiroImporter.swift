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
/// ISIN (`folio asset set VWRL --isin IE00B3RBWM25` first keeps the ticker), a stock Folio knows is its
/// ticker (`SecurityCodes`), else named by its ISIN. Times are
/// Degiro's (Amsterdam's) as written, stored as UTC.
struct DegiroImporter {
    let url: URL
    let ledger: BrokerLedger

    static let timePattern = DatePattern.fixed("dd-MM-yyyy HH:mm")

    /// Which of the two files a header opens: Transactions.csv's in its old layout or in the newer one
    /// (with the account's currency), or Account.csv's.
    private enum Layout {
        case transactions(account: AssetCode?)
        case account
    }

    func run(_ summary: inout ImportSummary) throws {
        var transactions = DegiroTransactions(file: url.path)
        var account = DegiroAccount(file: url.path)
        var file = DelimitedFile(url: url)
        file.shortRows = true
        try file.forEachRow(
            header: { header -> Layout in
                switch header.names.count {
                case 17...:
                    return .transactions(account: try DegiroTransactions.accountCurrency(header, file: url.path))
                case 12: return .account
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
            row: { row, layout in
                switch layout {
                case let .transactions(currency):
                    summary.read += 1
                    try transactions.read(row, account: currency)
                case .account:
                    // A long order id wraps onto a line of its own, every other field empty.
                    if row.string(0).isEmpty && row.string(1).isEmpty && row.string(5).isEmpty
                        && !row.string(11).isEmpty
                    {
                        account.continueOrderID(row.string(11))
                        return
                    }
                    summary.read += 1
                    try account.read(row)
                }
            }
        )
        var ignored = IgnoredRows()
        try ledger.write(transactions.entries + account.entries(&ignored), into: &summary)
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
/// account's currency; the exchange an AutoFX trade needs is the account statement's. Every execution
/// has its order id: a row without one is a row cut short (a file cut mid-row), and is refused.
struct DegiroTransactions {
    let file: String
    var entries: [BrokerEntry] = []
    /// An order filled in parts has one id for all its rows: the second is `id/2`.
    private var seen: [String: Int] = [:]

    init(file: String) { self.file = file }

    /// The account's currency, in the headers of the newer layout (nil for the old one).
    static func accountCurrency(_ header: CSVHeader, file: String) throws -> AssetCode? {
        guard !header.names[12].isEmpty else { return nil }
        guard let code = header.names[11].split(separator: " ").last, let denomination = Denomination(String(code)),
            denomination.unit == 1
        else {
            throw ImportError(
                file: file,
                line: header.line,
                field: "header",
                message:
                    "found \"\(header.names[11])\" as column 12, expected the account's currency in it such as \"Value EUR\""
            )
        }
        return denomination.currency
    }

    mutating func read(_ row: RowFields, account: AssetCode?) throws {
        let quantity = try row.amount(6, "Quantity")
        guard quantity != 0 else {
            throw row.fail("Quantity", "found 0, expected the units bought (above zero) or sold (below zero)")
        }
        let rawPrice = try row.amount(7, "Price")
        guard rawPrice > 0 else { throw row.fail("Price", "found \(row.string(7)), expected a price above zero") }
        let price = try row.currency(8, "Price currency (column 9)").money(rawPrice)
        let fee: Money?
        if let account {
            fee = Money(
                abs(try row.optionalAmount(13, "AutoFX Fee") ?? 0)
                    + abs(try row.optionalAmount(14, "Transaction and/or third party fees") ?? 0),
                account
            )
        } else {
            let fees = abs(try row.optionalAmount(14, "Transaction and/or third") ?? 0)
            fee = fees == 0 ? nil : try row.currency(15, "Fee currency (column 16)").money(fees)
        }
        var id = account == nil ? row.string(18) : (row.string(16).isEmpty ? row.string(17) : row.string(16))
        guard !id.isEmpty else {
            throw row.fail(
                "Order ID",
                "found nothing, expected the order's id: every execution has one, and a row without it is cut short"
            )
        }
        let n = seen[id, default: 0] + 1
        seen[id] = n
        if n > 1 { id += "/\(n)" }
        entries.append(
            BrokerEntry(
                event: .trade(
                    quantity > 0 ? .buy : .sell,
                    try DegiroImporter.security(row, product: 2, isin: 3),
                    quantity: abs(quantity),
                    price: price.amount,
                    currency: price.currency,
                    fee: fee
                ),
                timeMs: try DegiroImporter.time(row, date: 0, time: 1),
                id: id,
                file: file,
                line: row.line
            )
        )
    }
}
