import Foundation
import GRDB
import Testing

/// A new database and a folder for the files a test writes in a broker's layout, with the commands a
/// test runs on them through the real `folio`.
struct ImportScratch {
    let directory: URL
    let db: String

    init() throws {
        directory = try Paths.temporaryDirectory()
        db = try FolioProcess.initialisedDatabase(in: directory)
    }

    /// A copy of the demo database instead of a new one: a new user's files beside its quotes.
    init(demoCopy: Void) throws {
        directory = try Paths.temporaryDirectory()
        db = try NewUserAccountTests.copy(in: directory)
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Writes `text` as `name` and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// `folio ARGUMENTS --db DB`.
    func folio(_ arguments: [String]) throws -> FolioProcess.Result {
        try FolioProcess.run(arguments + ["--db", db], currentDirectory: directory)
    }

    /// `folio ARGUMENTS --format json --db DB`, expected to succeed, read back.
    func json(_ arguments: [String]) throws -> JSONTable {
        let result = try folio(arguments + ["--format", "json"])
        #expect(result.status == 0, "folio \(arguments.joined(separator: " ")): \(result.stderr)")
        return try JSONTable(result.stdout)
    }

    /// `folio import KIND --portfolio P --base BASE FILES…`.
    func importing(
        _ kind: String,
        _ files: [String],
        portfolio: String = "P",
        base: String = "EUR"
    ) throws
        -> FolioProcess.Result
    {
        try folio(["import", kind, "--portfolio", portfolio, "--base", base] + files)
    }

    /// The first column of `sql`'s rows, as text.
    func column(_ sql: String) throws -> [String] {
        try DatabaseQueue(path: db).read { db in
            try Row.fetchAll(db, sql: sql).map { row -> String in
                switch (row[0] as DatabaseValue).storage {
                case let .string(text): text
                case let .int64(n): String(n)
                case let .double(x): "\(x)"
                case .null: "NULL"
                case .blob: "a blob"
                }
            }
        }
    }

    /// Every trade and cash transaction of `portfolio`, as text without ids: what two imports that must
    /// store the same rows are compared on.
    func ledger(_ portfolio: String) throws -> [String] {
        try column(
            """
            SELECT t.time_ms || ' ' || t.side || ' ' || t.quantity || ' ' || a.code || ' @ ' || t.price || ' ' || c.code
                || ' fee ' || t.fee || ' ' || f.code
            FROM trade t JOIN portfolio p ON p.id = t.portfolio_id JOIN asset a ON a.id = t.asset_id
            JOIN asset c ON c.id = t.price_currency_id JOIN asset f ON f.id = t.fee_currency_id
            WHERE p.name = '\(portfolio)'
            UNION ALL
            SELECT x.time_ms || ' ' || x.kind || ' ' || x.amount || ' ' || c.code || ' fee ' || x.fee || ' tax ' || x.tax
            FROM cash_transaction x JOIN portfolio p ON p.id = x.portfolio_id JOIN asset c ON c.id = x.currency_id
            WHERE p.name = '\(portfolio)'
            ORDER BY 1
            """
        )
    }
}

extension FolioProcess.Result {
    /// Refused as bad input is: exit 1, by no signal, one line `Error: MESSAGE`.
    func isRefusal(_ message: String) -> Bool {
        status == 1 && signal == nil && stderr == "Error: \(message)\n"
    }

