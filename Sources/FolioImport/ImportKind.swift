import FolioCore
import Foundation

/// A file format `folio import KIND` accepts, declared once in `ImportKind.allCases`: its name, the
/// lines `folio import --help` lists it with, its file's extension, what it needs, and the importer that
/// reads it. Dispatch, help, shell completions, the fuzz targets and the docs' table (checked by a test)
/// derive from the list, so a new format is its descriptor there and its importer's file.
public struct ImportKind: RawRepresentable, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The name on the command line that scripts and cron entries depend on: never rename one.
    public let rawValue: String
    /// What `folio import --help` says of it, one line each (the first the summary).
    public let help: [String]
    /// The extension its files have (`csv`, `json`).
    public let fileExtension: String
    /// Imports of trades and cash transactions go into a portfolio.
    public let needsPortfolio: Bool
    /// Folio's own delimited layouts, and the mapped CSV: the files a spreadsheet may have saved with
    /// another separator, which `--delimiter` reads. A broker's export has the one its broker writes.
    public let takesDelimiter: Bool
    /// Refuses options the format cannot read with, before the import starts.
    private let optionsCheck: @Sendable (ImportOptions) throws -> Void
    /// Reads one file into the import's sink.
    private let reader: @Sendable (ImportInput, inout ImportSummary) throws -> Void

    init(
        _ name: String,
        _ fileExtension: String,
        help: [String],
        needsPortfolio: Bool = false,
        takesDelimiter: Bool = false,
        checkOptions: @escaping @Sendable (ImportOptions) throws -> Void = { _ in },
        read: @escaping @Sendable (ImportInput, inout ImportSummary) throws -> Void
    ) {
        self.rawValue = name
        self.fileExtension = fileExtension
        self.help = help
        self.needsPortfolio = needsPortfolio
        self.takesDelimiter = takesDelimiter
        self.optionsCheck = checkOptions
        self.reader = read
    }

    public init?(rawValue: String) {
        guard let kind = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = kind
    }

    public static func == (a: ImportKind, b: ImportKind) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
    public var description: String { rawValue }

    /// Every kind, in the order `folio import --help` lists them.
    public static let allCases: [ImportKind] = [
        .quotes, .stockCSV, .nbuJSON, .dsxTrades, .dsxTransactions, .trades, .transactions, .budget, .csv,
        .ibkrFlex, .trading212, .degiro, .revolut, .freedom24, .ghostfolio, .ppCSV,
    ]

    /// Refuses `options` this kind cannot read with, before anything is written.
    package func check(_ options: ImportOptions) throws { try optionsCheck(options) }

    /// The refusal of an import of trades and transactions into no portfolio: `folio import` says it
    /// before the database is opened, the importer (`ImportInput.portfolio()`) to any other caller.
    public var withoutPortfolio: ArgumentError {
        ArgumentError("--portfolio", "import \(rawValue) needs the portfolio to import into")
    }

    /// Reads `input.url` as this kind into `input.sink`.
    package func read(_ input: ImportInput, _ summary: inout ImportSummary) throws { try reader(input, &summary) }
}

/// What an importer is given for one file of an import.
package struct ImportInput {
    package let url: URL
    package let sink: any ImportSink
    package let options: ImportOptions
    /// The portfolio an import of trades and transactions goes into (nil for the other kinds).
    let portfolioID: Int64?
    let kind: ImportKind

    package init(url: URL, sink: any ImportSink, options: ImportOptions, portfolioID: Int64?, kind: ImportKind) {
        self.url = url
        self.sink = sink
        self.options = options
        self.portfolioID = portfolioID
        self.kind = kind
    }

    /// Asked before the first line is read, so that an import without one writes nothing.
    func portfolio() throws -> Int64 {
        guard let portfolioID else { throw kind.withoutPortfolio }
        return portfolioID
    }

    /// The ledger a broker's or another tool's file is written through.
    func ledger() throws -> BrokerLedger { BrokerLedger(sink: sink, portfolioID: try portfolio()) }
}

/// Settings an import may take from the command line.
public struct ImportOptions: Sendable {
    /// Portfolio name, for trades and cash transactions.
    public var portfolio: String?
    /// Asset of a stock history file that has no `Name` column.
    public var asset: AssetCode?
    /// Currency of a stock history file's prices (default USD).
    public var currency: AssetCode
    /// Market a stock history file's closes are stored under (default `exchange`).
    public var market: Market
    /// Whether a row whose key is stored with other values replaces the stored one (`--replace`);
    /// otherwise it is reported and the stored row kept.
    public var replace: Bool
    /// How a `csv` file's columns make quotes.
    public var csv: CSVMapping
    /// The base currency of `portfolio` when the import is to create it (`--base`): a new user's first
    /// broker file goes into a portfolio in one command.
    public var newPortfolioBase: AssetCode?
    /// How a file in one of Folio's own layouts (`takesDelimiter`) separates its fields (`--delimiter`;
    /// default `,`) and writes its decimals (`--decimal-comma`); `csv` has them in its mapping.
    public var delimiter: UInt8?
    public var decimalComma = false

    public init(
        portfolio: String? = nil,
        asset: AssetCode? = nil,
        currency: AssetCode = .usd,
        market: Market = .exchange,
        replace: Bool = false,
        csv: CSVMapping = CSVMapping()
    ) {
        self.portfolio = portfolio
        self.csv = csv
        self.replace = replace
        self.asset = asset
        self.currency = currency
        self.market = market
    }
}

extension ImportKind {
    public static let quotes = ImportKind(
        "quotes",
        "csv",
        help: ["CSV: date,asset,currency,price[,bid,ask],market,source"],
        takesDelimiter: true
    ) { input, summary in
        try QuotesCSVImporter(url: input.url, sink: input.sink, options: input.options).run(&summary)
    }

