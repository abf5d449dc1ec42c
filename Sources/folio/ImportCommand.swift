import ArgumentParser
import FolioCore
import FolioDatasets
import FolioFetch
import FolioImport
import FolioInputs
import FolioSources
import FolioStore
import Foundation

/// What `folio import` reads: a file format of the store's importers, or an answer a quote source
/// gave and that was saved to a file (read by that source's parser, as `folio fetch` reads it).
enum ImportFormat: ExpressibleByArgument {
    case file(ImportKind)
    case savedAnswer(SavedAnswer)

    init?(argument: String) {
        if let kind = ImportKind(rawValue: argument) {
            self = .file(kind)
        } else if let answer = SavedAnswer(rawValue: argument) {
            self = .savedAnswer(answer)
        } else {
            return nil
        }
    }

    static var allValueStrings: [String] { ImportKind.allCases.map(\.rawValue) + SavedAnswer.allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }

    /// The kinds as `folio import --help` lists them: the name, then what the file holds. Padded by hand, not
    /// with Foundation's `padding(toLength:)`: ArgumentParser reads every command's help at every start.
    static var helpLines: [String] {
        let lines =
            ImportKind.allCases.map { ($0.rawValue, $0.help) } + SavedAnswer.allCases.map { ($0.rawValue, [$0.help]) }
        return lines.flatMap { name, help in
            help.enumerated().map { i, line in
                (i == 0
                    ? "  " + name + String(repeating: " ", count: max(1, 18 - name.count))
                    : String(repeating: " ", count: 20))
                    + line
            }
        }
    }

