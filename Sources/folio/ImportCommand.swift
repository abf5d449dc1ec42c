import ArgumentParser
import Foundation
import FolioCore
import FolioStore

extension ImportKind: ExpressibleByArgument {}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import quotes, trades, cash transactions or a budget from files.",
        discussion: """
            Kinds:
              quotes            CSV: date,asset,currency,price[,bid,ask],market,source
              stock-csv         CSV: date,open,high,low,close,volume,Name (the close becomes the day's quote)
              nbu-json          NBU statdirectory/exchange or exchange_site JSON bodies (UAH per unit, market nbu)
              dsx-trades        DSX trades export (14 ';'-separated fields, ',' decimals)
              dsx-transactions  DSX deposits/withdrawals export (13 fields; Failed rows kept with their status)
              trades            CSV: time,side,asset,quantity,price,price_currency[,fee,fee_currency,id]
              transactions      CSV: time,type,currency,amount[,fee,status,id]
              budget            CSV: date,type,category,amount,currency[,note]

            All files of one command are imported in one transaction: a bad row writes nothing and is
            reported as file:line: field: what was found, what was expected. Importing the same file
            again adds nothing. Times are UTC unless they carry an offset.

            A row whose key is already stored (a quote's asset, currency, market and
            time; a trade's or transaction's id) with other values is named on stderr,
            file:line: price 12 differs from the stored 13, and the stored row is kept;
            --replace updates it instead, and the summary counts it as updated. Rows
            identical to stored ones are skipped as duplicates. Trades and transactions
            without an id are keyed by all their fields: remove a wrong one with
            folio trades remove or folio transactions remove.

            Files must be UTF-8 (convert others with iconv -f CP1251 -t UTF-8);
            a field may hold 64 KiB, a line 1 MiB. The database must exist:
            create it with folio init.

            Examples:
              folio import nbu-json raw/20220224.json raw/20220225.json
              folio import stock-csv --currency USD AAPL_data.csv MSFT_data.csv
              folio import dsx-trades --portfolio "DSX crypto" dsx_trades_prod.csv
              folio import budget budget.csv
              folio import quotes --replace corrected-prices.csv
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("What the files hold.", valueName: "kind"))
    var kind: ImportKind

    @Argument(help: ArgumentHelp("Files to import.", valueName: "file"))
    var files: [String]

    @Option(help: "Portfolio to import trades or transactions into.")
    var portfolio: String?

    @Option(help: "Asset of a stock-csv file without a Name column.")
    var asset: String?

    @Option(help: "Currency of stock-csv prices.")
    var currency: String = "USD"

    @Option(help: "Market stock-csv closes are stored under.")
    var market: String = "exchange"

    @Flag(help: "Replace stored rows with the same key and other values (default: name them and keep them).")
    var replace = false

    func validate() throws {
        guard !files.isEmpty else { throw ArgumentError("FILE", "give at least one file to import") }
        if kind.needsPortfolio && portfolio == nil {
            throw ArgumentError("--portfolio", "import \(kind.rawValue) needs the portfolio to import into")
        }
        if let asset { _ = try ArgumentValue.asset(asset, "--asset") }
        _ = try ArgumentValue.asset(currency, "--currency")
        _ = try ArgumentValue.market(market)
    }

    func run() throws {
        let store = try database.openForWriting()
        let options = ImportOptions(
            portfolio: portfolio, asset: asset.map { AssetCode($0) }, currency: AssetCode(currency), market: Market(market),
            replace: replace
        )
        for summary in try store.importFiles(files.map { URL(fileURLWithPath: $0) }, kind: kind, options: options) {
            Output.warn(summary.differenceLines)
            Output.result(summary.lines.map { $0 + "\n" }.joined())
        }
    }
}