    public static let stockCSV = ImportKind(
        "stock-csv",
        "csv",
        help: ["CSV: date,open,high,low,close,volume,Name (closes)"],
        checkOptions: { try CSVMapping.checkPair(asset: $0.asset, currency: $0.currency) },
        read: { try StockCSVImporter(url: $0.url, sink: $0.sink, options: $0.options).run(&$1) }
    )

    public static let nbuJSON = ImportKind(
        "nbu-json",
        "json",
        help: ["NBU exchange JSON bodies (UAH per unit, market nbu)"]
    ) { input, summary in
        try NBUJSONImporter(url: input.url, sink: input.sink).run(&summary)
    }

    public static let dsxTrades = ImportKind(
        "dsx-trades",
        "csv",
        help: ["DSX trades export (14 ';'-separated fields)"],
        needsPortfolio: true
    ) { input, summary in
        try DSXTradesImporter(url: input.url, sink: input.sink, portfolioID: try input.portfolio()).run(&summary)
    }

    public static let dsxTransactions = ImportKind(
        "dsx-transactions",
        "csv",
        help: ["DSX deposits and withdrawals (13 fields)"],
        needsPortfolio: true
    ) { input, summary in
        try DSXTransactionsImporter(url: input.url, sink: input.sink, portfolioID: try input.portfolio())
            .run(&summary)
    }

    public static let trades = ImportKind(
        "trades",
        "csv",
        help: ["CSV: time,side,asset,quantity,price,price_currency", "[,fee,fee_currency,id]"],
        needsPortfolio: true,
        takesDelimiter: true
    ) { input, summary in
        try TradesCSVImporter(
            url: input.url,
            sink: input.sink,
            portfolioID: try input.portfolio(),
            options: input.options
        ).run(&summary)
    }

    public static let transactions = ImportKind(
        "transactions",
        "csv",
        help: [
            "CSV: time,type,currency,amount[,fee,status,id,", "asset,tax,ratio]; type deposit, withdrawal,",
            "dividend (asset, tax), interest, fee, split", "(asset, ratio: new units per old)",
        ],
        needsPortfolio: true,
        takesDelimiter: true
    ) { input, summary in
        try TransactionsCSVImporter(
            url: input.url,
            sink: input.sink,
            portfolioID: try input.portfolio(),
            options: input.options
        ).run(&summary)
    }

    public static let budget = ImportKind(
        "budget",
        "csv",
        help: ["CSV: date,type,category,amount,currency[,note]"],
        takesDelimiter: true
    ) { input, summary in
        try BudgetCSVImporter(url: input.url, sink: input.sink, options: input.options).run(&summary)
    }

    /// Quotes from a CSV of any shape, through a column mapping (`ImportOptions.csv`).
    public static let csv = ImportKind(
        "csv",
        "csv",
        help: [
            "quotes from any CSV through --columns or --mapping;", "--wide: a date column and a column per asset",
        ],
        takesDelimiter: true,
        checkOptions: { try $0.csv.validate() },
        read: { input, summary in
            if input.options.csv.wide == true {
                try WideCSVImporter(url: input.url, sink: input.sink, mapping: input.options.csv).run(&summary)
            } else {
                try MappedCSVImporter(url: input.url, sink: input.sink, mapping: input.options.csv).run(&summary)
            }
        }
    )

    // Brokers' own exports and other tools' files, read as they are downloaded (`Presets/`), each
    // written through one `BrokerLedger`.

    /// Interactive Brokers' Flex Query (trades and cash transactions), saved as CSV.
    public static let ibkrFlex = preset(
        "ibkr-flex",
        "csv",
        help: [
            "Interactive Brokers Flex Query (CSV): trades and cash",
            "transactions (dividends, tax, interest, fees, deposits)",
        ]
    ) { try IBKRFlexImporter(url: $0, ledger: $1).run(&$2) }

    public static let trading212 = preset(
        "trading212",
        "csv",
        help: ["Trading 212 history export (CSV), into --portfolio"]
    ) { try Trading212Importer(url: $0, ledger: $1).run(&$2) }

    public static let degiro = preset(
        "degiro",
        "csv",
        help: ["Degiro Transactions.csv and Account.csv, both"]
    ) { try DegiroImporter(url: $0, ledger: $1).run(&$2) }

    public static let revolut = preset(
        "revolut",
        "csv",
        help: ["Revolut trading account statement (CSV)"]
    ) { try RevolutImporter(url: $0, ledger: $1).run(&$2) }

    public static let freedom24 = preset(
        "freedom24",
        "json",
        help: ["Freedom24 / Tradernet broker report (JSON)"]
    ) { try Freedom24Importer(url: $0, ledger: $1).run(&$2) }

    public static let ghostfolio = preset(
        "ghostfolio",
        "json",
        help: ["Ghostfolio's export JSON (folio export ghostfolio)"]
    ) { try GhostfolioImporter(url: $0, ledger: $1).run(&$2) }

    public static let ppCSV = preset(
        "pp-csv",
        "csv",
        help: [
            "Portfolio Performance's CSV export of accounts' and",
            "securities accounts' transactions (folio export pp-csv)",
        ]
    ) { try PortfolioPerformanceImporter(url: $0, ledger: $1).run(&$2) }

    /// A file of trades and cash transactions read into one portfolio through a `BrokerLedger`.
    private static func preset(
        _ name: String,
        _ fileExtension: String,
        help: [String],
        read: @escaping @Sendable (URL, BrokerLedger, inout ImportSummary) throws -> Void
    ) -> ImportKind {
        ImportKind(name, fileExtension, help: help, needsPortfolio: true) { input, summary in
            try read(input.url, try input.ledger(), &summary)
        }
    }
}
