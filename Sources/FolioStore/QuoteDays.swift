internal import GRDB

/// `quote_day`: for each quote series, the days with more than one quote, each with its last quote (the
/// day's close) and how many quotes it has. A valuation over years needs one price per day; with hourly
/// or intraday quotes, finding each day's last one by grouping the quotes walks all of them, while a day
/// here is one row. A day with one quote is its own close and is read from
/// `quote` itself: keeping every day here doubled what a daily series costs to import and store.
///
/// `quote_series`: a revision per series (drawn at random first) that every write to its quotes raises,
/// so that a batch sees any change (a quote added or removed, a price corrected inside a day) from one
/// row instead of summing the series' quotes (`Store.portfolioDigestLines`).
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
        try db.execute(
            sql: """
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

                \(daysOfSeveralQuotes(where: "1"));
                INSERT INTO quote_series (asset_id, currency_id, market, revision)
                    SELECT asset_id, currency_id, market, \(firstRevision) FROM quote GROUP BY 1, 2, 3;

                \(insertTrigger);

                \(deleteTrigger);
                \(updateTrigger);
                """
        )
    }

    /// A series' first revision is drawn at random (62 bits), so that a database made again from corrected
    /// files does not give its series the revisions of the one before: a batch's fingerprints beside the
    /// outputs would take the new data for the old.
    private static let firstRevision = "(random() & 4611686018427387903)"

    private static let deleteTrigger = """
        CREATE TRIGGER IF NOT EXISTS quote_day_after_delete AFTER DELETE ON quote BEGIN
            \(recounting("OLD"));
        END
        """

    /// An update is the old row leaving its day and the new one joining its own.
    private static let updateTrigger = """
        CREATE TRIGGER IF NOT EXISTS quote_day_after_update
        AFTER UPDATE OF asset_id, currency_id, market, time_ms, price, bid, ask, source ON quote BEGIN
            \(recounting("OLD"));
            \(recounting("NEW"));
        END
        """

    private static let insertTrigger = """
        CREATE TRIGGER IF NOT EXISTS quote_day_after_insert AFTER INSERT ON quote BEGIN
            \(recounting("NEW"));
        END
        """

    /// Puts in `quote_day` every day of two quotes or more among the quotes `condition` selects. The bare
    /// columns of a MAX() aggregate come from the row that has the maximum: the close.
    private static func daysOfSeveralQuotes(where condition: String) -> String {
        """
        INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
            SELECT asset_id, currency_id, market, \(dayStart("time_ms")), COUNT(*), MAX(time_ms), price, bid, ask, source
            FROM quote WHERE \(condition) AND price > 0 GROUP BY 1, 2, 3, 4 HAVING COUNT(*) > 1
        """
    }

    /// What a day counted again replaces in its row.
    private static let replacingTheDay = """
        ON CONFLICT (asset_id, currency_id, market, day_ms) DO UPDATE SET quotes = excluded.quotes, time_ms = excluded.time_ms,
            price = excluded.price, bid = excluded.bid, ask = excluded.ask, source = excluded.source
        """

    /// A day of a series as SQL expressions: a trigger's row, or a statement's parameters.
    private struct DayKey {
        var asset: String, currency: String, market: String, day: String
        init(row: String) {
            (asset, currency, market, day) = (
                "\(row).asset_id", "\(row).currency_id", "\(row).market", QuoteDays.dayStart("\(row).time_ms")
            )
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
        let day = counting(DayKey(row: row))
        return """
            \(day.keep);
                    \(day.dropLone);
                    INSERT INTO quote_series (asset_id, currency_id, market, revision) VALUES (\(row).asset_id, \(row).currency_id, \(row).market, \(firstRevision))
                        ON CONFLICT (asset_id, currency_id, market) DO UPDATE SET revision = revision + 1
            """
    }

    /// The day as a `quote_day` row when it has two quotes or more (an aggregate without GROUP BY is one
    /// row; its bare columns come from the quote with the latest time, the close), and its row gone when
    /// it has fewer.
    private static func counting(_ key: DayKey) -> (keep: String, dropLone: String) {
        (
            """
            INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                    SELECT \(key.asset), \(key.currency), \(key.market), \(key.day), n, close, price, bid, ask, source
                    FROM (SELECT COUNT(*) AS n, MAX(time_ms) AS close, price, bid, ask, source FROM quote WHERE \(key.quotes))
                    WHERE n > 1
                    \(replacingTheDay)
            """,
            """
            DELETE FROM quote_day WHERE asset_id = \(key.asset) AND currency_id = \(key.currency) AND market = \(key.market)
                    AND day_ms = \(key.day) AND (SELECT COUNT(*) FROM quote WHERE \(key.quotes)) < 2
            """
        )
    }

    /// A bulk writer (an import, a fetch) adds quotes by the hundred thousand: a trigger per row doubled
    /// the time of a million-row import. So it stops the insert and update triggers (a correction with
    /// `--replace` is an update) inside its transaction, notes the days that may now hold several
    /// quotes (`WrittenQuoteDays`) and calls `recount` before committing, which starts them again. A
    /// failed import rolls the stop back with the rest.
    static func pauseCounting(_ db: Database) throws {
        try db.execute(
            sql: "DROP TRIGGER IF EXISTS quote_day_after_insert; DROP TRIGGER IF EXISTS quote_day_after_update"
        )
    }

    /// Deletes the quotes `condition` selects (a WHERE clause over `quote`), and counts the days of their
    /// series between the first and the last deleted again, in one pass each: the delete trigger counts
    /// a day per row, which for a series of intraday quotes is a day's quotes read again for each one.
    static func deleteQuotes(_ db: Database, where condition: String, arguments: StatementArguments) throws {
        let spans = try Row.fetchAll(
            db,
            sql: """
                SELECT asset_id, currency_id, market, MIN(time_ms), MAX(time_ms) FROM quote \(condition) GROUP BY 1, 2, 3
                """,
            arguments: arguments
        )
        try db.execute(sql: "DROP TRIGGER IF EXISTS quote_day_after_delete")
        try db.execute(sql: "DELETE FROM quote \(condition)", arguments: arguments)
        let clear = try db.makeStatement(
            sql: """
                DELETE FROM quote_day WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND day_ms >= ?4 AND day_ms < ?5
                """
        )
        let count = try db.makeStatement(
            sql: daysOfSeveralQuotes(
                where: "asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND time_ms >= ?4 AND time_ms < ?5"
            )
        )
        let revise = try db.makeStatement(
            sql: "UPDATE quote_series SET revision = revision + 1 WHERE asset_id = ? AND currency_id = ? AND market = ?"
        )
        for span in spans {
            let (first, last): (Int64, Int64) = (span[3], span[4])
            let days: StatementArguments = [
                span[0], span[1], span[2], WrittenQuoteDays.dayStart(first),
                WrittenQuoteDays.dayStart(last) + 86_400_000,
            ]
            try clear.execute(arguments: days)
            try count.execute(arguments: days)
            try revise.execute(arguments: [span[0], span[1], span[2]])
        }
        try db.execute(sql: deleteTrigger)
    }

    /// Counts the noted days again, raises the revision of every series written to, and starts the
    /// insert and update triggers.
    static func recount(_ db: Database, _ written: WrittenQuoteDays) throws {
        var written = written
        written.close()
        // Days counted from the rows first: a noted day the table counts again may be one of them (a
        // quote of an earlier day that came later in the file).
        let store = try db.makeStatement(
            sql: """
                INSERT INTO quote_day (asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                \(replacingTheDay)
                """
        )
        for (series, day) in written.counted {
            try store.execute(arguments: [
                series.assetID, series.currencyID, series.market, day.start, day.quotes,
                day.timeMs, day.price, day.bid, day.ask, day.source,
            ])
        }
        let day = counting(DayKey(asset: "?1", currency: "?2", market: "?3", day: "?4"))
        let count = try db.makeStatement(sql: day.keep)
        let drop = try db.makeStatement(sql: day.dropLone)
        for noted in written.noted {
            let arguments: StatementArguments = [
                noted.series.assetID, noted.series.currencyID, noted.series.market, noted.start,
            ]
            try count.execute(arguments: arguments)
            try drop.execute(arguments: arguments)
        }
        let revise = try db.makeStatement(
            sql: """
                INSERT INTO quote_series (asset_id, currency_id, market, revision) VALUES (?, ?, ?, \(firstRevision))
                ON CONFLICT (asset_id, currency_id, market) DO UPDATE SET revision = revision + 1
                """
        )
        for series in written.series {
            try revise.execute(arguments: [series.assetID, series.currencyID, series.market])
        }
        try db.execute(sql: insertTrigger + ";" + updateTrigger)
    }
}

