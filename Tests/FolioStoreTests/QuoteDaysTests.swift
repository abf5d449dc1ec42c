import FolioCore
import FolioTestSupport
import Foundation
import GRDB
import Testing

@testable import FolioImport
@testable import FolioStore

/// `quote_day` is kept by triggers; whatever writes the quotes, it must equal what grouping the quotes
/// by day gives.
@Suite struct QuoteDaysTests {
    /// Each series' days of several quotes grouped from the quotes themselves: the independent computation.
    private static let grouped = """
        SELECT q.asset_id, q.currency_id, q.market, d.day_ms, d.quotes, q.time_ms, q.price, q.bid, q.ask, q.source
        FROM (SELECT asset_id, currency_id, market, \(QuoteDays.dayStart("time_ms")) AS day_ms, MAX(time_ms) AS close_ms, COUNT(*) AS quotes
              FROM quote WHERE price > 0 GROUP BY 1, 2, 3, 4 HAVING COUNT(*) > 1) d
        JOIN quote q ON q.asset_id = d.asset_id AND q.currency_id = d.currency_id AND q.market = d.market AND q.time_ms = d.close_ms
        ORDER BY 1, 2, 3, 4
        """
    private static let kept = """
        SELECT asset_id, currency_id, market, day_ms, quotes, time_ms, price, bid, ask, source FROM quote_day ORDER BY 1, 2, 3, 4
        """

