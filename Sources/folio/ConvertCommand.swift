import ArgumentParser
import FolioDatasets
import FolioInputs

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert an amount from one currency or asset to another with the stored quotes.",
        discussion: """
            Goes through a pivot when no quote links the two directly (AAPL → USD → UAH),
            with the last quote at or before --date in each leg. A quote older than
            --stale-days is missing, and the conversion fails naming it rather than using
            an old price.

            --date is YYYY-MM-DD (the end of that day, UTC) or an ISO 8601 time; without
            it, the newest instant at which every quote on the way exists. --side buy uses
            bid prices (what a bank pays for the currency), sell uses ask prices; without
            bid/ask a quote's plain price is used.

            Prints the conversion, then one row per quote used (--format text, csv or
            json).

            Examples:
              folio convert 37500 USD BTC
              folio convert 1000 USD UAH --market nbu --date 2020-03-02
              folio convert 100 EUR UAH --market cash --side sell
              folio convert 10 AAPL UAH --date 2017-12-29 --format json
            """
    )

    @OptionGroup var database: DatabaseOptions

    @Argument(help: ArgumentHelp("The amount to convert, e.g. 37500 or 0.25.", valueName: "amount"))
    var amount: String

    @Argument(help: ArgumentHelp("The currency or asset of the amount.", valueName: "from"))
    var from: String

    @Argument(help: ArgumentHelp("The currency or asset to convert into.", valueName: "to"))
    var to: String

    @Option(
        help: ArgumentHelp("Market tried first on every leg, e.g. nbu, interbank, cash, exchange.", valueName: "market")
    )
    var market: String?

    @Option(help: ArgumentHelp("buy (bid), sell (ask) or mid (default: the quote's price).", valueName: "side"))
    var side: String = "mid"

    @Option(help: ArgumentHelp("When (default: the newest instant every quote needed exists).", valueName: "date"))
    var date: String?

    @OptionGroup var valued: ValuedTableOptions

    func run() throws {
        let request = try ConversionRequest(
            amount: amount,
            from: from,
            to: to,
            market: market,
            side: side,
            date: date,
            staleDays: valued.staleDays,
            format: valued.format
        )
        Output.result(try request.table(from: StoredInputs(database.openForReading())).encoded(as: request.format))
    }
}
