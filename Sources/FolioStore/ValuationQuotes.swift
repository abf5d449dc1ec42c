import FolioCore
import Foundation
import GRDB

extension Store {
    /// The quotes a portfolio's valuation over time asks for, of every series of `assets` (nil: all):
    /// each day's last quote (a value at a day's end needs no other), and on a day with several quotes
    /// the last one at or before each of `times` (a trade is converted at its own moment). Every lookup
    /// a day-end value or an event at one of `times` makes gets the answer the whole history gives,
    /// while a series of intraday quotes costs one row per day in memory: SQLite walks the quotes, Swift
    /// holds only what the answers need. Bad prices (≤ 0) are left out, as the price book leaves them.
    public func valuationQuotes(assets: Set<AssetCode>?, at times: [Date]) throws -> [Quote] {
        try read { db in
            var codes: [Int64: AssetCode] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, code FROM asset") { codes[row[0]] = AssetCode(row[1] as String) }
            // SQLite takes a bare column of a MAX() aggregate from the row that has the maximum. Days are
            // UTC days as `Day` counts them, rounded down before 1970 too (SQLite's `/` truncates).
            let closes = try db.cachedStatement(sql: """
                SELECT MAX(time_ms), price, bid, ask, source, COUNT(*) FROM quote
                WHERE asset_id = ? AND currency_id = ? AND market = ? AND price > 0
                GROUP BY time_ms - ((time_ms % 86400000) + 86400000) % 86400000 ORDER BY 1
                """)
            let atOrBefore = try db.cachedStatement(sql: """
                SELECT time_ms, price, bid, ask, source FROM quote
                WHERE asset_id = ? AND currency_id = ? AND market = ? AND price > 0 AND time_ms <= ? ORDER BY time_ms DESC LIMIT 1
                """)
            func day(_ ms: Int64) -> Int { Day(Date(unixMilliseconds: ms)).daysSinceEpoch }
            let eventsByDay = Dictionary(grouping: times.map(\.unixMilliseconds), by: day)
            var quotes: [Quote] = []
            for (assetID, currencyID, market) in try Store.quoteSeries(db) {
                guard let asset = codes[assetID], let currency = codes[currencyID], assets?.contains(asset) ?? true else { continue }
                func quote(_ row: Row) -> Quote {
                    Quote(asset: asset, currency: currency, market: Market(market), time: Date(unixMilliseconds: row[0]),
                          price: row[1], bid: row[2], ask: row[3], source: row[4])
                }
                var seen = Set<Int64>()
                var busyDays: [Int] = []
                for row in try Row.fetchAll(closes, arguments: [assetID, currencyID, market]) {
                    quotes.append(quote(row))
                    seen.insert(row[0])
                    if row[5] as Int > 1 { busyDays.append(day(row[0])) }
                }
                for day in busyDays {
                    for time in eventsByDay[day] ?? [] {
                        guard let row = try Row.fetchOne(atOrBefore, arguments: [assetID, currencyID, market, time]),
                              seen.insert(row[0]).inserted else { continue }
                        quotes.append(quote(row))
                    }
                }
            }
            // The order the other reads give, so that the price book is built the same way.
            quotes.sort { a, b in
                (a.time, a.asset, a.currency, a.market.rawValue) < (b.time, b.asset, b.currency, b.market.rawValue)
            }
            return quotes
        }
    }
}
