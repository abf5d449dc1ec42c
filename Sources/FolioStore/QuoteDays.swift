import GRDB

/// `quote_day`: for each quote series, the days with more than one quote, each with its last quote (the
/// day's close) and how many quotes it has. A valuation over years needs one price per day; with hourly
/// or intraday quotes, finding each day's last one by grouping the quotes walks all of them (1.7 s for
/// two million), while a day here is one row. A day with one quote is its own close and is read from
/// `quote` itself: keeping every day here doubled what a daily series costs to import and store.
///
/// `quote_series`: a revision per series that every write to its quotes raises, so that a batch sees any
/// change (a quote added or removed, a price corrected inside a day) from one row instead of summing the
/// series' quotes (`Store.portfolioDigestLines`).
///
/// Triggers on `quote` keep both exact whatever writes the quotes (`--replace`, `remove`, SQL by hand),
/// inside the writer's own transaction. Only quotes with a price above zero count, as the price book
/// leaves the others out.
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
                quotes INTEGER NOT NULL CHECK (quotes > 1),
                time_ms INTEGER NOT NULL,
                price REAL NOT NULL,
                bid REAL,
                ask REAL,
                source TEXT NOT NULL,
                PRIMARY KEY (asset_id, currency_id, market, day_ms)
            ) WITHOUT ROWID;

            CREATE TABLE quote_series (
                asset_id INTEGER NOT NULL,
                currency_id INTEGER NOT NULL,
                market TEXT NOT NULL,
                revision INTEGER NOT NULL,
                PRIMARY KEY (asset_id, currency_id, market)
            ) WITHOUT ROWID;

            -- The bare columns of a MAX() aggregate come from the row that has the maximum: the close.
            INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                SELECT asset_id, currency_id, market, \(dayStart("time_ms")), COUNT(*), MAX(time_ms), price, bid, ask, source
                FROM quote WHERE price > 0 GROUP BY 1, 2, 3, 4 HAVING COUNT(*) > 1;
            INSERT INTO quote_series (asset_id, currency_id, market, revision)
                SELECT DISTINCT asset_id, currency_id, market, 1 FROM quote;

            \(insertTrigger);

            CREATE TRIGGER quote_day_after_delete AFTER DELETE ON quote BEGIN
                \(recounting("OLD"));
            END;

            -- An update is the old row leaving its day and the new one joining its own.
            CREATE TRIGGER quote_day_after_update AFTER UPDATE OF asset_id, currency_id, market, time_ms, price, bid, ask, source
            ON quote BEGIN
                \(recounting("OLD"));
                \(recounting("NEW"));
            END;
            """)
    }

    private static let insertTrigger = """
        CREATE TRIGGER IF NOT EXISTS quote_day_after_insert AFTER INSERT ON quote BEGIN
            \(recounting("NEW"));
        END
        """

    /// A day of a series as SQL expressions: a trigger's row, or a statement's parameters.
    private struct DayKey {
        var asset: String, currency: String, market: String, day: String
        init(row: String) {
            (asset, currency, market, day) = ("\(row).asset_id", "\(row).currency_id", "\(row).market", QuoteDays.dayStart("\(row).time_ms"))
        }
        init(asset: String, currency: String, market: String, day: String) {
            (self.asset, self.currency, self.market, self.day) = (asset, currency, market, day)
        }
        var quotes: String {
            """
            asset_id = \(asset) AND currency_id = \(currency) AND market = \(market) \
            AND time_ms >= \(day) AND time_ms < \(day) + 86400000 AND price > 0
            """
        }
    }

    /// Counts the day of `row` again from its quotes (one index range, a day long) and raises the
    /// revision of `row`'s series.
    private static func recounting(_ row: String) -> String {
        """
        \(counting(DayKey(row: row)));
                INSERT INTO quote_series (asset_id, currency_id, market, revision) VALUES (\(row).asset_id, \(row).currency_id, \(row).market, 1)
                    ON CONFLICT (asset_id, currency_id, market) DO UPDATE SET revision = revision + 1
        """
    }

    /// The day as a `quote_day` row when it has two quotes or more (an aggregate without GROUP BY is one
    /// row; its bare columns come from the quote with the latest time, the close), else no row.
    private static func counting(_ key: DayKey) -> String {
        """
        INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                SELECT \(key.asset), \(key.currency), \(key.market), \(key.day), n, close, price, bid, ask, source
                FROM (SELECT COUNT(*) AS n, MAX(time_ms) AS close, price, bid, ask, source FROM quote WHERE \(key.quotes))
                WHERE n > 1
                ON CONFLICT (asset_id, currency_id, market, day_ms) DO UPDATE SET quotes = excluded.quotes, time_ms = excluded.time_ms,
                    price = excluded.price, bid = excluded.bid, ask = excluded.ask, source = excluded.source;
                DELETE FROM quote_day WHERE asset_id = \(key.asset) AND currency_id = \(key.currency) AND market = \(key.market)
                    AND day_ms = \(key.day) AND (SELECT COUNT(*) FROM quote WHERE \(key.quotes)) < 2
        """
    }

    /// A bulk writer (an import, a fetch) adds quotes by the hundred thousand: a trigger per row doubled
    /// the time of a million-row import. So it stops the insert trigger inside its transaction, notes
    /// the days that may now hold several quotes (`WrittenQuoteDays`) and calls `recount` before
    /// committing, which starts the trigger again. A failed import rolls the stop back with the rest.
    static func pauseCounting(_ db: Database) throws {
        try db.execute(sql: "DROP TRIGGER IF EXISTS quote_day_after_insert")
    }

    /// Counts the noted days again, raises the revision of every series written to, and starts the
    /// insert trigger.
    static func recount(_ db: Database, _ written: WrittenQuoteDays) throws {
        let day = counting(DayKey(asset: "?1", currency: "?2", market: "?3", day: "?4")).components(separatedBy: ";")
        let count = try db.makeStatement(sql: day[0]), drop = try db.makeStatement(sql: day[1])
        for (series, start) in written.days {
            let arguments: StatementArguments = [series.assetID, series.currencyID, series.market, start]
            try count.execute(arguments: arguments)
            try drop.execute(arguments: arguments)
        }
        let revise = try db.makeStatement(sql: """
            INSERT INTO quote_series (asset_id, currency_id, market, revision) VALUES (?, ?, ?, 1)
            ON CONFLICT (asset_id, currency_id, market) DO UPDATE SET revision = revision + 1
            """)
        for series in written.series.keys {
            try revise.execute(arguments: [series.assetID, series.currencyID, series.market])
        }
        try db.execute(sql: insertTrigger)
    }
}

/// What a bulk writer wrote, for `QuoteDays.recount`: each series it wrote to, and the days that may now
/// hold more than one quote. A quote on a day after everything its series held before, and after the
/// last one this writer added to it, opens a day of its own and needs no count: a fresh import or a
/// day's fetch costs nothing here. Any other (a second quote that day, a back-fill, a correction) notes
/// its day.
struct WrittenQuoteDays {
    struct Series: Hashable { var assetID: Int64; var currencyID: Int64; var market: String }
    struct Day: Hashable { var series: Series; var start: Int64 }
    /// Each series written to, with the last day it held before this writer (nil: none) and the last
    /// day this writer added to it.
    private(set) var series: [Series: (before: Int64?, last: Int64?)] = [:]
    private(set) var noted = Set<Day>()

    var days: [(Series, Int64)] { noted.map { ($0.series, $0.start) } }

    /// Whether `key` needs its last day before this writer (`begin` before its first write).
    func knows(_ key: Series) -> Bool { series[key] != nil }

    mutating func begin(_ key: Series, lastTimeBefore: Int64?) {
        series[key] = (lastTimeBefore.map(Self.dayStart), nil)
    }

    mutating func added(_ key: Series, timeMs: Int64) {
        let day = Self.dayStart(timeMs)
        guard let known = series[key] else { return }
        if (known.before.map { day <= $0 } ?? false) || (known.last.map { day <= $0 } ?? false) {
            noted.insert(Day(series: key, start: day))
        }
        series[key] = (known.before, max(known.last ?? day, day))
    }

    mutating func corrected(_ key: Series, timeMs: Int64) {
        if series[key] == nil { series[key] = (nil, nil) }
        noted.insert(Day(series: key, start: Self.dayStart(timeMs)))
    }

    static func dayStart(_ timeMs: Int64) -> Int64 { timeMs - ((timeMs % 86_400_000) + 86_400_000) % 86_400_000 }
}
