import FolioCore
import Foundation

/// Bad input to an analytics function. Each case names the argument so that the command line can show
/// the description as its one-line error without adding context.
public enum AnalyticsError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// `from` is later than `to`.
    case rangeReversed(from: Day, to: Day)
    /// A range or window that contains nothing to compute on.
    case emptyRange(argument: String)
    /// An asset that the inputs do not mention.
    case unknownAsset(AssetCode, argument: String)
    /// A market no quote was recorded in.
    case unknownMarket(Market, argument: String)
    /// A number outside what the function accepts, e.g. a window of 1 for a correlation.
    case invalidArgument(name: String, value: String, expected: String)
    /// A value that needs a quote that is not there (or too old); never guessed.
    case missingQuote(MissingQuoteError)

    public var description: String {
        switch self {
        case let .rangeReversed(from, to):
            "from \(from.iso) is after to \(to.iso)"
        case let .emptyRange(argument):
            "\(argument): the range is empty"
        case let .unknownAsset(asset, argument):
            "\(argument): unknown asset \(asset)"
        case let .unknownMarket(market, argument):
            "\(argument): unknown market \(market)"
        case let .invalidArgument(name, value, expected):
            "\(name): \(value) is not valid, expected \(expected)"
        case let .missingQuote(missing):
            missing.description
        }
    }

    public var errorDescription: String? { description }
}