    var name: String {
        switch self {
        case let .file(kind): kind.rawValue
        case let .savedAnswer(answer): answer.rawValue
        }
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import quotes, trades, cash transactions or a budget from files.",
        discussion: """
            Kinds:
            \(ImportFormat.helpLines.joined(separator: "\n"))

            All files of one command are imported in one transaction: a bad row
            writes nothing and is reported as file:line: field: what was found,
            what was expected. Importing the same file again adds nothing. Times
            are UTC unless they carry an offset.

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
              folio import csv brent-daily.csv --columns date=Date,price=Price \\
                --asset BRENT --currency USD
              folio import csv --mapping brent.yaml brent-daily.csv
              folio import csv nbu_rates_wide.csv --wide --date-column date \\
                --currency UAH --market nbu
              folio import ibkr-flex --portfolio IB trades.csv
              folio import trading212 --portfolio T212 --base EUR \\
                from_2024-01-01_to_2024-12-31.csv
              folio import degiro --portfolio Degiro Transactions.csv Account.csv
              folio import quotes --replace corrected-prices.csv
              folio import monobank-json mono-2025-06-20.json
              folio import privatbank-json --market cash \\
                --time 2025-06-20T09:00:00Z privat-cash.json
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("What the files hold.", valueName: "kind"))
    var kind: ImportFormat

    @Argument(help: ArgumentHelp("Files to import.", valueName: "file"))
    var files: [String]

    @Option(help: "Portfolio to import trades or transactions into.", completion: ValueCompletion.portfolios)
    var portfolio: String?

    @Option(
        help: ArgumentHelp("Create --portfolio with this base currency if it does not exist.", valueName: "currency")
    )
    var base: String?

    @Option(help: "Asset of a stock-csv or csv file without an asset column.")
    var asset: String?

    @Option(help: "Currency of stock-csv prices (default USD) or csv prices.")
    var currency: String?

    @Option(help: "Market of stock-csv or csv quotes (default exchange); cash or card for privatbank-json.")
    var market: String?

    @OptionGroup(title: "Column mapping (csv)") var csv: CSVMappingOptions

    @Option(
        help: ArgumentHelp(
            "When a privatbank-json answer was fetched (it carries no time): 2025-06-20T09:00:00Z.",
            valueName: "time"
        )
    )
    var time: String?

    @Flag(help: "Replace stored rows with the same key and other values (default: name them and keep them).")
    var replace = false

    func validate() throws {
        guard !files.isEmpty else { throw ArgumentError("FILE", "give at least one file to import") }
        if let market { _ = try ArgumentValue.market(market) }
        switch kind {
        case let .file(kind):
            if kind.needsPortfolio && portfolio == nil { throw kind.withoutPortfolio }
            if let base {
                guard kind.needsPortfolio else {
                    throw ArgumentError("--base", "import \(kind.rawValue) goes into no portfolio; --base is not taken")
                }
                _ = try ArgumentValue.asset(base, "--base")
            }
            if let asset { _ = try ArgumentValue.asset(asset, "--asset") }
            if let currency { _ = try ArgumentValue.asset(currency, "--currency") }
            if kind != .csv,
                let option = csv.given.first(where: { !kind.takesDelimiter || !CSVMappingOptions.layout.contains($0) })
            {
                guard CSVMappingOptions.layout.contains(option) else {
                    throw ArgumentError(option, "only import csv takes a column mapping")
                }
                let takers = ImportKind.allCases.filter(\.takesDelimiter).map(\.rawValue)
                throw ArgumentError(
                    option,
                    "import \(kind.rawValue) reads one layout; \(option) is taken by import \(takers.dropLast().joined(separator: ", ")) and \(takers.last ?? "")"
                )
            }
            if kind.takesDelimiter && kind != .csv {
                try CSVMapping.checkDecimalComma(csv.decimalComma, delimiter: try csv.delimiterByte())
            }
            if time != nil {
                throw ArgumentError(
                    "--time",
                    "only privatbank-json takes a time; \(kind.rawValue) rows carry their own"
                )
            }
        case let .savedAnswer(answer):
            if let option = csv.given.first { throw ArgumentError(option, "only import csv takes a column mapping") }
            if replace {
                throw ArgumentError(
                    "--replace",
                    "\(answer.rawValue) keeps stored quotes, as a fetch does; correct one with folio import quotes --replace"
                )
            }
            for (option, given) in [
                ("--portfolio", portfolio != nil), ("--asset", asset != nil), ("--currency", currency != nil),
                ("--base", base != nil),
            ] where given {
                throw ArgumentError(
                    option,
                    "\(answer.rawValue) takes its assets and currencies from the answer; \(option) is not taken"
                )
            }
            if answer.needsMarketAndTime {
                guard let market, SavedAnswer.privatbankMarkets.contains(Market(market)) else {
                    throw ArgumentError(
                        "--market",
                        "import \(answer.rawValue) needs --market cash (coursid=5) or card (coursid=11)"
                    )
                }
                guard let time else {
                    throw ArgumentError("--time", "import \(answer.rawValue) needs --time, when the answer was fetched")
                }
                _ = try parsedTime(time)
            } else {
                if market != nil {
                    throw ArgumentError("--market", "\(answer.rawValue) rows are card rates; --market is not taken")
                }
                if time != nil {
                    throw ArgumentError("--time", "\(answer.rawValue) rows carry their own time; --time is not taken")
                }
            }
        }
    }

    func run() throws {
        let store = try database.openForWriting()
        let summaries =
            switch kind {
            case let .file(kind):
                try store.importFiles(
                    files.map { URL(fileURLWithPath: $0) },
                    kind: kind,
                    options: {
                        var options = ImportOptions(
                            portfolio: portfolio,
                            asset: asset.map { AssetCode($0) },
                            currency: AssetCode(currency ?? "USD"),
                            market: Market(market ?? "exchange"),
                            replace: replace,
                            csv: kind == .csv
                                ? try csv.mapping(asset: asset, currency: currency, market: market) : CSVMapping()
                        )
                        options.newPortfolioBase = base.map { AssetCode($0) }
                        if kind.takesDelimiter && kind != .csv {
                            options.delimiter = try csv.delimiterByte()
                            options.decimalComma = csv.decimalComma ?? false
                        }
                        return options
                    }()
                )
            case let .savedAnswer(answer):
                try store.importSavedAnswers(
                    files,
                    as: answer,
                    market: market.map { Market($0) },
                    time: try time.map(parsedTime)
                )
            }
        for summary in summaries {
            Output.warn(summary.differenceLines + summary.warnings.map { "warning: " + $0 })
            Output.result(summary.lines.map { $0 + "\n" }.joined())
        }
        if case let .file(kind) = kind, kind.needsPortfolio, let portfolio {
            let shortfalls = try ImportBalanceCheck.warnings(
                StoredInputs(store),
                portfolio: portfolio,
                tradeIDs: summaries.flatMap(\.writtenTradeIDs),
                cashTransactionIDs: summaries.flatMap(\.writtenCashTransactions)
            )
            Output.warn(shortfalls.map { "warning: " + $0 })
        }
    }

    /// A saved answer's time, read as every date Folio reads (`DateBounds`): a typo a century ahead
    /// would make its quotes the last of every series.
    private func parsedTime(_ text: String) throws -> Date { try ArgumentValue.time(text, "--time") }
}
