import ArgumentParser
import FolioCore
import FolioNet
import FolioSources
import FolioStore
import Foundation

struct FetchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fetch",
        abstract: "Fetch quotes over HTTP from NBU, CoinGecko, Monobank, PrivatBank or Stooq.",
        discussion: """
            Each source is asked at most once per throttle interval after a successful fetch (default 5
            minutes, recorded in the database), so a cron entry every minute does not hammer anyone;
            after a failure it is asked again after 1, 2, 4 … minutes (never more than the interval),
            and a run that skips it for that reason exits 1. --force asks anyway.
            A fetch stores all of its rows or none. Base URLs come from FOLIO_NBU_URL,
            FOLIO_COINGECKO_URL, FOLIO_MONOBANK_URL, FOLIO_PRIVATBANK_URL, FOLIO_STOOQ_URL or the
            configuration file; a CoinGecko demo key from FOLIO_COINGECKO_KEY, sent only to that base URL's
            host and port, and over plain http only to this machine unless --insecure.

            Examples:
              folio fetch nbu --currencies USD,EUR,PLN --date 2022-02-24
              folio fetch nbu --currencies USD --from 2021-01-01 --to 2021-12-31
              folio fetch coingecko --coins bitcoin,ethereum --vs usd --days 7
              folio fetch monobank
              folio fetch privatbank
              folio fetch stooq --symbols aapl.us,msft.us
              folio fetch --config /etc/folio/fetch.yaml        # every source the file lists
            """,
        subcommands: [NBU.self, CoinGecko.self, Monobank.self, PrivatBank.self, Stooq.self]
    )

    @OptionGroup var common: FetchOptions
    @Option(help: ArgumentHelp("A YAML file listing the sources to fetch (see README).", valueName: "file"))
    var config: String?

    func run() throws {
        // Checked here, not in validate(): the parser validates this command also when a subcommand runs.
        guard let config else { throw ValidationError("name a source (nbu, coingecko, monobank, privatbank, stooq) or give --config FILE") }
        let file = try FetchConfig.load(path: config)
        let runner = try common.runner(throttleMinutes: file.throttleMinutes)
        let urls = SourceURLs(configured: file.urls)
        var failed: [String] = []
        for plan in file.plans(urls: urls, today: Day(runner.now), now: runner.now) where !(try runner.run(plan)) {
            failed.append(plan.source)
        }
        if !failed.isEmpty { throw ExitCode(1) }
    }
}

/// Options every fetch takes.
struct FetchOptions: ParsableArguments {
    @OptionGroup var database: DatabaseOptions
    @Flag(help: "Ask the source even if it was asked within the throttle interval.") var force = false
    @Option(help: ArgumentHelp("Ask each source at most once per this many minutes after a successful fetch.", valueName: "minutes"))
    var throttleMinutes: Double?
    @Option(help: ArgumentHelp("Give up on one request after this many seconds.", valueName: "seconds"))
    var timeout: Double = 30
    @Option(help: ArgumentHelp("Retries after a timeout, a dropped connection, 429 or 5xx.", valueName: "n"))
    var retries: Int = 3
    @Flag(help: "Allow an API key to go over plain http to a host other than this machine.")
    var insecure = false

    func validate() throws {
        if let throttleMinutes, !(0...1440).contains(throttleMinutes) {
            throw ValidationError("--throttle-minutes: expected 0 to 1440, found \(throttleMinutes)")
        }
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout: expected 1 to 600 seconds, found \(timeout)") }
        guard (0...10).contains(retries) else { throw ValidationError("--retries: expected 0 to 10, found \(retries)") }
    }

    /// Runs one source's plan; a failed fetch (already reported on stderr) exits with status 1.
    func fetch(_ makePlan: (FetchRunner) throws -> SourcePlan) throws {
        let runner = try runner()
        if !(try runner.run(makePlan(runner))) { throw ExitCode(1) }
    }

    func runner(throttleMinutes configured: Double? = nil) throws -> FetchRunner {
        var policy = HTTPPolicy()
        policy.totalTimeout = timeout
        policy.connectTimeout = min(policy.connectTimeout, timeout)
        policy.maxAttempts = retries + 1
        policy.allowPlainCredentials = insecure
        return FetchRunner(
            store: try database.openForWriting(), client: HTTPClient(policy: policy),
            throttle: (throttleMinutes ?? configured ?? 5) * 60, force: force, now: Date()
        )
    }
}

extension FetchCommand {
    struct NBU: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "nbu", abstract: "Official NBU rates (UAH per unit) for one day or a period.",
            discussion: "Examples:\n  folio fetch nbu --currencies USD,EUR,PLN\n  folio fetch nbu --currencies USD --from 2017-01-01 --to 2021-12-31"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated currency codes.") var currencies = "USD,EUR,PLN"
        @Option(help: "One day (default today).") var date: String?
        @Option(help: "First day of a period.") var from: String?
        @Option(help: "Last day of a period.") var to: String?

