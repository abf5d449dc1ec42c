import FolioCore
import FolioSources
import Foundation

/// What one source is asked, typed: the parameters of its plan, from `folio fetch SOURCE`'s options or
/// from a section of the configuration file.
public enum QuoteQuery: Equatable, Sendable {
    /// Official rates (UAH per unit) for every day from `from` through `to`.
    case nbu(currencies: [AssetCode], from: Day, to: Day)
    /// Prices in `vs` with `days` of history (0: current prices only) and the market's figures.
    case coinGecko(coins: [String], vs: String, days: Int)
    case monobank
    case privatBank
    /// Daily closes, priced in `currency`.
    case stooq(symbols: [String], currency: AssetCode)

    /// Days of CoinGecko history one fetch may ask for, on the command line and in the file.
    public static let coinGeckoDays = 0...365

    /// The source's name, as the fetch log, the configuration file and the messages spell it.
    public var source: String {
        switch self {
        case .nbu: NBUSource.name
        case .coinGecko: CoinGeckoSource.name
        case .monobank: MonobankSource.name
        case .privatBank: PrivatBankSource.name
        case .stooq: StooqSource.name
        }
    }

    /// The requests to make, against the base URL `urls` chooses; the CoinGecko demo key comes from
    /// the environment `urls` reads, never from the command line or the file.
    func plan(urls: SourceURLs, now: Date) -> SourcePlan {
        switch self {
        case let .nbu(currencies, from, to):
            NBUSource(baseURL: urls.base(source, default: NBUSource.defaultBaseURL)).plan(
                currencies: currencies,
                from: from,
                to: to,
                now: now
            )
        case let .coinGecko(coins, vs, days):
            CoinGeckoSource(
                baseURL: urls.base(source, default: CoinGeckoSource.defaultBaseURL),
                apiKey: urls.environment["FOLIO_COINGECKO_KEY"]
            )
            .plan(coins: coins, vs: vs, days: days, now: now)
        case .monobank:
            MonobankSource(baseURL: urls.base(source, default: MonobankSource.defaultBaseURL)).plan(now: now)
        case .privatBank:
            PrivatBankSource(baseURL: urls.base(source, default: PrivatBankSource.defaultBaseURL)).plan(now: now)
        case let .stooq(symbols, currency):
            StooqSource(baseURL: urls.base(source, default: StooqSource.defaultBaseURL)).plan(
                symbols: symbols,
                currency: currency,
                now: now
            )
        }
    }
}

/// Base URLs: `FOLIO_<SOURCE>_URL` from the environment, else the configuration file, else the public API.
struct SourceURLs: Sendable {
    var configured: [String: String]
    var environment: [String: String]

    init(configured: [String: String] = [:], environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configured = configured
        self.environment = environment
    }

    func base(_ source: String, default fallback: String) -> String {
        if let url = environment["FOLIO_\(source.uppercased())_URL"], !url.isEmpty { return url }
        return configured[source] ?? fallback
    }
}
