import ArgumentParser
import FolioAnalytics
import FolioDatasets
import FolioInputs

struct TableCommand: ParsableCommand {
    // Read at every start (ArgumentParser takes every command's configuration): the names are padded
    // in Swift, not with Foundation's `padding(toLength:)`, which goes through NSString (3 % of --version).
    static let configuration = CommandConfiguration(
        commandName: "table",
        abstract: "Print an analytics result as an aligned table, CSV or JSON.",
        discussion: """
            Tables:
            \(tableList)

            Dates are YYYY-MM-DD (UTC). Without --as-of a table is as of the last day
            with data: for a portfolio the last day its holdings can be valued (never
            before its last trade), for prices the last quote of the assets, for the
            budget its last entry. Ranges end there and span 12 months (value, flows,
            composition, budget, prices, returns, correlation, normalised; 5 years for
            composition --period year) or --window days (window: 7).

            --portfolio may be left out when the database holds one portfolio. Price
            tables without --asset use the assets the portfolio traded, priced in its
            base currency; else in --currency or the first asset's quote currency.

            stdout carries only the table. Quotes that are missing or older than
            --stale-days are named on stderr, one per line; the values that needed
            them are undefined (text —, CSV empty field, JSON null). The JSON shape is
            in README, "Tables from the command line".

            Examples:
              folio table holdings --portfolio "Demo UAH"
              folio table allocation --portfolio "Demo UAH" --by kind
              folio table composition --portfolio "Demo UAH" --period year
              folio table income --portfolio "DSX crypto" --method lifo --format csv
              folio table window --asset BTC --window 7 --as-of 2020-06-30
              folio table correlation --asset AAPL MSFT KO
              folio table rolling-correlation --asset BTC ETH --format json
              folio table normalised --asset BTC ETH --normalise rebased
              folio table attribution --portfolio "Demo UAH" --period 2017 --by holding
              folio table budget-months --format csv > budget.csv
              folio table tax-year --portfolio "Demo UAH" --year 2017
              folio table income-calendar --portfolio "Demo UAH" --by holding
              folio table rebalance --portfolio Main --cash 500 --whole-shares
            """
    )

    /// One line per table, name and summary; built by a loop, as `Datasets.names` is, because it is read at
    /// every start.
    private static var tableList: String {
        var list = ""
        for table in TableName.allCases {
            list +=
                (list.isEmpty ? "" : "\n") + "  " + table.rawValue
                + String(repeating: " ", count: max(1, 20 - table.rawValue.count)) + table.summary
        }
        return list
    }

    @OptionGroup var database: DatabaseOptions

    @Argument(
        help: ArgumentHelp(
            "The table, one of: \(TableName.allCases.map(\.rawValue).joined(separator: ", ")).",
            valueName: "name"
        ),
        completion: ValueCompletion.names(of: TableName.self)
    )
    var name: String

