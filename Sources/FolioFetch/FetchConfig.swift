import FolioCore
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
public struct FetchConfig: Equatable, Sendable {
    public var throttleMinutes: Double?
    /// Base URLs by source, from the sections' `url`.
    public var urls: [String: String] = [:]
    /// The NBU section: its currencies and how many days, up to today, it asks for.
    public var nbu: NBUSection?
    /// The other sections, whose queries do not depend on the day, in the order coingecko, monobank,
    /// privatbank, stooq whatever the file's order (NBU is asked first).
    var otherSources: [QuoteQuery] = []

    public struct NBUSection: Equatable, Sendable {
        public var currencies: [AssetCode]
        public var days: Int
    }

    public init() {}

    /// Reads the file at `path`: unreadable or not YAML is an `ArgumentError` about `--config`, a bad
    /// value a `ConfigFileError` naming its key.
    public static func load(path: String) throws -> FetchConfig {
        let node: Any?
        do { node = try BoundedYAML.load(contentsOf: URL(fileURLWithPath: path)) } catch let failure as BoundedYAMLError
        {
            switch failure {
            case let .unreadable(_, reason): throw ArgumentError("--config", "cannot read \(path): \(reason)")
            case .notYAML: throw ArgumentError(message: failure.description)
            case .notUTF8, .overLimit, .keyNotText: throw failure
            }
        }
        let reader = ConfigReader(file: path)
        let root = try reader.map(node ?? [String: Any](), at: "")
        try reader.allow(root, ["throttle_minutes", "nbu", "coingecko", "monobank", "privatbank", "stooq"], at: "")
        var config = FetchConfig()
        config.throttleMinutes = try root["throttle_minutes"].map {
            try reader.number($0, at: "throttle_minutes", range: FetchRequest.throttleMinutes)
        }
        for source in ["nbu", "coingecko", "monobank", "privatbank", "stooq"] {
            guard let value = root[source] else { continue }
            let section = try reader.map(value ?? [String: Any](), at: source)
            if let url = section["url"] { config.urls[source] = try reader.string(url, at: "\(source).url") }
            switch source {
            case "nbu":
                try reader.allow(section, ["url", "currencies", "days"], at: source)
                let codes = try reader.strings(section["currencies"] ?? ["USD", "EUR", "PLN"], at: "nbu.currencies")
                for (i, code) in codes.enumerated() where !AssetCode.isValid(code) {
                    throw reader.error(
                        "nbu.currencies[\(i)]",
                        "found \"\(code)\", expected a currency code such as USD"
                    )
                }
                config.nbu = NBUSection(
                    currencies: codes.map { AssetCode($0) },
                    days: try section["days"].map { try reader.whole($0, at: "nbu.days", range: 1...3660) } ?? 1
                )
            case "coingecko":
                try reader.allow(section, ["url", "coins", "vs", "days"], at: source)
                config.otherSources.append(
                    .coinGecko(
                        coins: try reader.strings(section["coins"] ?? ["bitcoin", "ethereum"], at: "coingecko.coins"),
                        vs: try section["vs"].map { try reader.string($0, at: "coingecko.vs") } ?? "usd",
                        days: try section["days"].map {
                            try reader.whole($0, at: "coingecko.days", range: QuoteQuery.coinGeckoDays)
                        } ?? 7
                    )
                )
            case "monobank":
                try reader.allow(section, ["url"], at: source)
                config.otherSources.append(.monobank)
            case "privatbank":
                try reader.allow(section, ["url"], at: source)
                config.otherSources.append(.privatBank)
            default:
                try reader.allow(section, ["url", "symbols", "currency"], at: source)
                config.otherSources.append(
                    .stooq(
                        symbols: try reader.strings(section["symbols"] ?? [], at: "stooq.symbols"),
                        currency: AssetCode(
                            try section["currency"].map { try reader.string($0, at: "stooq.currency") } ?? "USD"
                        )
                    )
                )
            }
        }
        return config
    }

    /// Every source the file lists, NBU's days ending `today`.
    public func queries(today: Day) -> [QuoteQuery] {
        (nbu.map { [.nbu(currencies: $0.currencies, from: today.advanced(by: 1 - $0.days), to: today)] } ?? [])
            + otherSources
    }
}
