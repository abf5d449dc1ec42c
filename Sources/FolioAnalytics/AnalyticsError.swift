import FolioCore
import Foundation

/// Bad input to an analytics function. Each case names the argument as the function calls it (`window`,
/// `first asset`), not as a command line spells it: the layer that reads the options words it with their
/// names (`ArgumentError(_:arguments:)` in FolioDatasets' requests).
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
    /// A period of a value bridge that is none of the performance table's, a year or `last-year`.
    case unknownPeriod(String)
    /// A trailing period of a value bridge that starts before the history does (`since` says what
    /// starts it: the first activity, or the first day the value was above zero).
    case periodBeforeHistory(AttributionPeriod, start: Day, since: String, inception: Day)
    /// A period of a value bridge with no day between the start of the history and its end.
    case periodOutsideHistory(since: String, inception: Day, end: Day)

    /// The argument the problem is about, as the function calls it; empty when the problem names it.
    public var argument: String {
        switch self {
        case .rangeReversed: "from/to"
        case let .emptyRange(argument), let .unknownAsset(_, argument), let .unknownMarket(_, argument): argument
        case let .invalidArgument(name, _, _): name
        case .missingQuote: ""
        case .unknownPeriod, .periodBeforeHistory, .periodOutsideHistory: "period"
        }
    }

    /// What is wrong, without the argument's name.
    public var problem: String {
        switch self {
        case let .rangeReversed(from, to):
            "from \(from.iso) is after to \(to.iso)"
        case .emptyRange:
            "the range is empty"
        case let .unknownAsset(asset, _):
            "unknown asset \(asset)"
        case let .unknownMarket(market, _):
            "unknown market \(market)"
        case let .invalidArgument(_, value, expected):
            "\(value) is not valid, expected \(expected)"
        case let .missingQuote(missing):
            missing.description
        case let .unknownPeriod(text):
            "\"\(text)\" is not a period: \(AttributionPeriod.names), a year such as 2017, or last-year"
        case let .periodBeforeHistory(period, start, since, inception):
            "\(period.name) starts on \(start.iso), before \(since) on \(inception.iso)"
        case let .periodOutsideHistory(since, inception, end):
            "no day of it lies between \(since) on \(inception.iso) and \(end.iso)"
        }
    }

    public var description: String {
        switch self {
        case .rangeReversed, .missingQuote: problem
        default: "\(argument): \(problem)"
        }
    }

    public var errorDescription: String? { description }
}
