import FolioCore
import FolioTestSupport
import Foundation
import GRDB
import Testing

@testable import FolioStore

@Suite struct QuoteRangeTests {
    /// Several series per asset (currencies, markets) with gaps, so that the series walk has to step at
    /// every level: next market, next currency, next asset.
    /// The walk reads a range's quotes and each series' last quote before it (`PriceBook.window`).
    @Test func aTimeRangeReadsTheSameQuotesAsTheAssetQuery() throws {
        let t = try TemporaryStore()
        var text = "date,asset,currency,price,bid,ask,market,source\n"
        for day in 1...28 {
            let d = String(format: "2024-02-%02d", day)
            text += "\(d),USD,UAH,\(38 + Double(day) / 10),,,nbu,nbu\n"
            if day % 2 == 0 { text += "\(d),USD,UAH,\(38.5 + Double(day) / 10),38.4,38.6,cash,bank\n" }
            text += "\(d),USD,EUR,0.9\(day),,,exchange,x\n"
            if day % 3 == 0 { text += "\(d),BTC,USD,\(60000 + day),,,exchange,coins\n" }
            text += "\(d),AAPL,USD,\(180 + day),,,exchange,stock-csv\n"
        }
        let file = try TestPaths.write(text, "quotes.csv", in: t.directory)
        _ = try t.store.importFiles([file], kind: .quotes)
        let assets = try t.store.assets().map(\.code)
        for (from, to) in [
            ("2024-02-05", "2024-02-11"), ("2024-01-01", "2024-03-31"), ("2024-02-10", "2024-02-10"),
            ("2025-01-01", "2025-01-31"),
        ] {
            let start = try #require(Day(iso: from)).start
            let end = try #require(Day(iso: to)).end
            let walked = try t.store.quotes(from: start, to: end)
            // Series by series, each in time order.
            let seriesKey = { (q: Quote) in "\(q.asset)/\(q.currency)/\(q.market)" }
            #expect(
                walked.indices.dropFirst().allSatisfy { i in
                    seriesKey(walked[i - 1]) != seriesKey(walked[i])
                        ? !walked[..<i].contains { seriesKey($0) == seriesKey(walked[i]) }
                        : walked[i - 1].time < walked[i].time
                },
                "\(from)…\(to)"
            )
            let before = Dictionary(grouping: try t.store.quotes(assets: assets).filter { $0.time < start }) {
                "\($0.asset)/\($0.currency)/\($0.market)"
            }.values.map { $0.max { $0.time < $1.time }! }
            let joined = try (t.store.quotes(assets: assets, from: start, to: end) + before).sorted { a, b in
                (a.time, a.asset, a.currency, a.market.rawValue) < (b.time, b.asset, b.currency, b.market.rawValue)
            }
            #expect(
                walked.sorted { a, b in
                    (a.time, a.asset, a.currency, a.market.rawValue) < (b.time, b.asset, b.currency, b.market.rawValue)
                } == joined,
                "\(from)…\(to)"
            )
        }
        #expect(
            try t.store.quotes(from: Day(iso: "2024-02-01")!.start, to: Day(iso: "2024-02-28")!.end).count == 28 + 14
                + 28 + 9 + 28
        )
        // From the 10th, each of the five series also gives its last quote before it.
        #expect(
            try t.store.quotes(from: Day(iso: "2024-02-10")!.start, to: Day(iso: "2024-02-28")!.end).count
                == (19 + 10 + 19 + 6 + 19) + 5
        )
        // The last quote of each of the five series, as the whole series' last element.
        let last = try t.store.lastQuoteOfEachSeries()
        let all = try t.store.quotes(assets: assets)
        let expected = Dictionary(grouping: all) { "\($0.asset)/\($0.currency)/\($0.market)" }.mapValues {
            $0.max { $0.time < $1.time }!
        }
        #expect(last.count == 5)
        for quote in last { #expect(expected["\(quote.asset)/\(quote.currency)/\(quote.market)"] == quote) }
        #expect(last.first { $0.asset == "BTC" }.map { ISOTime.format($0.time) } == "2024-02-27T00:00:00Z")
    }

    /// The series are the distinct (asset, currency, market) of the quotes, in key order: one whose quotes
    /// were all deleted is gone, though `quote_series` keeps its revision.
    @Test func theSeriesAreThoseThatHoldQuotes() throws {
        let t = try TemporaryStore()
        var text = "date,asset,currency,price,bid,ask,market,source\n"
        for day in 1...9 {
            text += "2024-03-0\(day),USD,UAH,\(39 + day),,,nbu,nbu\n2024-03-0\(day),USD,UAH,\(40 + day),,,cash,bank\n"
            text +=
                "2024-03-0\(day),BTC,USD,\(70000 + day),,,exchange,coins\n2024-03-0\(day),AAPL,USD,\(170 + day),,,exchange,stock-csv\n"
        }
        _ = try t.store.importFiles([try TestPaths.write(text, "quotes.csv", in: t.directory)], kind: .quotes)
        func distinct() throws -> [String] {
            try t.store.read { db in
                try Row.fetchAll(db, sql: "SELECT DISTINCT asset_id, currency_id, market FROM quote ORDER BY 1, 2, 3")
                    .map { "\($0[0] as Int64)/\($0[1] as Int64)/\($0[2] as String)" }
            }
        }
        func series() throws -> [String] {
            try t.store.read { try Store.quoteSeries($0) }.map { "\($0.assetID)/\($0.currencyID)/\($0.marketName)" }
        }
        #expect(try series().count == 4)
        #expect(try series() == distinct())
        try t.store.write { try $0.execute(sql: "DELETE FROM quote WHERE market = 'cash'") }
        #expect(try t.store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote_series") } == 4)
        #expect(try series().count == 3)
        #expect(try series() == distinct())
        #expect(try t.store.lastQuoteOfEachSeries().count == 3)
    }
}
