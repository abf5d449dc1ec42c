import FolioCore
import Foundation
internal import GRDB

/// What a database holds, for `folio info`: assets, quote series (per asset, currency and market) with
/// their date range and row count, portfolios with their trade and transaction counts, budget months.
public struct StoreInfo: Codable, Equatable, Sendable {
    public struct AssetRow: Codable, Equatable, Sendable {
        public var code: String, name: String, kind: String
    }
    public struct QuoteSeries: Codable, Equatable, Sendable {
        public var asset: String, currency: String, market: String
        public var first: Date, last: Date, count: Int
    }
    public struct PortfolioRow: Codable, Equatable, Sendable {
        public var name: String, baseCurrency: String
        public var trades: Int, cashTransactions: Int, completedCashTransactions: Int
    }
    public struct BudgetMonth: Codable, Equatable, Sendable {
        public var month: String, entries: Int
    }

    public var path: String
    var schemaVersion: String
    public var assets: [AssetRow]
    public var quoteSeries: [QuoteSeries]
    public var portfolios: [PortfolioRow]
    public var budgetMonths: [BudgetMonth]
}

extension Store {
    public func info() throws -> StoreInfo {
        try read { db in
            let assets = try Row.fetchAll(db, sql: "SELECT code, name, kind FROM asset ORDER BY code").map {
                StoreInfo.AssetRow(code: $0[0], name: $0[1], kind: $0[2])
            }
            // Grouping on the primary key's prefix: SQLite walks the index once, no sort.
            let series = try Row.fetchAll(
                db,
                sql: """
                    SELECT a.code, c.code, s.market, s.first_ms, s.last_ms, s.n FROM (
                        SELECT asset_id, currency_id, market, MIN(time_ms) AS first_ms, MAX(time_ms) AS last_ms, COUNT(*) AS n
                        FROM quote GROUP BY asset_id, currency_id, market
                    ) s JOIN asset a ON a.id = s.asset_id JOIN asset c ON c.id = s.currency_id
                    ORDER BY a.code, c.code, s.market
                    """
            ).map {
                StoreInfo.QuoteSeries(
                    asset: $0[0],
                    currency: $0[1],
                    market: $0[2],
                    first: Date(unixMilliseconds: $0[3]),
                    last: Date(unixMilliseconds: $0[4]),
                    count: $0[5]
                )
            }
            let portfolios = try Row.fetchAll(
                db,
                sql: """
                    SELECT p.name, a.code,
                        (SELECT COUNT(*) FROM trade t WHERE t.portfolio_id = p.id),
                        (SELECT COUNT(*) FROM cash_transaction t WHERE t.portfolio_id = p.id),
                        (SELECT COUNT(*) FROM cash_transaction t WHERE t.portfolio_id = p.id AND t.status = 'completed')
                    FROM portfolio p JOIN asset a ON a.id = p.base_currency_id ORDER BY p.name
                    """
            ).map {
                StoreInfo.PortfolioRow(
                    name: $0[0],
                    baseCurrency: $0[1],
                    trades: $0[2],
                    cashTransactions: $0[3],
                    completedCashTransactions: $0[4]
                )
            }
            let months = try Row.fetchAll(
                db,
                sql: """
                    SELECT substr(day, 1, 7) AS month, COUNT(*) FROM budget_entry GROUP BY month ORDER BY month
                    """
            ).map { StoreInfo.BudgetMonth(month: $0[0], entries: $0[1]) }
            let applied = try Schema.migrator.appliedIdentifiers(db)
            return StoreInfo(
                path: path,
                schemaVersion: applied.sorted().last ?? "none",
                assets: assets,
                quoteSeries: series,
                portfolios: portfolios,
                budgetMonths: months
            )
        }
    }
}
