import FolioCore
import Foundation

/// A rejected import: `file:line: field: what was found, what was expected`. Nothing was written.
public struct ImportError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let file: String
    /// 1-based line of a text file, or `nil` when the problem is with the file as a whole or a JSON path.
    public let line: Int?
    /// The column or JSON path, when one is at fault.
    public let field: String?
    public let message: String

    public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        // Found values come from the file: a terminal escape in one must not recolour the user's terminal.
        return Redaction.escapingControlCharacters(
            [location, field, message].compactMap { $0 }.joined(separator: ": ")
        )
    }

    public var errorDescription: String? { description }
}

/// What one file's import did. `duplicates` were already in the database (or earlier in the file) with
/// the same values; `differing` were stored with other values, kept (`updated` when `--replace` replaced
/// them), each said in `differences` as `file:line: price 12 differs from the stored 13`; `ignored` rows
/// are ones the format allows but Folio does not store, each with a reason in `notes`.
public struct ImportSummary: Equatable, Sendable {
    public var file: String
    /// The format's name as `folio import` takes it (`quotes`, `monobank-json`).
    public var kind: String
    /// Whether stored rows that differ are replaced (`--replace`): the counts then say `updated N`.
    public var replaces = false
    public var read = 0
    public var inserted = 0
    public var updated = 0
    public var duplicates = 0
    public var differing = 0
    public var ignored = 0
    public var notes: [String] = []
    /// One line per differing or updated row, the first `differencesShown` of them, then how many more.
    package var differences: [String] = []
    /// What the file's trades allow but is probably wrong (`TradeChecks`), one line each, for stderr.
    public var warnings: [String] = []
    /// The trades the file wrote, for `TradeChecks`.
    package var writtenTrades: [WrittenTrade] = []
    /// The ids of the cash transactions the file wrote (inserted or updated).
    public package(set) var writtenCashTransactions: [Int64] = []
    /// The ids of the trades the file wrote: with the cash transactions, where the checks after an import
    /// start (`folio import` names the balances that went below zero from there on).
    public var writtenTradeIDs: [Int64] { writtenTrades.map(\.id) }

    /// What a broker's file holds, by kind (`BrokerLedger`): the rows' trades, dividends, transfers…,
    /// and apart from them the currency exchanges, which a broker's trade or dividend in another currency
    /// implies beside its row. Empty for the other kinds, whose rows are one record each.
    package var events: [EventKind: Int] = [:]

    /// The kinds of what a broker's file holds, in the order the summary says them.
    package enum EventKind: CaseIterable {
        case trade, dividend, interest, deposit, withdrawal, fee, split, exchange

        func said(_ n: Int) -> String {
            let (one, many) =
                switch self {
                case .trade: ("trade", "trades")
                case .dividend: ("dividend", "dividends")
                case .interest: ("interest payment", "interest payments")
                case .deposit: ("deposit", "deposits")
                case .withdrawal: ("withdrawal", "withdrawals")
                case .fee: ("account fee", "account fees")
                case .split: ("split", "splits")
                case .exchange: ("currency exchange", "currency exchanges")
                }
            return "\(n) \(n == 1 ? one : many)"
        }
    }

    /// A file that corrects a whole history would otherwise print a line per row.
    package static let differencesShown = 20

    public init(file: String, kind: String, replaces: Bool = false) {
        self.file = file
        self.kind = kind
        self.replaces = replaces
    }

    /// Counts one row's outcome; `location` is `file:line` (or `file: [index]` in JSON).
    package mutating func record(_ outcome: RowOutcome, at location: @autoclosure () -> String) {
        let said: String
        switch outcome {
        case .inserted:
            inserted += 1
            return
        case .duplicate:
            duplicates += 1
            return
        case let .differs(fields):
            differing += 1
            said = fields.map { "\($0.field) \($0.incoming) differs from the stored \($0.stored)" }.joined(
                separator: ", "
            )
        case let .updated(fields):
            updated += 1
            said = fields.map { "\($0.field) \($0.incoming) replaced the stored \($0.stored)" }.joined(separator: ", ")
        }
        let shown = differing + updated
        if shown <= Self.differencesShown {
            differences.append(Redaction.escapingControlCharacters("\(location()): \(said)"))
        }
    }

    /// The per-row difference lines `folio import` writes on stderr, with how many more were not shown.
    public var differenceLines: [String] {
        let more = differing + updated - differences.count
        return differences + (more > 0 ? ["\(file): and \(more) more rows \(updated > 0 ? "updated" : "differ")"] : [])
    }

    /// What `folio import` prints for the file: the counts, then each note indented under them. A
    /// broker's file says what its rows hold, the currency exchanges apart — `14 rows: 8 trades,
    /// 4 dividends, 2 deposits; 9 currency exchanges; inserted 23, …` — so that the records inserted add
    /// up to what is listed, not to the rows read.
    public var lines: [String] {
        let held = EventKind.allCases.filter { $0 != .exchange }.compactMap { kind in events[kind].map(kind.said) }
        var counts = "\(file): read \(read)"
        if !events.isEmpty {
            counts = "\(file): \(read) \(read == 1 ? "row" : "rows")"
            if !held.isEmpty { counts += ": " + held.joined(separator: ", ") }
            if let exchanges = events[.exchange] {
                counts += (held.isEmpty ? ": " : "; ") + EventKind.exchange.said(exchanges)
            }
            counts += ";"
        } else {
            counts += ","
        }
        counts += " inserted \(inserted)"
        if replaces || updated > 0 { counts += ", updated \(updated)" }
        counts += ", skipped \(duplicates) as duplicates"
        if differing > 0 {
            counts +=
                ", kept \(differing) stored \(differing == 1 ? "row that differs" : "rows that differ") (--replace updates \(differing == 1 ? "it" : "them"))"
        }
        if ignored > 0 { counts += ", ignored \(ignored)" }
        return [counts] + notes.map { "  \($0)" }
    }
}

/// Where a row is, as messages name it: `file:line` of a text file, or `file: path` of a JSON value.
package struct RowLocation {
    package var file: String
    package var line: Int?
    /// The JSON path of the row (`activities[3]`), fields then named below it (`activities[3].fee`).
    package var path: String? = nil

    package init(file: String, line: Int?, path: String? = nil) {
        self.file = file
        self.line = line
        self.path = path
    }

    package func fail(_ field: String, _ message: String) -> ImportError {
        ImportError(file: file, line: line, field: path.map { "\($0).\(field)" } ?? field, message: message)
    }

    /// Refuses `value` of `field` beyond `NumberBounds`, or below zero, or not above `above` when given:
    /// the one check of every number the sink stores.
    package func check(_ field: String, _ value: Double, above: Double? = nil) throws {
        guard NumberBounds.contains(value) else {
            throw fail(field, "found \(JSONNumber.describe(value)), expected \(NumberBounds.expected)")
        }
        if let above, value <= above {
            throw fail(
                field,
                "found \(JSONNumber.describe(value)), expected a number above \(JSONNumber.describe(above))"
            )
        }
        guard value >= 0 else { throw fail(field, "found \(JSONNumber.describe(value)), expected zero or more") }
    }
}
