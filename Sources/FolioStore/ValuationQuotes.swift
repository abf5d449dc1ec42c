import FolioCore
import Foundation
internal import GRDB
internal import GRDBSQLite

extension Store {
    /// The quotes a portfolio's valuation over time asks for, of every series of `assets` (nil: all):
    /// each day's last quote (a value at a day's end needs no other), and on a day with several quotes
    /// the last one at or before each of `times` (a trade is converted at its own moment). Every lookup
    /// a day-end value or an event at one of `times` makes gets the answer the whole history gives,
    /// while a series of intraday quotes costs one row per day in memory: SQLite reads a row per day, Swift
    /// holds only what the answers need. Bad prices (≤ 0) are left out, as the price book leaves them.
    ///
    /// From `start` on only: day ends from its day, each series' last close before it (what a value at
    /// the start is), and for a time of `times` before it the quote at or before that time (a trade
    /// before a chart's first day is still converted at its moment).
    ///
    /// Series by series, not in time order: the price book orders what it is given.
    /// `lookingUpAtMost`: how many moments before `start` are looked up one by one rather than walked to.
    public func valuationQuotes(
        assets: Set<AssetCode>?,
        at times: [Date],
        from start: Date? = nil,
        lookingUpAtMost lookUps: Int = 5_000
    ) throws -> [Quote] {
        try read { db in
            let statements = try ValuationStatements(db)
            let plan = ValuationPlan(times: times, start: start, lookUps: lookUps)
            var quotes: [Quote] = []
            for series in try Store.quoteSeries(db) where assets?.contains(series.asset) ?? true {
                quotes += try Self.valuationQuotes(of: series, plan, statements, start: start, db)
            }
            return quotes
        }
    }

    /// The quotes `valuationQuotes` asks of one series.
    private static func valuationQuotes(
        of series: StoredSeries,
        _ plan: ValuationPlan,
        _ statements: ValuationStatements,
        start: Date?,
        _ db: Database
    ) throws -> [Quote] {
        var quotes: [Quote] = []
        var seen = Set<Int64>()
        func keep(_ quote: Quote?) {
            if let quote, seen.insert(quote.time.unixMilliseconds).inserted { quotes.append(quote) }
        }
        var asked = plan.looked
        // The last close before the day being walked: the answer for an event on a day without
        // quotes, or before its day's first quote.
        var previous: Quote?
        if start != nil {
            try statements.closeBefore.forEachRow(in: db, series.arguments(plan.walkFrom)) {
                previous = series.quote($0)
            }
        }
        var busyCloses: [(day: Int64, close: Quote)] = []
        try statements.busyDays.forEachRow(in: db, series.arguments(plan.walkFrom)) {
            busyCloses.append((sqlite3_column_int64($0, 0), series.quote($0, from: 1)))
        }
        // The gaps between busy days, a day or more long, hold the days of one quote.
        var gaps: [String] = []
        var gapFrom = plan.walkFrom
        for (day, _) in busyCloses {
            if gapFrom < day { gaps.append("[\(gapFrom),\(day)]") }
            gapFrom = day + 86_400_000
        }
        gaps.append("[\(gapFrom),\(Int64.max)]")
        var next = 0
        // Each day's close in time order, with whether its day is busy: the lone quotes as SQLite
        // steps them, the busy days' closes merged in between (no copy of the series in between).
        func close(_ close: Quote, busy: Bool) {
            let closeTime = close.time.unixMilliseconds
            let dayStart = Day(close.time).start.unixMilliseconds
            if dayStart >= plan.firstDay {
                keep(close)
                if busy, let events = plan.eventsByDay[ValuationPlan.day(closeTime)] { asked += events }
                return
            }
            while next < plan.walked.count && plan.walked[next] < dayStart {
                keep(previous)
                next += 1
            }
            while next < plan.walked.count && plan.walked[next] < dayStart + 86_400_000 {
                if plan.walked[next] >= closeTime {
                    keep(close)
                } else if busy {
                    asked.append(plan.walked[next])
                } else {
                    keep(previous)
                }
                next += 1
            }
            previous = close
        }
        var nextBusy = 0
        try statements.loneQuotes.forEachRow(in: db, series.arguments("[" + gaps.joined(separator: ",") + "]")) { s in
            let lone = series.quote(s)
            while nextBusy < busyCloses.count && busyCloses[nextBusy].close.time < lone.time {
                close(busyCloses[nextBusy].close, busy: true)
                nextBusy += 1
            }
            close(lone, busy: false)
        }
        for (_, busyClose) in busyCloses[nextBusy...] { close(busyClose, busy: true) }
        // Events after the last close before the first day, and the value at its start.
        if next < plan.walked.count || start != nil { keep(previous) }
        if !asked.isEmpty {
            let times = "[" + asked.map(String.init).joined(separator: ",") + "]"
            try statements.atOrBefore.forEachRow(in: db, series.arguments(times)) { keep(series.quote($0)) }
        }
        return quotes
    }
}