    private func expectAgreement(_ store: Store, _ context: String) throws {
        let (grouped, kept, unrevised) = try store.read { db in
            (
                try Row.fetchAll(db, sql: Self.grouped).map { Array($0.databaseValues) },
                try Row.fetchAll(db, sql: Self.kept).map { Array($0.databaseValues) },
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM (SELECT DISTINCT asset_id, currency_id, market FROM quote) q
                        WHERE NOT EXISTS (SELECT 1 FROM quote_series s WHERE s.asset_id = q.asset_id AND s.currency_id = q.currency_id AND s.market = q.market)
                        """
                )
            )
        }
        #expect(grouped == kept, "\(context)")
        #expect(unrevised == 0, "every series has a revision: \(context)")
    }

    /// Random inserts, deletes and updates (of price, ask and source, including prices to and from ≤ 0;
    /// of time across days and before 1970; of market), in many transactions, checked after each.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64]) func triggersAgreeWithGroupingAfterRandomWrites(seed: UInt64) throws {
        let t = try TemporaryStore()
        _ = try t.store.importFiles(
            [
                try TestPaths.write(
                    "date,asset,currency,price,market,source\n2024-01-01,AAPL,USD,1,exchange,t\n2024-01-01,BTC,USD,1,exchange,t\n",
                    "seed.csv",
                    in: t.directory
                )
            ],
            kind: .quotes
        )
        var random = SplitMix64(seed: seed)
        let hour: Int64 = 3_600_000
        for round in 0..<40 {
            try t.store.write { db in
                let ids = try Int64.fetchAll(
                    db,
                    sql: "SELECT id FROM asset WHERE code IN ('AAPL', 'BTC', 'USD') ORDER BY code"
                )
                for _ in 0..<25 {
                    // Times on a few days around 1970 and 2024, a few hours apart, so that days collect
                    // several quotes and the floor of a negative time is exercised.
                    let base: Int64 = random.next(below: 2) == 0 ? 0 : 1_704_067_200_000
                    let time = base + Int64(random.next(below: 91) - 30) * hour
                    let asset = ids[random.next(below: 2)]
                    let currency = ids[2]
                    let market = ["exchange", "cash"][random.next(below: 2)]
                    let price = [-1.0, 0, 5, 10, 20][random.next(below: 5)]
                    switch random.next(below: 10) {
                    case 0..<5:
                        try db.execute(
                            sql: "INSERT OR IGNORE INTO quote VALUES (?, ?, ?, ?, ?, ?, NULL, ?)",
                            arguments: [asset, currency, market, time, price, price - 1, "s\(round)"]
                        )
                    case 5..<7:
                        try db.execute(
                            sql: """
                                DELETE FROM quote WHERE asset_id = ? AND market = ? AND time_ms = (
                                    SELECT MAX(time_ms) FROM quote WHERE asset_id = ? AND market = ? AND time_ms <= ?)
                                """,
                            arguments: [asset, market, asset, market, time]
                        )
                    case 7..<9:
                        try db.execute(
                            sql: """
                                UPDATE OR IGNORE quote SET price = ?, ask = ?, source = ? WHERE asset_id = ? AND market = ? AND time_ms = (
                                    SELECT MAX(time_ms) FROM quote WHERE asset_id = ? AND market = ? AND time_ms <= ?)
                                """,
                            arguments: [price, price + 1, "u\(round)", asset, market, asset, market, time]
                        )
                    default:
                        try db.execute(
                            sql: """
                                UPDATE OR IGNORE quote SET time_ms = time_ms + ?, market = ? WHERE asset_id = ? AND time_ms = (
                                    SELECT MAX(time_ms) FROM quote WHERE asset_id = ? AND time_ms <= ?)
                                """,
                            arguments: [Int64(random.next(below: 61) - 30) * hour, market, asset, asset, time]
                        )
                    }
                }
            }
            try expectAgreement(t.store, "seed \(seed), round \(round)")
        }
    }

    /// The paths users take: import, a correction with `--replace`, and `folio quotes remove`.
    @Test func importReplaceAndRemoveKeepTheDays() throws {
        let t = try TemporaryStore()
        let first = try TestPaths.write(
            """
            time,asset,currency,price,market,source
            2024-03-01T09:00:00Z,AAPL,USD,170,exchange,t
            2024-03-01T15:00:00Z,AAPL,USD,171,exchange,t
            2024-03-02T15:00:00Z,AAPL,USD,172,exchange,t
            """,
            "a.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([first], kind: .quotes)
        try expectAgreement(t.store, "after the import")
        let correction = try TestPaths.write(
            "time,asset,currency,price,market,source\n2024-03-01T15:00:00Z,AAPL,USD,175,exchange,t\n",
            "b.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([correction], kind: .quotes, options: ImportOptions(replace: true))
        try expectAgreement(t.store, "after --replace")
        let closes = try t.store.valuationQuotes(assets: nil, at: [])
        #expect(closes.map(\.price) == [175, 172])
        _ = try t.store.removeQuotes(
            matching: RecordFilter(assets: [AssetCode("AAPL")], from: Day(iso: "2024-03-02")),
            dryRun: false
        )
        try expectAgreement(t.store, "after remove")
        #expect(try t.store.valuationQuotes(assets: nil, at: []).map(\.price) == [175])
    }

    /// An import counts the days it wrote once, at its end, with the trigger stopped meanwhile: days it
    /// adds to, days it corrects and days it opens agree with the quotes, the series' revision goes up,
    /// and the trigger is there again for the next writer, also after a failed import.
    @Test func anImportCountsItsDaysOnceAndLeavesTheTriggerInPlace() throws {
        let t = try TemporaryStore()
        try t.importText(
            "date,asset,currency,price,market,source\n2024-03-01,BTC,USD,60000,exchange,x\n2024-03-02,BTC,USD,61000,exchange,x\n",
            as: .quotes
        )
        func revision() throws -> Int? {
            try t.store.read { try Int.fetchOne($0, sql: "SELECT revision FROM quote_series") }
        }
        let before = try revision()
        _ = try t.store.importFiles(
            [
                try TestPaths.write(
                    """
                    time,asset,currency,price,market,source
                    2024-03-01T12:00:00Z,BTC,USD,60100,exchange,x
                    2024-03-02T00:00:00Z,BTC,USD,61500,exchange,x
                    2024-03-03T12:00:00Z,BTC,USD,62000,exchange,x
                    """,
                    "more.csv",
                    in: t.directory
                )
            ],
            kind: .quotes,
            options: ImportOptions(replace: true)
        )
        try expectAgreement(t.store, "after the second import")
        #expect(
            try t.store.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote_day") } == 1,
            "the 1st has two quotes"
        )
        #expect(try revision()! > before!, "the series' revision goes up")
        let bad = try TestPaths.write(
            "date,asset,currency,price,market,source\n2024-03-04,BTC,USD,63000,exchange,x\n2024-03-05,BTC,USD,oops,exchange,x\n",
            "bad.csv",
            in: t.directory
        )
        #expect(throws: (any Error).self) { try t.store.importFiles([bad], kind: .quotes) }
        let triggers = try t.store.read {
            try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
        #expect(
            triggers == ["quote_day_after_delete", "quote_day_after_insert", "quote_day_after_update"],
            "every trigger is back"
        )
        try t.store.write { db in
            try db.execute(
                sql:
                    "INSERT INTO quote SELECT asset_id, currency_id, market, time_ms + 3600000, 1, NULL, NULL, 'sql' FROM quote"
            )
        }
        try expectAgreement(t.store, "after a write by SQL")
    }

    /// Imports count the days they fill as the rows go by and the others from the table: files of hourly
    /// quotes in time order, shuffled, overlapping what is stored, of two series at once, agree.
    @Test(arguments: [7, 8, 9] as [UInt64]) func importsOfAnyOrderAgreeWithGrouping(seed: UInt64) throws {
        let t = try TemporaryStore()
        var random = SplitMix64(seed: seed)
        for file in 0..<4 {
            var rows: [String] = []
            for _ in 0..<60 {
                let hour = random.next(below: 24 * 6)
                let time = String(format: "2024-03-%02dT%02d:00:00Z", 1 + hour / 24, hour % 24)
                rows.append(
                    "\(time),\(["BTC", "ETH"][random.next(below: 2)]),USD,\(100 + random.next(below: 50)),exchange,f\(file)"
                )
            }
            if file % 2 == 0 { rows.sort() }
            _ = try t.store.importFiles(
                [
                    try TestPaths.write(
                        "time,asset,currency,price,market,source\n" + rows.joined(separator: "\n") + "\n",
                        "f\(file).csv",
                        in: t.directory
                    )
                ],
                kind: .quotes,
                options: ImportOptions(replace: file == 3)
            )
            try expectAgreement(t.store, "seed \(seed), file \(file)")
        }
        // `folio quotes remove` of days in the middle counts the days again once, not per quote.
        let revisions = try t.store.read {
            try Int64.fetchAll($0, sql: "SELECT revision FROM quote_series ORDER BY asset_id, currency_id, market")
        }
        _ = try t.store.removeQuotes(
            matching: RecordFilter(assets: ["BTC"], from: Day(iso: "2024-03-02"), to: Day(iso: "2024-03-04")),
            dryRun: false
        )
        try expectAgreement(t.store, "seed \(seed), after remove")
        // Some quotes of days that keep others.
        try t.store.write { db in try QuoteDays.deleteQuotes(db, where: "WHERE price > 130", arguments: []) }
        try expectAgreement(t.store, "seed \(seed), after deleting high prices")
        #expect(
            try t.store.read {
                try Int64.fetchAll($0, sql: "SELECT revision FROM quote_series ORDER BY asset_id, currency_id, market")
            } != revisions
        )
        let triggers = try t.store.read {
            try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
        }
        #expect(
            triggers == ["quote_day_after_delete", "quote_day_after_insert", "quote_day_after_update"],
            "every trigger is back"
        )
    }

    /// Two databases made from the same file give their series other revisions, so that a batch's
    /// fingerprints do not take a database made again from corrected files for the one before.
    @Test func aDatabaseMadeAgainStartsOtherRevisions() throws {
        let file = "date,asset,currency,price,market,source\n2024-03-01,BTC,USD,60000,exchange,x\n"
        let first = try TemporaryStore()
        let second = try TemporaryStore()
        try first.importText(file, as: .quotes)
        try second.importText(file, as: .quotes)
        let revision = "SELECT revision FROM quote_series"
        #expect(
            try first.store.read { try Int64.fetchOne($0, sql: revision) }
                != second.store.read { try Int64.fetchOne($0, sql: revision) }
        )
    }

    /// Moments before a chart's first day are looked up one by one or walked to: the same quotes.
    @Test func lookedUpAndWalkedMomentsGiveTheSameQuotes() throws {
        let t = try TemporaryStore()
        var random = SplitMix64(seed: 21)
        var rows = ["time,asset,currency,price,market,source"]
        for day in 1...28 where day % 7 != 3 {
            for hour in [9, 13, 17].prefix(1 + random.next(below: 3)) {
                rows.append(
                    String(
                        format: "2024-02-%02dT%02d:00:00Z,AAPL,USD,%d,exchange,x",
                        day,
                        hour,
                        100 + random.next(below: 20)
                    )
                )
            }
            rows.append(String(format: "2024-02-%02d,USD,UAH,%d,nbu,nbu", day, 38 + random.next(below: 3)))
        }
        try t.importText(rows.joined(separator: "\n") + "\n", as: .quotes)
        let moments = (0..<40).map { _ in
            Date(timeIntervalSince1970: 1_706_745_600 + Double(random.next(below: 30 * 86_400)))
        }
        for first in ["2024-02-05", "2024-02-17", "2024-02-27", "2024-03-10"] {
            let start = try #require(Day(iso: first)).start
            func keyed(_ quotes: [Quote]) -> Set<String> {
                Set(quotes.map { "\($0.asset) \($0.market) \($0.time) \($0.price)" })
            }
            let looked = try t.store.valuationQuotes(assets: nil, at: moments, from: start)
            let walked = try t.store.valuationQuotes(assets: nil, at: moments, from: start, lookingUpAtMost: 0)
            #expect(keyed(looked) == keyed(walked), "from \(first)")
            #expect(looked.count == walked.count)
        }
    }

    /// A database written before the table existed gets it filled from its quotes when `folio init`
    /// upgrades it.
    @Test func theUpgradeFillsTheTableFromTheQuotes() throws {
        let t = try TemporaryStore()
        _ = try t.store.importFiles(
            [
                try TestPaths.write(
                    """
                    time,asset,currency,price,market,source
                    2024-03-01T09:00:00Z,AAPL,USD,170,exchange,t
                    2024-03-01T15:00:00Z,AAPL,USD,171,exchange,t
                    """,
                    "a.csv",
                    in: t.directory
                )
            ],
            kind: .quotes
        )
        // A time before 1970, which no import takes any more (DateBounds) but an older database may hold:
        // its day is the one before 1970-01-01, not day 0.
        try t.insertUncheckedQuote(
            "AAPL",
            in: "USD",
            market: .exchange,
            milliseconds: -3_600_000,
            price: 1,
            source: "t"
        )
        try t.store.write { db in
            try db.execute(
                sql: """
                    DROP TABLE quote_day; DROP TABLE quote_series;
                    DROP TRIGGER quote_day_after_insert; DROP TRIGGER quote_day_after_delete; DROP TRIGGER quote_day_after_update
                    """
            )
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v4-daily-closes'")
        }
        let upgraded = try Store(path: t.store.path, access: .create)
        try expectAgreement(upgraded, "after the upgrade")
        #expect(try upgraded.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote_day") } == 1)
        #expect(try upgraded.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM quote_series") } == 1)
    }
}