    @Option(help: "The portfolio (default: the only one in the database).", completion: ValueCompletion.portfolios)
    var portfolio: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp(
            "Assets (--asset AAPL MSFT, or repeated): those of price tables, a filter for portfolio tables.",
            valueName: "code"
        )
    )
    var asset: [String] = []

    @Option(help: ArgumentHelp("First day of the range.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day of the range (default: --as-of).", valueName: "date"))
    var to: String?

    @Option(
        name: .customLong("as-of"),
        help: ArgumentHelp(
            "The day a table is taken at, or the range ends (default: the last day with data).",
            valueName: "date"
        )
    )
    var asOf: String?

    @Option(
        help: ArgumentHelp(
            "Days of window (7), of rolling-correlation (30), or the last N return days of returns and correlation.",
            valueName: "n"
        )
    )
    var window: Int?

    @Option(help: ArgumentHelp("Cost basis of income and value: fifo (default), average or lifo.", valueName: "method"))
    var method: String?

    @Option(help: ArgumentHelp("Preferred market of quotes, e.g. nbu, interbank, cash, exchange.", valueName: "market"))
    var market: String?

    @Option(
        help: ArgumentHelp(
            "Allocation grouping: asset (default), kind or currency; attribution, income-calendar: holding.",
            valueName: "grouping"
        )
    )
    var by: String?

    @Option(
        help: ArgumentHelp(
            "Composition period: month (default) or year; attribution: 1M, 3M, YTD, 1Y, 3Y, inception (default), a year (2017) or last-year.",
            valueName: "period"
        )
    )
    var period: String?

    @Option(help: ArgumentHelp("Currency of prices and of the budget.", valueName: "code"))
    var currency: String?

    @Option(
        help: ArgumentHelp(
            "Allocation slices below this percent are grouped into Other (default 2).",
            valueName: "percent"
        )
    )
    var threshold: Double?

    @Option(
        help: ArgumentHelp(
            "Days returns are taken on: union (default) or common (days every asset has a price).",
            valueName: "calendar"
        )
    )
    var calendar: String?

    @Option(
        name: .customLong("min-overlap"),
        help: ArgumentHelp("Days two assets need in common for a correlation (default 20).", valueName: "n")
    )
    var minOverlap: Int?

    @Option(
        help: ArgumentHelp(
            "normalised: min-max (default, each series spans 0…1) or rebased (100 at the start).",
            valueName: "method"
        )
    )
    var normalise: String?

    @Option(
        help: ArgumentHelp(
            "performance: an asset to compare with, in the portfolio's base currency (e.g. SPY, BTC, USD).",
            valueName: "code"
        )
    )
    var benchmark: String?

    @Option(
        name: .customLong("risk-free"),
        help: ArgumentHelp(
            "performance: annual risk-free rate in percent for Sharpe and Sortino (default 0).",
            valueName: "percent"
        )
    )
    var riskFree: Double?

    @Option(help: ArgumentHelp("tax-year: the calendar year to declare.", valueName: "year"))
    var year: Int?

    @Option(
        name: .customLong("tax-rates"),
        help: ArgumentHelp("tax-year, rebalance: a rates file instead of reports/tax-rates.yaml.", valueName: "file")
    )
    var taxRates: String?

    @Option(
        help: ArgumentHelp(
            "income-calendar: months paid before --as-of and projected after it (default 12, projected up to 12).",
            valueName: "n"
        )
    )
    var months: Int?

    @Option(
        help: ArgumentHelp("rebalance: new money in the base currency to split among the buys.", valueName: "amount")
    )
    var cash: String?

    @Flag(help: "rebalance: sell what is over target, so that every line reaches it (default: buys only).")
    var sell = false

    @Flag(name: .customLong("whole-shares"), help: "rebalance: trade stocks and ETFs in whole shares.")
    var wholeShares = false

    @OptionGroup var valued: ValuedTableOptions

    /// The options as one typed request; every value is checked before the database is opened.
    func request() throws -> TableRequest {
        try TableRequest(
            name: name,
            portfolio: portfolio,
            assets: asset,
            from: from,
            to: to,
            asOf: asOf,
            window: window,
            method: method,
            market: market,
            by: by,
            period: period,
            currency: currency,
            threshold: threshold,
            calendar: calendar,
            minOverlap: minOverlap,
            normalise: normalise,
            benchmark: benchmark,
            riskFree: riskFree,
            staleDays: valued.staleDays,
            format: valued.format,
            year: year,
            taxRates: taxRates,
            months: months,
            cash: cash,
            sell: sell,
            wholeShares: wholeShares
        )
    }

    func run() throws {
        let request = try request()
        var warnings: [String] = []
        let table: ResultTableParts
        do {
            table = try request.parts(from: StoredInputs(database.openForReading()), warnings: &warnings)
        } catch {
            Output.warn(warnings)  // what was found missing before the error, above its line
            throw error
        }
        Output.warn(warnings)
        Output.result(table.encoded(as: request.format))
    }
}