/// The statements `valuationQuotes` runs for each series, prepared once.
private struct ValuationStatements {
    let busyDays, loneQuotes, closeBefore, atOrBefore: Statement

    init(_ db: Database) throws {
        // Each day's close: a day with several quotes has its own row in `quote_day`, which the
        // quotes' triggers keep, and the quotes between such days are each their day's only one. A
        // series of intraday quotes costs one row per day instead of a walk over every quote.
        busyDays = try db.cachedStatement(
            sql: """
                SELECT day_ms, time_ms, price, bid, ask, source FROM quote_day
                WHERE asset_id = ? AND currency_id = ? AND market = ? AND day_ms >= ? ORDER BY day_ms
                """
        )
        // The quotes in a JSON array of [from, to) gaps between busy days, in one statement per
        // series: SQLite seeks each gap itself, rather than Swift running a query per weekend.
        loneQuotes = try db.cachedStatement(
            sql: """
                SELECT q.time_ms, q.price, q.bid, q.ask, q.source FROM json_each(?4) g CROSS JOIN quote q
                ON q.asset_id = ?1 AND q.currency_id = ?2 AND q.market = ?3 AND q.time_ms >= g.value ->> 0 AND q.time_ms < g.value ->> 1
                   AND q.price > 0
                ORDER BY q.time_ms
                """
        )
        closeBefore = try db.cachedStatement(
            sql: """
                SELECT time_ms, price, bid, ask, source FROM quote
                WHERE asset_id = ? AND currency_id = ? AND market = ? AND time_ms < ? AND price > 0 ORDER BY time_ms DESC LIMIT 1
                """
        )
        // The quote at or before each of a JSON array of times: one statement per series, however
        // many trades, rather than one round trip through GRDB per trade and series.
        atOrBefore = try db.cachedStatement(
            sql: """
                SELECT time_ms, price, bid, ask, source FROM quote
                WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND time_ms IN (
                    SELECT (SELECT time_ms FROM quote
                            WHERE asset_id = ?1 AND currency_id = ?2 AND market = ?3 AND price > 0 AND time_ms <= e.value
                            ORDER BY time_ms DESC LIMIT 1)
                    FROM json_each(?4) e)
                """
        )
    }
}

/// The moments `valuationQuotes` answers, by how it answers them.
private struct ValuationPlan {
    let firstDay: Int64
    let looked: [Int64]
    let walked: [Int64]
    let walkFrom: Int64
    let eventsByDay: [Int: [Int64]]

    static func day(_ ms: Int64) -> Int { Day(Date(unixMilliseconds: ms)).daysSinceEpoch }

    init(times: [Date], start: Date?, lookUps: Int) {
        let firstDay = start.map { Day($0).start.unixMilliseconds } ?? Int64.min
        self.firstDay = firstDay
        let events = times.map(\.unixMilliseconds)
        let early = events.filter { $0 < firstDay }.sorted()
        // A few thousand moments before the first day are looked up one by one (in one statement
        // per series); more are answered by a walk over the days from the first one's: a million
        // trades cost a walk over the days, not a million lookups.
        looked = early.count <= lookUps ? early : []
        walked = early.count <= lookUps ? [] : early
        walkFrom = walked.first.map { Day(Date(unixMilliseconds: $0)).start.unixMilliseconds } ?? firstDay
        eventsByDay = Dictionary(grouping: events.filter { $0 >= firstDay }, by: Self.day)
    }
}
