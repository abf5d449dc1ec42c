import ArgumentParser
import FolioCore
import FolioFetch
import Foundation

struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch quotes over HTTP from NBU, CoinGecko, Monobank, PrivatBank or Stooq.",
        discussion: """
            Each source is asked at most once per throttle interval after a successful
            fetch (default 5 minutes, recorded in the database), so a cron entry every
            minute does not hammer anyone; after a failure it is asked again after 1, 2,
            4 … minutes (never more than the interval), and a run that skips it for that
            reason exits 1. --force asks anyway. A fetch stores all of its rows or none.
            Base URLs come from FOLIO_NBU_URL, FOLIO_COINGECKO_URL, FOLIO_MONOBANK_URL,
            FOLIO_PRIVATBANK_URL, FOLIO_STOOQ_URL or the configuration file; a CoinGecko
            demo key from FOLIO_COINGECKO_KEY, sent only to that base URL's host and port,
            and over plain http only to this machine unless --insecure.

            Examples:
              folio fetch nbu --currencies USD,EUR,PLN --date 2022-02-24
              folio fetch nbu --currencies USD --from 2021-01-01 --to 2021-12-31
              folio fetch coingecko --coins bitcoin,ethereum --vs usd --days 7
              folio fetch monobank
              folio fetch privatbank
              folio fetch stooq --symbols aapl.us,msft.us
              folio fetch --config /etc/folio/fetch.yaml   # every source the file lists
            """,
        subcommands: [NBU.self, CoinGecko.self, Monobank.self, PrivatBank.self, Stooq.self]
    )

    @OptionGroup var common: FetchOptions
    @Option(help: ArgumentHelp("A YAML file listing the sources to fetch (see README).", valueName: "file"))
    var config: String?

    func run() throws {
        // Checked here, not in validate(): the parser validates this command also when a subcommand runs.
        guard let config else {
            throw ArgumentError(
                "SOURCE",
                "name a source (nbu, coingecko, monobank, privatbank, stooq) or give --config FILE"
            )
        }
        let file = try FetchConfig.load(path: config)
        try common.fetch(throttleMinutes: file.throttleMinutes, urls: file.urls) { today in file.queries(today: today) }
    }
}

/// Options every fetch takes.
struct FetchOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Ask the source even if it was asked within the throttle interval.") var force = false
    @Option(
        help: ArgumentHelp(
            "Ask each source at most once per this many minutes after a successful fetch.",
            valueName: "minutes"
        )
    )
    var throttleMinutes: Double?
    @Option(help: ArgumentHelp("Give up on one request after this many seconds.", valueName: "seconds"))
    var timeout: Double = 30
    @Option(help: ArgumentHelp("Retries after a timeout, a dropped connection, 429 or 5xx.", valueName: "n"))
    var retries: Int = 3
    @Flag(help: "Allow an API key to go over plain http to a host other than this machine.")
    var insecure = false

    func validate() throws {
        try request.validate()
    }

    var request: FetchRequest {
        var request = FetchRequest()
        (request.force, request.throttleMinutes, request.timeout, request.retries, request.insecure) = (
            force, throttleMinutes, timeout, retries, insecure
        )
        return request
    }

    /// Opens the database, names the sources (`queries`, given today), fetches and prints each source's
    /// outcome as it comes; a source that failed, or was skipped for a failure's backoff, exits 1.
    func fetch(
        throttleMinutes configured: Double? = nil,
        urls: [String: String] = [:],
        _ queries: (Day) throws -> [QuoteQuery]
    ) throws {
        let store = try database.openForWriting()
        var request = self.request
        request.throttleMinutes = throttleMinutes ?? configured
        request.configuredURLs = urls
        request.queries = try queries(Day(request.now))
        let outcomes = try request.run(store: store) { outcome in
            if outcome.isFailure { Output.warn(["Error: \(outcome.line)"]) } else { print(outcome.line) }
        }
        if outcomes.contains(where: \.isFailure) { throw ExitCode(1) }
    }
}

extension FetchCommand {
    struct NBU: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "nbu",
            abstract: "Official NBU rates (UAH per unit) for one day or a period.",
            discussion:
                "Examples:\n  folio fetch nbu --currencies USD,EUR,PLN\n  folio fetch nbu --currencies USD --from 2017-01-01 --to 2021-12-31"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated currency codes.") var currencies = "USD,EUR,PLN"
        @Option(help: "One day (default today).") var date: String?
        @Option(help: "First day of a period.") var from: String?
        @Option(help: "Last day of a period.") var to: String?

        func run() throws {
            try common.fetch { today in
                let days = try FetchDays.parse(date: date, from: from, to: to, today: today)
                return [
                    .nbu(
                        currencies: try CodeList.currencies(currencies, option: "--currencies"),
                        from: days.from,
                        to: days.to
                    )
                ]
            }
        }
    }

    struct CoinGecko: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coingecko",
            abstract: "Crypto prices, history and market figures from CoinGecko.",
            discussion:
                "Example:\n  folio fetch coingecko --coins bitcoin,ethereum --vs usd --days 7\n  (--days 0: current prices only)"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated CoinGecko coin ids.") var coins = "bitcoin,ethereum"
        @Option(help: "Currency to price in.") var vs = "usd"
        @Option(help: "Days of history (2–90 give hourly points; 0 for current prices only).") var days = 7

        func validate() throws {
            guard QuoteQuery.coinGeckoDays.contains(days) else {
                throw ArgumentError("--days", "expected 0 to 365, found \(days)")
            }
            _ = try CodeList.currency(vs, option: "--vs")
        }

        func run() throws {
            let ids = try CodeList.items(coins, option: "--coins", example: "coin id such as bitcoin")
            try common.fetch { _ in [.coinGecko(coins: ids, vs: vs, days: days)] }
        }
    }

    struct Monobank: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "monobank",
            abstract: "Monobank card rates (buy and sell).",
            discussion: "Example:\n  folio fetch monobank"
        )
        @OptionGroup var common: FetchOptions

        func run() throws { try common.fetch { _ in [.monobank] } }
    }

    struct PrivatBank: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "privatbank",
            abstract: "PrivatBank cash and card rates (buy and sell).",
            discussion: "Example:\n  folio fetch privatbank"
        )
        @OptionGroup var common: FetchOptions

        func run() throws { try common.fetch { _ in [.privatBank] } }
    }

    struct Stooq: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stooq",
            abstract: "Daily closes of stocks and indices from Stooq.",
            discussion: "Example:\n  folio fetch stooq --symbols aapl.us,msft.us"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated Stooq symbols.") var symbols: String
        @Option(help: "Currency of the prices.") var currency = "USD"

        func run() throws {
            let list = try CodeList.items(symbols, option: "--symbols", example: "symbol such as aapl.us")
            let code = try CodeList.currency(currency, option: "--currency")
            try common.fetch { _ in [.stooq(symbols: list, currency: code)] }
        }
    }
}
