internal import GRDB

/// The database schema, as versioned migrations. Never edit a shipped migration: add a new one,
/// so that every database written by an older Folio upgrades in place.
///
/// Times are INTEGER milliseconds since 1970 in UTC (`time_ms`): exact, compact and fast to index for
/// millions of quotes. Budget days are `YYYY-MM-DD` text. Money and quantities are REAL (docs/internals.md).
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-initial", migrate: createInitialSchema)
        migrator.registerMigration("v2-market-statistics", migrate: createMarketStatistics)
        migrator.registerMigration("v3-income-and-splits", migrate: addIncomeAndSplits)
        migrator.registerMigration("v4-daily-closes", migrate: QuoteDays.create)
        migrator.registerMigration("v5-asset-isin", migrate: addAssetISIN)
        migrator.registerMigration("v6-targets", migrate: StoredTargets.create)
        return migrator
    }

    private static func createInitialSchema(_ db: Database) throws { try db.execute(sql: initialSchema) }

    /// v1's tables, as shipped.
    private static let initialSchema = """
        CREATE TABLE asset (
            id INTEGER PRIMARY KEY,
            code TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('fiat','crypto','stock','etf','metal','index','other')),
            decimals INTEGER NOT NULL DEFAULT 2
        );

        -- One row per observed price. The primary key is the natural key, so importing or
        -- fetching the same quote twice adds nothing (INSERT OR IGNORE).
        CREATE TABLE quote (
            asset_id INTEGER NOT NULL REFERENCES asset(id),
            currency_id INTEGER NOT NULL REFERENCES asset(id),
            market TEXT NOT NULL,
            time_ms INTEGER NOT NULL,
            price REAL NOT NULL,
            bid REAL,
            ask REAL,
            source TEXT NOT NULL,
            PRIMARY KEY (asset_id, currency_id, market, time_ms)
        ) WITHOUT ROWID;

        CREATE TABLE portfolio (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            base_currency_id INTEGER NOT NULL REFERENCES asset(id)
        );

        -- dedupe_key identifies rows that have no external id (generic CSVs without an id
        -- column): the row's fields plus its occurrence number, so re-imports add nothing
        -- while two identical trades in one file are both kept.
        CREATE TABLE trade (
            id INTEGER PRIMARY KEY,
            portfolio_id INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
            time_ms INTEGER NOT NULL,
            side TEXT NOT NULL CHECK (side IN ('buy','sell')),
            asset_id INTEGER NOT NULL REFERENCES asset(id),
            quantity REAL NOT NULL CHECK (quantity > 0),
            price REAL NOT NULL CHECK (price >= 0),
            price_currency_id INTEGER NOT NULL REFERENCES asset(id),
            fee REAL NOT NULL DEFAULT 0 CHECK (fee >= 0),
            fee_currency_id INTEGER NOT NULL REFERENCES asset(id),
            external_id TEXT,
            dedupe_key TEXT,
            UNIQUE (portfolio_id, external_id),
            UNIQUE (portfolio_id, dedupe_key)
        );
        CREATE INDEX trade_by_time ON trade(portfolio_id, time_ms);

        CREATE TABLE cash_transaction (
            id INTEGER PRIMARY KEY,
            portfolio_id INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
            time_ms INTEGER NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('deposit','withdrawal')),
            currency_id INTEGER NOT NULL REFERENCES asset(id),
            amount REAL NOT NULL CHECK (amount >= 0),
            fee REAL NOT NULL DEFAULT 0 CHECK (fee >= 0),
            status TEXT NOT NULL CHECK (status IN ('completed','failed','rejected','pending')),
            external_id TEXT,
            dedupe_key TEXT,
            UNIQUE (portfolio_id, external_id),
            UNIQUE (portfolio_id, dedupe_key)
        );
        CREATE INDEX cash_transaction_by_time ON cash_transaction(portfolio_id, time_ms);

        CREATE TABLE budget_category (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('income','expense')),
            UNIQUE (name, kind)
        );

        CREATE TABLE budget_entry (
            id INTEGER PRIMARY KEY,
            day TEXT NOT NULL,
            category_id INTEGER NOT NULL REFERENCES budget_category(id),
            amount REAL NOT NULL CHECK (amount >= 0),
            currency_id INTEGER NOT NULL REFERENCES asset(id),
            note TEXT NOT NULL DEFAULT '',
            dedupe_key TEXT NOT NULL UNIQUE
        );
        CREATE INDEX budget_entry_by_day ON budget_entry(day);

        -- Every fetch attempt: throttling reads the last one per source, reports stamp "data as of".
        CREATE TABLE fetch_log (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL,
            request TEXT NOT NULL,
            time_ms INTEGER NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('ok','failed')),
            rows INTEGER NOT NULL DEFAULT 0,
            message TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX fetch_log_by_source ON fetch_log(source, time_ms);
        """

    /// Figures a source publishes that are not prices: a coin's market cap and 24 h volume and change,
    /// the crypto market's total cap and BTC dominance. `subject` is an asset code or a market name
    /// (`crypto-market`); values are in `currency` where they are money, in percent otherwise.
    private static func createMarketStatistics(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE market_statistic (
                    subject TEXT NOT NULL,
                    name TEXT NOT NULL,
                    currency TEXT NOT NULL DEFAULT '',
                    time_ms INTEGER NOT NULL,
                    value REAL NOT NULL,
                    source TEXT NOT NULL,
                    PRIMARY KEY (subject, name, currency, time_ms)
                ) WITHOUT ROWID;
                """
        )
    }

    /// Dividends, interest, account fees and splits are cash transactions with an asset (the dividend's
    /// payer, the split stock), a withheld tax and a split ratio. SQLite cannot widen a CHECK, so the
    /// table is made again and its rows copied, ids kept.
    private static func addIncomeAndSplits(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE cash_transaction_v3 (
                    id INTEGER PRIMARY KEY,
                    portfolio_id INTEGER NOT NULL REFERENCES portfolio(id) ON DELETE CASCADE,
                    time_ms INTEGER NOT NULL,
                    kind TEXT NOT NULL CHECK (kind IN ('deposit','withdrawal','dividend','interest','fee','split')),
                    currency_id INTEGER NOT NULL REFERENCES asset(id),
                    amount REAL NOT NULL CHECK (amount >= 0),
                    fee REAL NOT NULL DEFAULT 0 CHECK (fee >= 0),
                    status TEXT NOT NULL CHECK (status IN ('completed','failed','rejected','pending')),
                    external_id TEXT,
                    dedupe_key TEXT,
                    asset_id INTEGER REFERENCES asset(id),
                    tax REAL NOT NULL DEFAULT 0 CHECK (tax >= 0),
                    ratio REAL CHECK (ratio > 0),
                    UNIQUE (portfolio_id, external_id),
                    UNIQUE (portfolio_id, dedupe_key)
                );
                INSERT INTO cash_transaction_v3 (id, portfolio_id, time_ms, kind, currency_id, amount, fee, status, external_id, dedupe_key)
                    SELECT id, portfolio_id, time_ms, kind, currency_id, amount, fee, status, external_id, dedupe_key FROM cash_transaction;
                DROP TABLE cash_transaction;
                ALTER TABLE cash_transaction_v3 RENAME TO cash_transaction;
                CREATE INDEX cash_transaction_by_time ON cash_transaction(portfolio_id, time_ms);
                """
        )
    }

    /// A security's ISIN, which brokers' files name it by when their tickers differ (or are missing):
    /// at most one asset has a given ISIN, so an import finds the asset by it.
    private static func addAssetISIN(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE asset ADD COLUMN isin TEXT;
                CREATE UNIQUE INDEX asset_by_isin ON asset(isin) WHERE isin IS NOT NULL;
                """
        )
    }
}
