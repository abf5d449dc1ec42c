import FolioCore
internal import GRDB

extension Store {
    /// Text lines that change whenever anything a portfolio's reports read changes: every column of its
    /// trades and cash transactions, and for each asset it touches (traded, priced or paid in, moved as
    /// cash, or its base currency) its row (code, name, kind, ISIN) and each of its quote series' revision, which every write to its quotes
    /// raises (`QuoteDays`): one row a series, never a scan of its quotes.
    /// `folio batch` hashes these lines into the fingerprint that decides whether an output is stale.
    public func portfolioDigestLines(_ portfolio: Portfolio, alsoQuotesOf extra: [AssetCode] = []) throws -> [String] {
        try read { db in
            var lines: [String] = ["portfolio \(portfolio.id) \(portfolio.name) \(portfolio.baseCurrency.rawValue)"]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id, external_id
                    FROM trade WHERE portfolio_id = ? ORDER BY id
                    """,
                arguments: [portfolio.id]
            ) {
                lines.append("trade " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT id, time_ms, kind, currency_id, amount, fee, status, external_id, asset_id, tax, ratio
                    FROM cash_transaction WHERE portfolio_id = ? ORDER BY id
                    """,
                arguments: [portfolio.id]
            ) {
                lines.append("cash " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            var assets = try Int64.fetchAll(
                db,
                sql: """
                    SELECT asset_id FROM trade WHERE portfolio_id = ?1
                    UNION SELECT price_currency_id FROM trade WHERE portfolio_id = ?1
                    UNION SELECT fee_currency_id FROM trade WHERE portfolio_id = ?1
                    UNION SELECT currency_id FROM cash_transaction WHERE portfolio_id = ?1
                    UNION SELECT asset_id FROM cash_transaction WHERE portfolio_id = ?1 AND asset_id IS NOT NULL
                    UNION SELECT base_currency_id FROM portfolio WHERE id = ?1
                    ORDER BY 1
                    """,
                arguments: [portfolio.id]
            )
            // Assets a report compares the portfolio with (a benchmark) without holding them.
            for code in extra {
                if let id = try Int64.fetchOne(
                    db,
                    sql: "SELECT id FROM asset WHERE code = ?",
                    arguments: [code.rawValue]
                ),
                    !assets.contains(id)
                {
                    assets.append(id)
                }
            }
            for asset in assets {
                // Its code, name and kind as reports show them: a renamed asset or a new kind renders again.
                for row in try Row.fetchAll(db, sql: "SELECT * FROM asset WHERE id = ?", arguments: [asset]) {
                    lines.append("asset " + row.databaseValues.map(\.description).joined(separator: " "))
                }
                for row in try Row.fetchAll(
                    db,
                    sql: """
                        SELECT asset_id, currency_id, market, revision FROM quote_series WHERE asset_id = ? ORDER BY currency_id, market
                        """,
                    arguments: [asset]
                ) {
                    lines.append("quotes " + row.databaseValues.map(\.description).joined(separator: " "))
                }
            }
            return lines
        }
    }

    /// The same kind of lines for everything outside any one portfolio: every asset and quote series and
    /// the whole budget. For charts that read assets or budget entries a portfolio does not hold (`--asset`, budget
    /// categories), read once per run rather than once per portfolio.
    public func sharedDigestLines() throws -> [String] {
        try read { db in
            var lines: [String] = []
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT asset_id, currency_id, market, revision FROM quote_series ORDER BY asset_id, currency_id, market
                    """
            ) {
                lines.append("quotes " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM asset ORDER BY id") {
                lines.append("asset " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM budget_entry ORDER BY id") {
                lines.append("budget " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            for row in try Row.fetchAll(db, sql: "SELECT * FROM budget_category ORDER BY id") {
                lines.append("category " + row.databaseValues.map(\.description).joined(separator: " "))
            }
            return lines
        }
    }
}
