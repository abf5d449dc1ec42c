import FolioCore
import Foundation
internal import GRDB

/// A stored trade with the portfolio it belongs to, as `folio trades list` shows it.
public struct PortfolioTrade: Hashable, Sendable {
    public var portfolio: String
    public var trade: Trade
}

extension Store {
    /// Trades `filter` selects, in time order (ties by id), across portfolios unless it names one.
    public func trades(matching filter: RecordFilter) throws -> [PortfolioTrade] {
        try read { db in try Self.trades(matching: filter, db).rows }
    }

    /// Removes the trades `filter` selects in one transaction and returns them; with `dryRun` returns
    /// them and changes nothing. Refuses (unchanged database) an empty filter, an id that is not among
    /// the selected trades, and a filter that selects nothing.
    public func removeTrades(matching filter: RecordFilter, dryRun: Bool) throws -> [PortfolioTrade] {
        let remove = { (db: Database) throws -> [PortfolioTrade] in
            let (rows, selection) = try Self.trades(matching: filter, db)
            try RecordRemoval.check(
                filter,
                ids: rows.map(\.trade.id),
                count: rows.count,
                plural: "trades",
                listCommand: "folio trades list"
            )
            if !dryRun {
                try db.execute(
                    sql: "DELETE FROM trade \(selection.whereClause)",
                    arguments: selection.statementArguments
                )
            }
            return rows
        }
        return dryRun ? try read(remove) : try write(remove)
    }

    private static func trades(
        matching filter: RecordFilter,
        _ db: Database
    ) throws -> (rows: [PortfolioTrade], selection: RecordSelection) {
        let selection = try RecordSelection(filter, table: "trade", assetColumn: "asset_id", db: db)
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT trade.id, trade.time_ms, trade.side, a.code, trade.quantity, trade.price, pc.code, trade.fee, fc.code,
                       trade.external_id, p.name
                FROM trade JOIN asset a ON a.id = trade.asset_id
                JOIN asset pc ON pc.id = trade.price_currency_id JOIN asset fc ON fc.id = trade.fee_currency_id
                JOIN portfolio p ON p.id = trade.portfolio_id
                \(selection.whereClause) ORDER BY trade.time_ms, trade.id
                """,
            arguments: selection.statementArguments
        ).map {
            PortfolioTrade(
                portfolio: $0[10],
                trade: Trade(
                    id: $0[0],
                    time: Date(unixMilliseconds: $0[1]),
                    side: TradeSide(rawValue: $0[2]) ?? .buy,
                    asset: AssetCode($0[3] as String),
                    quantity: $0[4],
                    price: $0[5],
                    priceCurrency: AssetCode($0[6] as String),
                    fee: $0[7],
                    feeCurrency: AssetCode($0[8] as String),
                    externalID: $0[9]
                )
            )
        }
        return (rows, selection)
    }
}
