import FolioCore
import Foundation

/// A source's answer saved to a file (`curl https://api.monobank.ua/bank/currency > mono.json`),
/// read by the parser `folio fetch` reads the live answer with, so that a capture, a recorded history
/// or the demo's bank rates enter the database exactly as a fetch would have stored them.
public enum SavedAnswer: String, CaseIterable, Sendable {
    /// Monobank `/bank/currency`: card rates, each row stamped by the bank.
    case monobank = "monobank-json"
    /// PrivatBank `pubinfo?json&exchange&coursid=5|11`: the answer carries neither the market (the
    /// `coursid` asked) nor a time, so both are given with the file.
    case privatbank = "privatbank-json"

    /// What `folio import --help` says of it.
    public var help: String {
        switch self {
        case .monobank: "saved answer of Monobank /bank/currency (card rates)"
        case .privatbank: "saved PrivatBank answer: --market cash|card, --time"
        }
    }

    /// What the file needs besides its body.
    public var needsMarketAndTime: Bool { self == .privatbank }

    /// The markets a PrivatBank answer can be of: `coursid=5` is cash, `11` card.
    public static let privatbankMarkets: [Market] = [.cash, .card]

    /// The rows of `body`, checked as a fetch checks the live answer (`FetchMerger`: a quote given twice
    /// at two prices is refused). `market` and `time` are required for PrivatBank and refused for
    /// Monobank (`folio import` reads `time` as every date option is read); `now` bounds the times an
    /// answer may carry, as for a live one.
    public func parse(_ body: Data, market: Market?, time: Date?, now: Date) throws(SourceFormatError) -> FetchedData {
        do {
            var merger = FetchMerger()
            switch self {
            case .monobank:
                try merger.add(try MonobankSource.parse(body, clock: AnswerClock(now: now)))
            case .privatbank:
                guard let market, Self.privatbankMarkets.contains(market) else {
                    throw SourceFormatError(
                        "a saved PrivatBank answer needs --market cash (coursid=5) or card (coursid=11)"
                    )
                }
                guard let time else {
                    throw SourceFormatError(
                        "a saved PrivatBank answer carries no time: give --time, when it was fetched"
                    )
                }
                try merger.add(try PrivatBankSource.parse(body, market: market, time: time))
            }
            return merger.data
        } catch let error as SourceFormatError {
            throw error
        } catch {
            throw SourceFormatError("\(error)")
        }
    }
}