        func run() throws {
            try common.fetch { runner in
                let (first, last) = try FetchDays.parse(date: date, from: from, to: to, today: Day(runner.now))
                return NBUSource(baseURL: SourceURLs().base("nbu", default: NBUSource.defaultBaseURL))
                    .plan(currencies: try CodeList.parse(currencies, option: "--currencies"), from: first, to: last, now: runner.now)
            }
        }
    }

    struct CoinGecko: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "coingecko", abstract: "Crypto prices, history and market figures from CoinGecko.",
            discussion: "Example:\n  folio fetch coingecko --coins bitcoin,ethereum --vs usd --days 7\n  (--days 0: current prices only)"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated CoinGecko coin ids.") var coins = "bitcoin,ethereum"
        @Option(help: "Currency to price in.") var vs = "usd"
        @Option(help: "Days of history (2–90 give hourly points; 0 for current prices only).") var days = 7

        func validate() throws {
            guard (0...365).contains(days) else { throw ValidationError("--days: expected 0 to 365, found \(days)") }
            guard AssetCode.isValid(vs) else { throw ValidationError("--vs: \"\(vs)\" is not a currency code") }
        }

        func run() throws {
            let ids = CodeList.items(coins)
            guard !ids.isEmpty else { throw ValidationError("--coins: give at least one coin id such as bitcoin") }
            try common.fetch { runner in
                FolioSources.CoinGeckoSource(
                    baseURL: SourceURLs().base("coingecko", default: CoinGeckoSource.defaultBaseURL),
                    apiKey: ProcessInfo.processInfo.environment["FOLIO_COINGECKO_KEY"]
                ).plan(coins: ids, vs: vs, days: days, now: runner.now)
            }
        }
    }

    struct Monobank: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "monobank", abstract: "Monobank card rates (buy and sell).", discussion: "Example:\n  folio fetch monobank"
        )
        @OptionGroup var common: FetchOptions

        func run() throws {
            try common.fetch { runner in MonobankSource(baseURL: SourceURLs().base("monobank", default: MonobankSource.defaultBaseURL)).plan(now: runner.now) }
        }
    }

    struct PrivatBank: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "privatbank", abstract: "PrivatBank cash and card rates (buy and sell).", discussion: "Example:\n  folio fetch privatbank"
        )
        @OptionGroup var common: FetchOptions

        func run() throws {
            try common.fetch { runner in
                PrivatBankSource(baseURL: SourceURLs().base("privatbank", default: PrivatBankSource.defaultBaseURL)).plan(now: runner.now)
            }
        }
    }

    struct Stooq: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stooq", abstract: "Daily closes of stocks and indices from Stooq.",
            discussion: "Example:\n  folio fetch stooq --symbols aapl.us,msft.us"
        )
        @OptionGroup var common: FetchOptions
        @Option(help: "Comma-separated Stooq symbols.") var symbols: String
        @Option(help: "Currency of the prices.") var currency = "USD"

        func run() throws {
            let list = CodeList.items(symbols)
            guard !list.isEmpty else { throw ValidationError("--symbols: give at least one symbol such as aapl.us") }
            guard AssetCode.isValid(currency) else { throw ValidationError("--currency: \"\(currency)\" is not a currency code") }
            try common.fetch { runner in
                StooqSource(baseURL: SourceURLs().base("stooq", default: StooqSource.defaultBaseURL)).plan(symbols: list, currency: AssetCode(currency), now: runner.now)
            }
        }
    }
}

/// `--date D` or `--from D --to D`, checked: real days, from not after to.
enum FetchDays {
    static func parse(date: String?, from: String?, to: String?, today: Day) throws -> (Day, Day) {
        func day(_ text: String, _ option: String) throws -> Day {
            guard let d = Day(iso: text) else { throw ValidationError("\(option): expected a date such as 2024-03-01, found \"\(text)\"") }
            return d
        }
        if let date {
            guard from == nil, to == nil else { throw ValidationError("--date: give either --date or --from and --to") }
            let d = try day(date, "--date")
            return (d, d)
        }
        let first = try from.map { try day($0, "--from") } ?? today
        let last = try to.map { try day($0, "--to") } ?? today
        guard first <= last else { throw ValidationError("--from: \(first) is after --to \(last)") }
        return (first, last)
    }
}

enum CodeList {
    /// The non-empty, trimmed items of a comma-separated option value.
    static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func parse(_ text: String, option: String) throws -> [AssetCode] {
        let codes = items(text)
        guard !codes.isEmpty else { throw ValidationError("\(option): give at least one code") }
        for code in codes where !AssetCode.isValid(code) { throw ValidationError("\(option): \"\(code)\" is not a currency code") }
        return codes.map { AssetCode($0) }
    }
}
