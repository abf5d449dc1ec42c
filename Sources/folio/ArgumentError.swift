import FolioAnalytics
import FolioCore
import Foundation

/// A bad command-line value. Not a `ValidationError`: ArgumentParser prints those with the usage text
/// below, while any other error is printed as the single line `Error: <argument>: <problem>`, which is
/// what scripts and cron mails want to read.
struct ArgumentError: Error, CustomStringConvertible, LocalizedError {
    let message: String

    init(_ argument: String, _ problem: String) { message = "\(argument): \(problem)" }

    /// A message that names its subject itself (a missing quote names the pair).
    init(message: String) { self.message = message }

    var description: String { message }
    var errorDescription: String? { message }
}

extension ArgumentError {
    /// The analytics module's error, naming the command-line spelling of its argument (`--asset`
    /// rather than `asset`) so that the user sees what to change.
    init(_ error: AnalyticsError, arguments names: [String: String] = [:]) {
        let standard = [
            "asset": "--asset", "first asset": "--asset", "second asset": "--asset", "from/to": "--from/--to",
            "window": "--window", "minimum overlap": "--min-overlap", "threshold": "--threshold",
            "currency": "--currency", "market": "--market",
        ]
        func name(_ argument: String) -> String { names[argument] ?? standard[argument] ?? argument }
        switch error {
        case let .rangeReversed(from, to):
            self.init("--from", "\(from.iso) is after --to \(to.iso)")
        case let .emptyRange(argument):
            self.init(name(argument), "the range is empty")
        case let .unknownAsset(asset, argument):
            self.init(name(argument), "unknown asset \(asset) (see `folio info`)")
        case let .unknownMarket(market, argument):
            self.init(name(argument), "unknown market \(market)")
        case let .invalidArgument(argument, value, expected):
            self.init(name(argument), "\(value) is not valid, expected \(expected)")
        case let .missingQuote(missing):
            self.init(message: missing.description)
        }
    }
}

/// Parsing of option values into domain values, each failure naming the option.
enum ArgumentValue {
    /// One of the cases of `T`, matched without regard to case (`minmax` for `minMax`).
    static func choice<T: RawRepresentable & CaseIterable>(_ text: String, _ argument: String) throws -> T where T.RawValue == String {
        if let match = T.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) { return match }
        let names = T.allCases.map { $0.rawValue.lowercased() }.joined(separator: ", ")
        throw ArgumentError(argument, "\"\(text)\" is not one of \(names)")
    }

    static func day(_ text: String?, _ argument: String) throws -> Day? {
        guard let text else { return nil }
        guard let day = Day(iso: text) else { throw ArgumentError(argument, "\"\(text)\" is not a date such as 2024-03-31") }
        return day
    }

    static func asset(_ text: String, _ argument: String) throws -> AssetCode {
        guard AssetCode.isValid(text) else { throw ArgumentError(argument, "\"\(text)\" is not an asset code such as BTC or AAPL") }
        return AssetCode(text)
    }

    static func market(_ text: String?, _ argument: String = "--market") throws -> Market? {
        guard let text else { return nil }
        guard Market.isValid(text) else { throw ArgumentError(argument, "\"\(text)\" is not a market name such as nbu or exchange") }
        return Market(text)
    }

    static func positive(_ value: Int?, _ argument: String) throws -> Int? {
        if let value, value < 1 { throw ArgumentError(argument, "\(value) is not valid, expected at least 1") }
        return value
    }
}
