import Foundation
import FolioCore
import GRDB

public struct FetchStored: Equatable, Sendable {
    public var inserted = 0
    public var duplicates = 0
}

extension Store {
    /// The time of the last fetch attempt from `source`, successful or not: throttling counts both,
    /// so that a failing source is not asked again every minute by cron.
    public func lastFetchAttempt(source: String) throws -> Date? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT MAX(time_ms) FROM fetch_log WHERE source = ?", arguments: [source])
                .map { Date(unixMilliseconds: $0) }
        }
    }

    /// Stores a fetch's quotes and statistics and its log row in one transaction: all or nothing.
    /// Quotes already present (same asset, currency, market and time) are counted as duplicates.
    public func recordFetch(source: String, request: String, at time: Date, data: FetchedData) throws -> FetchStored {
        try write { db in
            let sink = try ImportSink(db: db)
            var stored = FetchStored()
            for quote in data.quotes {
                let inserted = try sink.insertQuote(
                    assetID: try sink.assetID(quote.asset, kindHint: data.assetKinds[quote.asset], name: data.assetNames[quote.asset]),
                    currencyID: try sink.assetID(quote.currency, kindHint: data.assetKinds[quote.currency] ?? .fiat, name: data.assetNames[quote.currency]),
                    market: quote.market.rawValue, timeMs: quote.time.unixMilliseconds, price: quote.price,
                    bid: quote.bid, ask: quote.ask, source: quote.source
                )
                if inserted { stored.inserted += 1 } else { stored.duplicates += 1 }
            }
            for s in data.statistics {
                try db.execute(sql: """
                    INSERT INTO market_statistic (subject, name, currency, time_ms, value, source) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO UPDATE SET value = excluded.value, source = excluded.source
                    """, arguments: [s.subject, s.name.rawValue, s.currency?.rawValue ?? "", s.time.unixMilliseconds, s.value, s.source])
            }
            try log(db, source: source, request: request, time: time, outcome: "ok", rows: stored.inserted, message: "")
            return stored
        }
    }

    /// Logs a failed fetch (nothing else is written), so throttling and "data as of" stamps see it.
    public func recordFailedFetch(source: String, request: String, at time: Date, message: String) throws {
        try write { db in try log(db, source: source, request: request, time: time, outcome: "failed", rows: 0, message: message) }
    }

    /// Statistics of a subject, newest first.
    public func marketStatistics(subject: String) throws -> [MarketStatistic] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT subject, name, currency, time_ms, value, source FROM market_statistic
                WHERE subject = ? ORDER BY time_ms DESC, name
                """, arguments: [subject]
            ).compactMap { row in
                guard let name = MarketStatistic.Name(rawValue: row[1]) else { return nil }
                let currency: String = row[2]
                return MarketStatistic(
                    subject: row[0], name: name, currency: currency.isEmpty ? nil : AssetCode(currency),
                    time: Date(unixMilliseconds: row[3]), value: row[4], source: row[5]
                )
            }
        }
    }

    private func log(_ db: Database, source: String, request: String, time: Date, outcome: String, rows: Int, message: String) throws {
        try db.execute(
            sql: "INSERT INTO fetch_log (source, request, time_ms, outcome, rows, message) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [source, request, time.unixMilliseconds, outcome, rows, message]
        )
    }
}