/// What a bulk writer wrote, for `QuoteDays.recount`: each series it wrote to; the days it filled
/// itself, in time order, after everything their series held before, counted here as the rows go by
/// (an hourly or intraday import costs no second pass); and the days it can only count from the table
/// (a back-fill, a quote out of order, a correction).
struct WrittenQuoteDays {
    struct Series: Hashable {
        var assetID: Int64
        var currencyID: Int64
        var market: String
    }
    struct Day: Hashable {
        var series: Series
        var start: Int64
    }
    /// A day being filled in time order: its count so far and its latest quote.
    struct Run {
        var start: Int64, quotes: Int, timeMs: Int64, price: Double, bid: Double?, ask: Double?, source: String
    }
    private struct State {
        let series: Series
        var before: Int64?
        var run: Run?
    }

    /// Each series written to, in order of first write, at the slot `slots` gives it: a writer finds a
    /// series' slot once per run of rows, not by hashing every row.
    private var states: [State] = []
    private var slots: [Series: Int] = [:]
    /// Days of several quotes counted from the rows, with their close.
    private(set) var counted: [(Series, Run)] = []
    /// Days to count from the table.
    private(set) var noted = Set<Day>()

    var series: [Series] { states.map(\.series) }

    /// The slot of `key`; the first time, `lastTimeBefore` says when the series' quotes ended before
    /// this writer (nil: it had none).
    mutating func slot(of key: Series, lastTimeBefore: () throws -> Int64?) rethrows -> Int {
        if let slot = slots[key] { return slot }
        states.append(State(series: key, before: try lastTimeBefore().map(Self.dayStart), run: nil))
        slots[key] = states.count - 1
        return states.count - 1
    }

