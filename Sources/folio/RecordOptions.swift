import ArgumentParser
import FolioAnalytics
import FolioCore
import FolioStore

/// The filters of `folio trades` and `folio transactions` (list and remove).
struct PortfolioRecordOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Only the rows of this portfolio.", valueName: "name"),
        completion: ValueCompletion.portfolios
    )
    var portfolio: String?

    @Option(
        parsing: .upToNextOption,
        help: ArgumentHelp("Only these assets (a transaction's currency); repeatable.", valueName: "code")
    )
    var asset: [String] = []

    @Option(help: ArgumentHelp("First day (UTC, included).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day (UTC, included).", valueName: "date"))
    var to: String?

    func filter(ids: [Int64] = []) throws -> RecordFilter {
        let days = try ArgumentValue.days(from: from, to: to)
        return RecordFilter(
            ids: ids,
            portfolio: portfolio,
            assets: try asset.map { try ArgumentValue.asset($0, "--asset") },
            from: days.from,
            to: days.to
        )
    }
}

/// The filters of `folio quotes` (list and remove): the parts of a quote's key.
struct QuoteRecordOptions: ParsableArguments {
    @Option(parsing: .upToNextOption, help: ArgumentHelp("Only these assets; repeatable.", valueName: "code"))
    var asset: [String] = []

    @Option(help: ArgumentHelp("Only prices in this currency.", valueName: "code"))
    var currency: String?

    @Option(help: ArgumentHelp("Only this market, e.g. nbu, exchange, cash.", valueName: "market"))
    var market: String?

    @Option(help: ArgumentHelp("First day (UTC, included).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("Last day (UTC, included).", valueName: "date"))
    var to: String?

    func filter() throws -> RecordFilter {
        let days = try ArgumentValue.days(from: from, to: to)
        return RecordFilter(
            assets: try asset.map { try ArgumentValue.asset($0, "--asset") },
            from: days.from,
            to: days.to,
            market: try ArgumentValue.market(market),
            currency: try currency.map { try ArgumentValue.asset($0, "--currency") }
        )
    }
}

/// `--format` and `--dry-run`, and how list and remove print: the rows on stdout as `folio table` prints
/// them, what a remove did as one line on stderr.
struct RecordOutputOptions: ParsableArguments {
    @Option(help: ArgumentHelp("text (default), csv or json.", valueName: "format"))
    var format: String = "text"

    func tableFormat() throws -> ResultTable.Format { try ArgumentValue.choice(format, "--format") }

    func list(_ table: ResultTable) throws {
        Output.result(table.encoded(as: try tableFormat()))
    }

    func removed(_ table: ResultTable, plural: String, dryRun: Bool) throws {
        Output.result(table.encoded(as: try tableFormat()))
        let count = table.rows.count
        let rows = count == 1 ? String(plural.dropLast()) : plural
        Output.warn([dryRun ? "would remove \(count) \(rows) (--dry-run: nothing changed)" : "removed \(count) \(rows)"]
        )
    }
}

/// What the commands that value with quotes and print a table (`convert`, `table`) both take: how old a
/// quote may be, and the table's format.
struct ValuedTableOptions: ParsableArguments {
    @Option(
        name: .customLong("stale-days"),
        help: ArgumentHelp("A quote older than this many days counts as missing.", valueName: "days")
    )
    var staleDays: Double = 7

    @Option(help: ArgumentHelp("text (default), csv or json.", valueName: "format"))
    var format: String = "text"
}
