import GRDB

/// `quote_day`: one row per quote series and UTC day that has quotes, holding the day's last quote (its
/// close) and how many quotes the day has. A valuation over years needs one price per day; with hourly
/// or intraday quotes, finding each day's last one by grouping the quotes walks all of them (1.7 s for
/// two million), while this table answers it with one row per day, read in key order without a lookup
/// into `quote` (a lookup per day made a daily series eight times slower to read than its quotes).
///
/// Triggers on `quote` keep it exact whatever writes the quotes (import, fetch, `--replace`, `remove`),
/// inside the writer's own transaction, so that it never disagrees with the quotes it describes.
/// Only quotes with a price above zero count, as the price book leaves the others out. `revision` counts
/// the writes to a day's quotes, so that a batch sees a price corrected in place from these rows alone
/// (`Store.quoteSeriesDigest`) instead of summing every quote.
enum QuoteDays {
    /// UTC midnight of the day of `time`, in milliseconds, as `Day` counts days (rounded down before
    /// 1970 too: SQLite's `%` keeps the dividend's sign).
    static func dayStart(_ time: String) -> String {
        "\(time) - ((\(time) % 86400000) + 86400000) % 86400000"
    }

    static func create(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE quote_day (
                asset_id INTEGER NOT NULL,
                currency_id INTEGER NOT NULL,
                market TEXT NOT NULL,
                day_ms INTEGER NOT NULL,
                quotes INTEGER NOT NULL CHECK (quotes > 0),
                time_ms INTEGER NOT NULL,
                price REAL NOT NULL,
                bid REAL,
                ask REAL,
                source TEXT NOT NULL,
                revision INTEGER NOT NULL DEFAULT 1,
                PRIMARY KEY (asset_id, currency_id, market, day_ms)
            ) WITHOUT ROWID;

            -- The bare columns of a MAX() aggregate come from the row that has the maximum: the close.
            INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                SELECT asset_id, currency_id, market, \(dayStart("time_ms")), COUNT(*), MAX(time_ms), price, bid, ask, source
                FROM quote WHERE price > 0 GROUP BY 1, 2, 3, 4;

            \(insertTrigger);

            CREATE TRIGGER quote_day_after_delete AFTER DELETE ON quote WHEN OLD.price > 0 BEGIN
                \(uncounting("OLD"));
            END;

            -- An update is the old row leaving its day and the new one joining its own.
            CREATE TRIGGER quote_day_after_update AFTER UPDATE OF asset_id, currency_id, market, time_ms, price, bid, ask, source ON quote
            WHEN OLD.price > 0 OR NEW.price > 0
            BEGIN
                \(uncounting("OLD", when: "OLD.price > 0"));
                \(counting("NEW", when: "NEW.price > 0"));
            END;
            """)
    }

    private static let insertTrigger = """
        CREATE TRIGGER IF NOT EXISTS quote_day_after_insert AFTER INSERT ON quote WHEN NEW.price > 0 BEGIN
            \(counting("NEW"));
        END
        """

    /// A bulk writer (an import, a fetch) adds quotes by the hundred thousand: a trigger per row doubled
    /// the time of a million-row import, while counting the days it touched once, in one pass of SQL,
    /// costs a fraction. So it stops the insert trigger inside its transaction, notes what it wrote
    /// (`QuoteDayRanges`) and calls `recount` before committing, which starts the trigger again. A
    /// failed import rolls the stop back with everything else.
    static func pauseCounting(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS quote_day_after_insert")
    }

    /// Counts again the days of `ranges` from the quotes (a day's revision goes up, so that a batch sees
    /// a price corrected in place), drops the days left without a quote, and starts the insert trigger.
    /// SQLite takes the bare columns of a MAX() aggregate from the row that has the maximum: the close,
    /// without looking each day's close up again.
    static func recount(_ db: Database, _ ranges: QuoteDayRanges) throws {
        let upsert = try db.makeStatement(sql: """
            INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
            SELECT ?1, ?2, ?3, \(dayStart("time_ms")), COUNT(*), MAX(time_ms), price, bid, ask, source FROM quote
            WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND time_ms >= ?4 AND time_ms < ?5 AND price > 0
            GROUP BY 4
            ON CONFLICT (asset_id, currency_id, market, day_ms) DO UPDATE SET quotes = excluded.quotes, time_ms = excluded.time_ms,
                price = excluded.price, bid = excluded.bid, ask = excluded.ask, source = excluded.source, revision = revision + 1
            """)
        let emptied = try db.makeStatement(sql: """
            DELETE FROM quote_day WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND day_ms >= ?4 AND day_ms < ?5
            AND NOT EXISTS (SELECT 1 FROM quote q WHERE q.asset_id = ?1 AND q.currency_id = ?2 AND q.market = ?3
                            AND q.time_ms >= quote_day.day_ms AND q.time_ms < quote_day.day_ms + 86400000 AND q.price > 0)
            """)
        for (series, days) in ranges.days {
            let arguments: StatementArguments = [series.assetID, series.currencyID, series.market, days.first, days.last + 86_400_000]
            try upsert.execute(arguments: arguments)
            try emptied.execute(arguments: arguments)
        }
        try db.execute(sql: insertTrigger)
    }

    /// Adds `row` to its day: one more quote, and the close is the later of the two. (The right-hand
    /// sides of an UPDATE's SET all read the row as it was, so each compares with the old close.)
    private static func counting(_ row: String, when condition: String = "1") -> String {
        let later = "excluded.time_ms > time_ms"
        return """
        INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                SELECT \(row).asset_id, \(row).currency_id, \(row).market, \(dayStart("\(row).time_ms")), 1,
                       \(row).time_ms, \(row).price, \(row).bid, \(row).ask, \(row).source
                WHERE \(condition)
                ON CONFLICT (asset_id, currency_id, market, day_ms) DO UPDATE SET quotes = quotes + 1, revision = revision + 1,
                    time_ms = MAX(time_ms, excluded.time_ms),
                    price = CASE WHEN \(later) THEN excluded.price ELSE price END,
                    bid = CASE WHEN \(later) THEN excluded.bid ELSE bid END,
                    ask = CASE WHEN \(later) THEN excluded.ask ELSE ask END,
                    source = CASE WHEN \(later) THEN excluded.source ELSE source END
        """
    }

    /// Takes `row` out of its day: a day whose only quote it was goes; another keeps one quote fewer and
    /// takes its close again from the quotes left (one index seek to the day's end).
    private static func uncounting(_ row: String, when condition: String = "1") -> String {
        let day = dayStart("\(row).time_ms")
        let series = "asset_id = \(row).asset_id AND currency_id = \(row).currency_id AND market = \(row).market"
        return """
        DELETE FROM quote_day WHERE \(series) AND day_ms = \(day) AND quotes = 1 AND \(condition);
                UPDATE quote_day SET quotes = quotes - 1, revision = revision + 1, (time_ms, price, bid, ask, source) = (
                    SELECT q.time_ms, q.price, q.bid, q.ask, q.source FROM quote q
                    WHERE q.asset_id = \(row).asset_id AND q.currency_id = \(row).currency_id AND q.market = \(row).market
                        AND q.time_ms >= \(day) AND q.time_ms < \(day) + 86400000 AND q.price > 0
                    ORDER BY q.time_ms DESC LIMIT 1)
                WHERE \(series) AND day_ms = \(day) AND \(condition)
        """
    }
}

/// The days of each quote series a bulk writer wrote to, as first and last day (UTC midnights in
/// milliseconds): what `QuoteDays.recount` counts again.
struct QuoteDayRanges {
    struct Series: Hashable { var assetID: Int64; var currencyID: Int64; var market: String }
    private(set) var days: [Series: (first: Int64, last: Int64)] = [:]

    mutating func add(assetID: Int64, currencyID: Int64, market: String, timeMs: Int64) {
        let day = timeMs - ((timeMs % 86_400_000) + 86_400_000) % 86_400_000
        let key = Series(assetID: assetID, currencyID: currencyID, market: market)
        if let known = days[key] {
            days[key] = (min(known.first, day), max(known.last, day))
        } else {
            days[key] = (day, day)
        }
    }
}
