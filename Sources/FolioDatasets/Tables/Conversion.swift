import FolioAnalytics
import FolioCore
import FolioInputs
import Foundation

/// An amount to convert with the stored quotes (`folio convert AMOUNT FROM TO`), in typed fields.
public struct ConversionRequest: Sendable, Hashable {
    public var amount: Double
    public var from: AssetCode
    public var to: AssetCode
    /// Tried first on every leg.
    public var market: Market?
    public var side: QuoteSide = .mid
    /// The instant; nil: the newest at which every quote on the default route exists.
    public var date: Date?
    /// A quote older than this many days counts as missing.
    public var staleDays = 7.0
    public var format: ResultTable.Format = .text

    public init(_ amount: Double, from: AssetCode, to: AssetCode) {
        self.amount = amount
        self.from = from
        self.to = to
    }

    /// The request `folio convert`'s arguments spell, each value as typed; a bad one is refused naming
    /// its argument, in the order of the arguments, before the database is opened.
    public init(
        amount: String,
        from: String,
        to: String,
        market: String? = nil,
        side: String = "mid",
        date: String? = nil,
        staleDays: Double = 7,
        format: String = "text"
    ) throws {
        guard let value = Double(amount), value.isFinite else {
            throw ArgumentError("AMOUNT", "\"\(amount)\" is not a number such as 37500 or 0.25")
        }
        self.init(value, from: try ArgumentValue.asset(from, "FROM"), to: try ArgumentValue.asset(to, "TO"))
        self.market = try ArgumentValue.market(market)
        self.side = try ArgumentValue.choice(side, "--side")
        self.format = try ArgumentValue.choice(format, "--format")
        guard staleDays > 0 && staleDays.isFinite else {
            throw ArgumentError("--stale-days", "\(staleDays) is not a positive number of days")
        }
        self.staleDays = staleDays
        self.date = try date.map(Self.instant)
    }

    /// A day means its end (the day's last quote counts); a time is taken as given. Either is read as
    /// every date option is (`ArgumentValue`: from 1970 to a day from now).
    private static func instant(_ text: String) throws -> Date {
        if Day(iso: text) != nil { return try ArgumentValue.day(text, "--date")!.end }
        if ISOTime.parse(text) != nil { return try ArgumentValue.time(text, "--date") }
        throw ArgumentError(
            "--date",
            "\"\(text)\" is not a date such as 2024-03-31 or a time such as 2024-03-31T12:00:00Z"
        )
    }

    /// The conversion, then one row per quote used, with the quotes of `stored`.
    public func table(from stored: StoredInputs) throws -> ResultTable {
        let inputs = try MarketInputs.load(stored.prices, options: MarketOptions(stalenessDays: staleDays))
        // The default instant is found along the default route; a --market route may end elsewhere,
        // and then the conversion names the quote it lacks.
        guard let time = date ?? (from == to ? Date() : inputs.lastQuote(from: from, to: to)) else {
            let known = inputs.book.assets
            if !known.contains(from) { throw ArgumentError("FROM", "unknown asset \(from) (see `folio info`)") }
            if !known.contains(to) { throw ArgumentError("TO", "unknown asset \(to) (see `folio info`)") }
            throw ArgumentError("TO", "no quotes link \(from) to \(to)")
        }
        do {
            return try Converter(rates: inputs.rates).convert(
                amount,
                from: from,
                to: to,
                at: time,
                side: side,
                market: market
            ).table
        } catch {
            throw ArgumentError(error, arguments: ["from": "FROM", "to": "TO", "amount": "AMOUNT"])
        }
    }
}
