import FolioCore
import Foundation

/// The file formats `folio import KIND` accepts. The raw values are part of the command line that
/// scripts and cron entries depend on: never rename one.
public enum ImportKind: String, CaseIterable, Sendable {
    case quotes
    case stockCSV = "stock-csv"
    case nbuJSON = "nbu-json"
    case dsxTrades = "dsx-trades"
    case dsxTransactions = "dsx-transactions"
    case trades
    case transactions
    case budget
    /// Quotes from a CSV of any shape, through a column mapping (`ImportOptions.csv`).
    case csv
    /// Interactive Brokers' Flex Query (trades and cash transactions), saved as CSV.
    case ibkrFlex = "ibkr-flex"
    /// Brokers' own exports and other tools' files, read as they are downloaded (`Presets/`).
    case trading212, degiro, revolut, freedom24, ghostfolio
    case ppCSV = "pp-csv"

    /// Imports of trades and cash transactions go into a portfolio.
    public var needsPortfolio: Bool {
        switch self {
        case .dsxTrades, .dsxTransactions, .trades, .transactions, .ibkrFlex: true
        case .trading212, .degiro, .revolut, .freedom24, .ghostfolio, .ppCSV: true
        case .quotes, .stockCSV, .nbuJSON, .budget, .csv: false
        }
    }

    /// Folio's own delimited layouts, and the mapped CSV: the files a spreadsheet may have saved with
    /// another separator, which `--delimiter` reads. A broker's export has the one its broker writes.
    public var takesDelimiter: Bool {
        switch self {
        case .quotes, .trades, .transactions, .budget, .csv: true
        case .stockCSV, .nbuJSON, .dsxTrades, .dsxTransactions, .ibkrFlex, .trading212, .degiro, .revolut, .freedom24,
            .ghostfolio, .ppCSV:
            false
        }
    }

    /// The kinds whose files are JSON; every other is delimited text.
    public var isJSON: Bool {
        switch self {
        case .nbuJSON, .freedom24, .ghostfolio: true
        case .quotes, .stockCSV, .dsxTrades, .dsxTransactions, .trades, .transactions, .budget, .csv, .ibkrFlex,
            .trading212, .degiro, .revolut, .ppCSV:
            false
        }
    }
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
    /// Reads `url` as this kind into `sink`; `portfolio` is the portfolio an import of trades and
    /// transactions goes into (it throws for a kind that has none).
    package func read(
        _ url: URL,
        into sink: any ImportSink,
        options: ImportOptions,
        portfolio: () throws -> Int64,
        _ summary: inout ImportSummary
    ) throws {
        let kind = self
        switch kind {
        case .quotes: try QuotesCSVImporter(url: url, sink: sink, options: options).run(&summary)
        case .stockCSV: try StockCSVImporter(url: url, sink: sink, options: options).run(&summary)
        case .nbuJSON: try NBUJSONImporter(url: url, sink: sink).run(&summary)
        case .dsxTrades: try DSXTradesImporter(url: url, sink: sink, portfolioID: try portfolio()).run(&summary)
        case .dsxTransactions:
            try DSXTransactionsImporter(url: url, sink: sink, portfolioID: try portfolio()).run(&summary)
        case .trades:
            try TradesCSVImporter(url: url, sink: sink, portfolioID: try portfolio(), options: options).run(
                &summary
            )
        case .transactions:
            try TransactionsCSVImporter(url: url, sink: sink, portfolioID: try portfolio(), options: options)
                .run(&summary)
        case .budget: try BudgetCSVImporter(url: url, sink: sink, options: options).run(&summary)
        case .csv where options.csv.wide == true:
            try WideCSVImporter(url: url, sink: sink, mapping: options.csv).run(&summary)
        case .csv: try MappedCSVImporter(url: url, sink: sink, mapping: options.csv).run(&summary)
        case .ibkrFlex, .trading212, .degiro, .revolut, .freedom24, .ghostfolio, .ppCSV:
            try BrokerPresets.run(
                kind,
                url: url,
                ledger: BrokerLedger(sink: sink, portfolioID: try portfolio()),
                &summary
            )
        }
    }
}