    mutating func added(_ slot: Int, timeMs: Int64, price: Double, bid: Double?, ask: Double?, source: String) {
        guard price > 0 else { return }
        let day = Self.dayStart(timeMs)
        if let before = states[slot].before, day <= before {
            noted.insert(Day(series: states[slot].series, start: day))
            return
        }
        if var run = states[slot].run {
            if run.start == day {
                run.quotes += 1
                if timeMs > run.timeMs {
                    (run.timeMs, run.price, run.bid, run.ask, run.source) = (timeMs, price, bid, ask, source)
                }
                states[slot].run = run
                return
            }
            if day < run.start {
                noted.insert(Day(series: states[slot].series, start: day))
                return
            }
            if run.quotes > 1 { counted.append((states[slot].series, run)) }
        }
        states[slot].run = Run(start: day, quotes: 1, timeMs: timeMs, price: price, bid: bid, ask: ask, source: source)
    }

    mutating func corrected(_ slot: Int, timeMs: Int64) {
        noted.insert(Day(series: states[slot].series, start: Self.dayStart(timeMs)))
    }

    /// Ends the days being filled.
    mutating func close() {
        for slot in states.indices {
            if let run = states[slot].run, run.quotes > 1 { counted.append((states[slot].series, run)) }
            states[slot].run = nil
        }
    }

    static func dayStart(_ timeMs: Int64) -> Int64 { timeMs - ((timeMs % 86_400_000) + 86_400_000) % 86_400_000 }
}
