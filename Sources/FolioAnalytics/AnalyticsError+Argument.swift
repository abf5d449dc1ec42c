import FolioCore

extension ArgumentError {
    /// The analytics module's error, naming the command-line spelling of its argument (`--asset`
    /// rather than `asset`) so that the user sees what to change.
    public init(_ error: AnalyticsError, arguments names: [String: String] = [:]) {
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
