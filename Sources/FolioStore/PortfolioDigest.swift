import FolioCore
internal import GRDB

extension Store {
    /// Text lines that change whenever anything a portfolio's reports read changes: every column of its
    /// trades and cash transactions, and for each asset it touches (traded, priced or paid in, moved as
    /// cash, or its base currency) its row (code, name, kind, ISIN) and each of its quote series' revision, which every write to its quotes
    /// raises (`QuoteDays`): one row a series, never a scan of its quotes. Its targets too, with the assets they name.
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
            let targets = try Self.targetDigest(portfolio.id, db)
            lines += targets.lines
            for id in targets.assets where !assets.contains(id) { assets.append(id) }
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

    /// Targets: the drift said by an out-of-band mail (and any output drawn against them) changes with
    /// them, and a target asset not held is priced by its quotes (`assets`, whose quote series count).
    /// A portfolio without targets has no line, so its outputs stay current.
    private static func targetDigest(_ portfolio: Int64, _ db: Database) throws -> (lines: [String], assets: [Int64]) {
        var lines: [String] = []
        for (table, order) in [
            ("target", ""), ("target_line", " ORDER BY position"),
            ("target_class_asset", " ORDER BY class, asset_id"),
        ] {
            for row in try Row.fetchAll(
                db,
                sql: "SELECT * FROM \(table) WHERE portfolio_id = ?\(order)",
                arguments: [portfolio]
            ) {
                lines.append(table + " " + row.databaseValues.map(\.description).joined(separator: " "))
            }
        }
        let assets = try Int64.fetchAll(
            db,
            sql: """
                SELECT a.id FROM target t JOIN target_line l ON l.portfolio_id = t.portfolio_id
                JOIN asset a ON a.code = l.name WHERE t.portfolio_id = ?1 AND t.basis = 'asset'
                UNION SELECT asset_id FROM target_class_asset WHERE portfolio_id = ?1
                ORDER BY 1
                """,
            arguments: [portfolio]
        )
        return (lines, assets)
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
