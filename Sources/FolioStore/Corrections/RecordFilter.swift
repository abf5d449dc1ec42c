import FolioCore
import Foundation
internal import GRDB

/// Which stored trades, cash transactions or quotes `folio trades|transactions|quotes list|remove` mean.
/// Every condition given must hold; an empty filter means every row (refused by a remove).
public struct RecordFilter: Sendable, Equatable {
    /// Trade or cash transaction ids (`--id`); quotes have none.
    public var ids: [Int64]
    public var portfolio: String?
    /// A trade's asset, a cash transaction's currency, a quote's asset.
    public var assets: [AssetCode]
    /// First and last day (UTC), both included.
    public var from: Day?
    public var to: Day?
    /// A quote's market and quote currency.
    public var market: Market?
    public var currency: AssetCode?

    public init(
        ids: [Int64] = [],
        portfolio: String? = nil,
        assets: [AssetCode] = [],
        from: Day? = nil,
        to: Day? = nil,
        market: Market? = nil,
        currency: AssetCode? = nil
    ) {
        self.ids = ids
        self.portfolio = portfolio
        self.assets = assets
        self.from = from
        self.to = to
        self.market = market
        self.currency = currency
    }

    public var isEmpty: Bool { self == RecordFilter() }

    /// The filter as the command line spells it, for messages: `--portfolio "P" --asset BTC --from 2024-01-01`.
    public var options: String {
        var parts = ids.map { "--id \($0)" }
        if let portfolio { parts.append("--portfolio \"\(portfolio)\"") }
        parts += assets.map { "--asset \($0)" }
        if let currency { parts.append("--currency \(currency)") }
        if let market { parts.append("--market \(market)") }
        if let from { parts.append("--from \(from.iso)") }
        if let to { parts.append("--to \(to.iso)") }
        return parts.joined(separator: " ")
    }
}

/// A filter as SQL conditions on one table's own columns (subqueries for codes and names), so that the
/// same text selects the rows to show and deletes them.
struct RecordSelection {
    var conditions: [String] = []
    var arguments: [any DatabaseValueConvertible] = []

    /// `table` is the table's name; `assetColumn` the column `--asset` matches.
    init(_ filter: RecordFilter, table: String, assetColumn: String, db: Database) throws {
        if !filter.ids.isEmpty {
            conditions.append("\(table).id IN (\(Self.placeholders(filter.ids.count)))")
            arguments += filter.ids
        }
        if let name = filter.portfolio {
            let portfolio = try Store.portfolio(named: name, db)
            conditions.append("\(table).portfolio_id = ?")
            arguments.append(portfolio.id)
        }
        if !filter.assets.isEmpty {
            conditions.append(
                "\(table).\(assetColumn) IN (SELECT id FROM asset WHERE code IN (\(Self.placeholders(filter.assets.count))))"
            )
            arguments += filter.assets.map(\.rawValue)
        }
        if let currency = filter.currency {
            conditions.append("\(table).currency_id IN (SELECT id FROM asset WHERE code = ?)")
            arguments.append(currency.rawValue)
        }
        if let market = filter.market {
            conditions.append("\(table).market = ?")
            arguments.append(market.rawValue)
        }
        if let from = filter.from {
            conditions.append("\(table).time_ms >= ?")
            arguments.append(Int64(from.daysSinceEpoch) * 86_400_000)
        }
        if let to = filter.to {
            conditions.append("\(table).time_ms < ?")
            arguments.append(Int64(to.daysSinceEpoch + 1) * 86_400_000)
        }
    }

    var whereClause: String { conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ") }
    var statementArguments: StatementArguments { StatementArguments(arguments) }

    private static func placeholders(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ",") }
}

/// What a remove refuses, each as one line, the database unchanged: no filter at all (it would remove
/// everything), an id that is not there, and nothing to remove.
enum RecordRemoval {
    /// `ids` are the ids of the selected rows (empty for quotes, which have none), `count` how many there are.
    static func check(_ filter: RecordFilter, ids: [Int64], count: Int, plural: String, listCommand: String) throws {
        guard !filter.isEmpty else {
            let options =
                listCommand.hasPrefix("folio quotes")
                ? "--asset, --currency, --market, --from, --to" : "--portfolio, --asset, --from, --to"
            throw ArgumentError(
                "--id",
                "give the \(plural) to remove by --id or by a filter (\(options)); nothing removed"
            )
        }
        let found = Set(ids)
        if let unknown = filter.ids.first(where: { !found.contains($0) }) {
            var others = filter
            others.ids = []
            let narrowed = others.isEmpty ? "" : " among \(plural) matching \(others.options)"
            throw ArgumentError(
                "--id",
                "no \(plural.dropLast()) with id \(unknown)\(narrowed) (see `\(listCommand)`); nothing removed"
            )
        }
        guard count > 0 else {
            throw ArgumentError(message: "no \(plural) match \(filter.options); nothing removed")
        }
    }
}
