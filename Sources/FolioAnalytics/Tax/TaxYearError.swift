import FolioCore
import Foundation

/// Why a tax year cannot be computed. Each is one line naming what is missing, since a figure for a
/// declaration is never guessed: no rate from another day or market, no zero cost.
public enum TaxYearError: Error, Equatable, Sendable, LocalizedError, CustomStringConvertible {
    /// The NBU rate of a currency on a day some figure is converted on.
    case missingRate(currency: AssetCode, day: Day)
    /// A sale of more units than the trades Folio holds bought before it: the cost of `unknown` units
    /// is not known (they were bought before the first trade Folio knows, or a buy is missing).
    case unknownLots(sale: String, day: Day, asset: AssetCode, quantity: Double, unknown: Double)
    /// A sale of an asset whose lots are not known any more, because an earlier sale (`earlier`) sold
    /// more than was known: first in, first out cannot say which units this sale closed.
    case lotsUnknownAfter(sale: String, earlier: String, asset: AssetCode)
    /// A year outside what a declaration can be about.
    case invalidYear(Int)
    /// A figure of the tax view beyond `Hryvnias.largest`, alone or with the others of the view: no
    /// declaration holds it, and kopecks that large would overflow.
    case beyondLimit(what: String)

    public var description: String { problem(remedy: nil) }

    /// The problem in one line, with `remedy` where one helps: what gives the missing rate, or corrects
    /// the figure, in the words of the layer the user called (`folio fetch nbu …` on the command line).
    public func problem(remedy: String?) -> String {
        switch self {
        case let .missingRate(currency, day):
            "no NBU rate of \(currency) in UAH on \(day.iso): the tax view converts at the NBU rate of each day, "
                + "with no other day or market in its place" + (remedy.map { " (\($0))" } ?? "")
        case let .unknownLots(sale, day, asset, quantity, unknown):
            "sale \(sale) on \(day.iso) sells \(Self.units(quantity)) \(asset), \(Self.units(unknown)) more than the trades "
                + "Folio holds bought before it: their cost is unknown (bought before the first trade Folio knows; import that buy)"
        case let .lotsUnknownAfter(sale, earlier, asset):
            "sale \(sale) of \(asset): its lots are unknown since sale \(earlier) sold more \(asset) than Folio knew was bought "
                + "(import the earlier buys)"
        case let .invalidYear(year):
            "\(year) is not a year from 1970 to this one"
        case let .beyondLimit(what):
            "\(what) is more than 1e15 hryvnias, the limit of a figure of the tax view "
                + "(a quantity, price or rate is wrong\(remedy.map { ": \($0)" } ?? ""))"
        }
    }

    public var errorDescription: String? { description }

    /// Units as typed: 8, 0.5, never 8.000000.
    static func units(_ q: Double) -> String { DecimalText.exact(q) }
}

extension Trade {
    /// How a tax row names the trade: its broker's id when it has one (what a statement shows), else
    /// Folio's own (`folio trades list`).
    public var reference: String { externalID ?? "#\(id)" }
}

extension CashTransaction {
    /// As `Trade.reference`: the broker's id, else Folio's (`folio transactions list`).
    public var reference: String { externalID ?? "#\(id)" }
}
