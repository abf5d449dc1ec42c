import ArgumentParser
import FolioCore
import FolioReports
import FolioSources
import FolioYAML
import Foundation

/// The file `folio fetch --config FILE` reads, for cron:
///
///     throttle_minutes: 5
///     nbu:        { currencies: [USD, EUR, PLN], days: 1, url: https://bank.gov.ua }
///     coingecko:  { coins: [bitcoin, ethereum], vs: usd, days: 7 }
///     monobank:   {}
///     privatbank: {}
///     stooq:      { symbols: [aapl.us, msft.us], currency: USD }
///
/// Every source section is optional; `url` in any of them replaces the public API's base URL
/// (the `FOLIO_<SOURCE>_URL` environment variables still win). Unknown keys are errors.
struct FetchConfig {
    var throttleMinutes: Double?
    var urls: [String: String] = [:]
    var nbu: (currencies: [AssetCode], days: Int)?
    var coingecko: (coins: [String], vs: String, days: Int)?
    var monobank = false
    var privatbank = false
    var stooq: (symbols: [String], currency: AssetCode)?

    static func load(path: String) throws -> FetchConfig {
        let node: Any?
        do { node = try BoundedYAML.load(contentsOf: URL(fileURLWithPath: path)) } catch let failure as BoundedYAML.Failure {
            switch failure {
            case .unreadable: throw ValidationError("--config: cannot read \(path)")
            case .notYAML(_, let reason): throw ValidationError("\(path): not YAML (\(reason))")
            case .notUTF8, .overLimit: throw failure
            }
        }
        let reader = ConfigReader(file: path)
        let root = try reader.map(node ?? [String: Any](), at: "")
        try reader.allow(root, ["throttle_minutes", "nbu", "coingecko", "monobank", "privatbank", "stooq"], at: "")
        var config = FetchConfig()
        config.throttleMinutes = try root["throttle_minutes"].map { try reader.number($0, at: "throttle_minutes", range: 0...1440) }
        for source in ["nbu", "coingecko", "monobank", "privatbank", "stooq"] {
            guard let value = root[source] else { continue }
            let section = try reader.map(value ?? [String: Any](), at: source)
            if let url = section["url"] { config.urls[source] = try reader.string(url, at: "\(source).url") }
            switch source {
            case "nbu":
                try reader.allow(section, ["url", "currencies", "days"], at: source)
                let codes = try reader.strings(section["currencies"] ?? ["USD", "EUR", "PLN"], at: "nbu.currencies")
                for (i, code) in codes.enumerated() where !AssetCode.isValid(code) {
                    throw reader.error("nbu.currencies[\(i)]", "found \"\(code)\", expected a currency code such as USD")
                }
                config.nbu = (codes.map { AssetCode($0) }, try section["days"].map { try reader.whole($0, at: "nbu.days", range: 1...3660) } ?? 1)
            case "coingecko":
                try reader.allow(section, ["url", "coins", "vs", "days"], at: source)
                config.coingecko = (
                    try reader.strings(section["coins"] ?? ["bitcoin", "ethereum"], at: "coingecko.coins"),
                    try section["vs"].map { try reader.string($0, at: "coingecko.vs") } ?? "usd",
                    try section["days"].map { try reader.whole($0, at: "coingecko.days", range: 0...365) } ?? 7
                )
            case "monobank":
                try reader.allow(section, ["url"], at: source)
                config.monobank = true
            case "privatbank":
                try reader.allow(section, ["url"], at: source)
                config.privatbank = true
            default:
                try reader.allow(section, ["url", "symbols", "currency"], at: source)
                config.stooq = (
                    try reader.strings(section["symbols"] ?? [], at: "stooq.symbols"),
                    AssetCode(try section["currency"].map { try reader.string($0, at: "stooq.currency") } ?? "USD")
                )
            }
        }
        return config
    }

    func plans(urls: SourceURLs, today: Day, now: Date) -> [SourcePlan] {
        var plans: [SourcePlan] = []
        if let nbu {
            plans.append(NBUSource(baseURL: urls.base("nbu", default: NBUSource.defaultBaseURL))
                .plan(currencies: nbu.currencies, from: today.advanced(by: 1 - nbu.days), to: today, now: now))
        }
        if let coingecko {
            plans.append(CoinGeckoSource(baseURL: urls.base("coingecko", default: CoinGeckoSource.defaultBaseURL),
                                         apiKey: ProcessInfo.processInfo.environment["FOLIO_COINGECKO_KEY"])
                .plan(coins: coingecko.coins, vs: coingecko.vs, days: coingecko.days, now: now))
        }
        if monobank { plans.append(MonobankSource(baseURL: urls.base("monobank", default: MonobankSource.defaultBaseURL)).plan(now: now)) }
        if privatbank { plans.append(PrivatBankSource(baseURL: urls.base("privatbank", default: PrivatBankSource.defaultBaseURL)).plan(now: now)) }
        if let stooq, !stooq.symbols.isEmpty {
            plans.append(StooqSource(baseURL: urls.base("stooq", default: StooqSource.defaultBaseURL)).plan(symbols: stooq.symbols, currency: stooq.currency, now: now))
        }
        return plans
    }
}
