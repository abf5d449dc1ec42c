/// The statements `StoreSink` prepares once per import and runs for every row.
enum ImportSQL {
    static let quoteInsert = """
        INSERT INTO quote (asset_id, currency_id, market, time_ms, price, bid, ask, source)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
        """

    static let seriesEnd = """
        SELECT time_ms FROM quote WHERE asset_id = ? AND currency_id = ? AND market = ? ORDER BY time_ms DESC LIMIT 1
        """

    static let quoteStored = """
        SELECT price, bid, ask, source FROM quote WHERE asset_id = ? AND currency_id = ? AND market = ? AND time_ms = ?
        """

    static let tradeInsert = """
        INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id,
                           fee, fee_currency_id, external_id, dedupe_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
        """

    static let cashInsert = """
        INSERT INTO cash_transaction (portfolio_id, time_ms, kind, currency_id, amount, fee, status, asset_id, tax, ratio,
                                      external_id, dedupe_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
        """

    static let budgetInsert = """
        INSERT INTO budget_entry (day, category_id, amount, currency_id, note, dedupe_key)
        VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
        """
}