    /// Refused in one line that contains every one of `parts`.
    func isRefusal(containing parts: String...) -> Bool {
        status == 1 && signal == nil && stderr.hasPrefix("Error: ") && stderr.filter { $0 == "\n" }.count == 1
            && parts.allSatisfy(stderr.contains)
    }
}

/// The layouts of the brokers' files, as `samples/brokers/` holds them.
enum BrokerLayouts {
    static let trading212 =
        "Action,Time,ISIN,Ticker,Name,Notes,ID,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total)"
    static let revolut = "Date,Ticker,Type,Quantity,Price per share,Total Amount,Currency,FX Rate"
    static let degiroTransactions =
        "Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,"
    static let degiroAccount = "Datum,Tijd,Valutadatum,Product,ISIN,Omschrijving,FX,Mutatie,,Saldo,,Order Id"
    static let ibkrTrades =
        "\"ClientAccountID\",\"CurrencyPrimary\",\"AssetClass\",\"Symbol\",\"Description\",\"ISIN\",\"TradeID\",\"DateTime\",\"Buy/Sell\",\"Quantity\",\"TradePrice\",\"IBCommission\",\"IBCommissionCurrency\",\"LevelOfDetail\""
    static let ibkrCash =
        "\"ClientAccountID\",\"CurrencyPrimary\",\"AssetClass\",\"Symbol\",\"Description\",\"ISIN\",\"DateTime\",\"SettleDate\",\"Amount\",\"Type\",\"TransactionID\",\"ActionID\",\"LevelOfDetail\""
    static let pp =
        "Date,Type,Value,Transaction Currency,Gross Amount,Currency Gross Amount,Exchange Rate,Fees,Taxes,Shares,ISIN,WKN,Ticker Symbol,Security Name,Note"

    /// A Freedom24 broker report with `trades`, `corporateActions` and `commissions` as its sections' rows.
    static func freedom24(trades: [String] = [], corporateActions: [String] = [], commissions: [String] = []) -> String
    {
        """
        {"date_start": "2024-01-01 00:00:00", "date_end": "2024-06-30 23:59:59",
         "plainAccountInfoData": {"client_code": "000000", "base_currency": "EUR"},
         "trades": {"detailed": [\(trades.joined(separator: ","))]},
         "cash_in_outs": [],
         "corporate_actions": {"detailed": [\(corporateActions.joined(separator: ","))]},
         "commissions": {"detailed": [\(commissions.joined(separator: ","))]}}
        """
    }

    /// A Freedom24 trade of `instrument` (`AAPL.US`).
    static func freedom24Trade(
        _ id: Int,
        _ instrument: String,
        quantity: String = "5",
        price: String = "187.68",
        currency: String = "USD",
        commission: String = "0"
    ) -> String {
        """
        {"trade_id": \(id), "date": "2024-02-05 15:31:07", "instr_nm": "\(instrument)", "instr_type": 1, "operation": "buy",
         "issue_nb": "-", "curr_c": "\(currency)", "p": \(price), "q": \(quantity), "summ": 938.40, "commission": \(commission),
         "commission_currency": "EUR"}
        """
    }

    /// A Ghostfolio export of one USD account with `activities`, and `profiles` for manual symbols.
    static func ghostfolio(_ activities: [String], profiles: [String] = []) -> String {
        """
        {"meta": {"date": "2024-07-01T08:12:44.511Z", "version": "2.94.0"},
         "accounts": [{"balance": 0, "balances": [], "comment": null, "currency": "USD",
           "id": "b2d3fe1d-d6a8-41a3-be39-07ef5e9480f0", "isExcluded": false, "name": "Broker", "platformId": null}],
         "assetProfiles": [\(profiles.joined(separator: ","))],
         "activities": [\(activities.joined(separator: ","))],
         "user": {"settings": {"currency": "USD"}}}
        """
    }

    static func ghostfolioActivity(
        _ type: String,
        _ symbol: String,
        quantity: Double,
        price: Double,
        currency: String
    )
        -> String
    {
        """
        {"accountId": "b2d3fe1d-d6a8-41a3-be39-07ef5e9480f0", "comment": null, "fee": 0, "quantity": \(quantity),
         "type": "\(type)", "unitPrice": \(price), "currency": "\(currency)", "dataSource": "YAHOO",
         "date": "2024-01-16T00:00:00.000Z", "symbol": "\(symbol)", "tags": []}
        """
    }
}
