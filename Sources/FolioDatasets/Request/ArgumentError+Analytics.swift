import FolioAnalytics
import FolioCore

extension ArgumentError {
    /// An analytics error worded for the request it came from: its argument as the command line spells
    /// it (`--asset` rather than `asset`), so that the user sees what to change. `names` gives the
    /// spellings of a request whose options differ (`folio convert`'s `FROM`).
    public init(_ error: AnalyticsError, arguments names: [String: String] = [:]) {
        let standard = [
            "asset": "--asset", "first asset": "--asset", "second asset": "--asset", "from/to": "--from/--to",
            "window": "--window", "minimum overlap": "--min-overlap", "threshold": "--threshold",
            "currency": "--currency", "market": "--market", "period": "--period",
        ]
        func name(_ argument: String) -> String { names[argument] ?? standard[argument] ?? argument }
        switch error {
        case let .rangeReversed(from, to):
            self.init("--from", "\(from.iso) is after --to \(to.iso)")
        case .unknownAsset:
            self.init(name(error.argument), error.problem + " (see `folio info`)")
        case .missingQuote:
            self.init(message: error.problem)
        default:
            self.init(name(error.argument), error.problem)
        }
    }
}
