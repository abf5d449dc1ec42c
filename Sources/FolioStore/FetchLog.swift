import FolioCore
import FolioImport
import Foundation
internal import GRDB

public struct FetchStored: Equatable, Sendable {
    public var inserted = 0
    public var duplicates = 0
}

/// What the fetch log says about a source's recent attempts, for throttling.
public struct FetchHistory: Equatable, Sendable {
    /// The newest successful fetch.
    public var lastSuccess: Date?
    /// Failed attempts since `lastSuccess` (or ever, when there was none).
    public var failuresInARow = 0
    /// The newest of those failures, and its message.
    public var lastFailure: Date?
    public var lastFailureMessage = ""

    public init() {}
}

extension Store {
    /// The last success of `source` and the failures after it. Attempts are ordered by their time
    /// (then by their row, for two in the same millisecond); reading stops at the newest success.
    public func fetchHistory(source: String) throws -> FetchHistory {
        try read { db in
            var history = FetchHistory()
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT time_ms, outcome, message FROM fetch_log WHERE source = ? ORDER BY time_ms DESC, id DESC
                    """,
                arguments: [source]
            )
            while let row = try rows.next() {
                let time = Date(unixMilliseconds: row[0])
                if row[1] as String == "ok" {
                    history.lastSuccess = time
                    break
                }
                if history.failuresInARow == 0 { (history.lastFailure, history.lastFailureMessage) = (time, row[2]) }
                history.failuresInARow += 1
            }
            return history
        }
    }

    /// Stores a fetch's quotes and statistics and its log row in one transaction: all or nothing.
    /// Quotes already present (same asset, currency, market and time) are counted as duplicates.
    public func recordFetch(source: String, request: String, at time: Date, data: FetchedData) throws -> FetchStored {
        try write { db in
            let stored = try Store.insert(data, db)
            try log(db, source: source, request: request, time: time, outcome: "ok", rows: stored.inserted, message: "")
            return stored
        }
    }

    /// Stores answers a source gave earlier and that were saved to files (`folio import monobank-json`),
    /// as `recordFetch` stores a live one but without a log row: an old answer says nothing about when
    /// the source was last asked. One transaction for all of them.
    public func storeSavedAnswers(_ answers: [FetchedData]) throws -> [FetchStored] {
        try write { db in try answers.map { try Store.insert($0, db) } }
    }

    /// The one way a source's rows enter the database. A fetch re-reads the same answers all day, and
    /// a saved answer is one of them: a quote already stored stays as it is.
    private static func insert(_ data: FetchedData, _ db: Database) throws -> FetchStored {
        let sink = try StoreSink(db: db, conflicts: .keepSilently)
        var stored = FetchStored()
        for quote in data.quotes {
            let outcome = try sink.insertQuote(
                assetID: try sink.assetID(
                    quote.asset,
                    kindHint: data.assetKinds[quote.asset],
                    name: data.assetNames[quote.asset]
                ),
                currencyID: try sink.assetID(
                    quote.currency,
                    kindHint: data.assetKinds[quote.currency] ?? .fiat,
                    name: data.assetNames[quote.currency]
                ),
                market: quote.market.rawValue,
                timeMs: quote.time.unixMilliseconds,
                price: quote.price,
                bid: quote.bid,
                ask: quote.ask,
                source: quote.source
            )
            if outcome == .inserted { stored.inserted += 1 } else { stored.duplicates += 1 }
        }
        try sink.finish()
        for s in data.statistics {
            try db.execute(
                sql: """
                    INSERT INTO market_statistic (subject, name, currency, time_ms, value, source) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO UPDATE SET value = excluded.value, source = excluded.source
                    """,
                arguments: [
                    s.subject, s.name.rawValue, s.currency?.rawValue ?? "", s.time.unixMilliseconds, s.value, s.source,
                ]
            )
        }
        return stored
    }

    /// Logs a failed fetch (nothing else is written), so throttling and "data as of" stamps see it.
    public func recordFailedFetch(source: String, request: String, at time: Date, message: String) throws {
        try write { db in
            try log(db, source: source, request: request, time: time, outcome: "failed", rows: 0, message: message)
        }
    }

    /// Statistics of a subject, newest first.
    public func marketStatistics(subject: String) throws -> [MarketStatistic] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT subject, name, currency, time_ms, value, source FROM market_statistic
                    WHERE subject = ? ORDER BY time_ms DESC, name
                    """,
                arguments: [subject]
            ).compactMap { row in
                guard let name = MarketStatistic.Name(rawValue: row[1]) else { return nil }
                let currency: String = row[2]
                return MarketStatistic(
                    subject: row[0],
                    name: name,
                    currency: currency.isEmpty ? nil : AssetCode(currency),
                    time: Date(unixMilliseconds: row[3]),
                    value: row[4],
                    source: row[5]
                )
            }
        }
    }

    private func log(
        _ db: Database,
        source: String,
        request: String,
        time: Date,
        outcome: String,
        rows: Int,
        message: String
    ) throws {
        try db.execute(
            sql: "INSERT INTO fetch_log (source, request, time_ms, outcome, rows, message) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [source, request, time.unixMilliseconds, outcome, rows, message]
        )
    }
}
