import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// `Store.trades|cashTransactions|quotes(matching:)` and their removals, on a real SQLite file.
@Suite struct RecordRemovalTests {
    /// Two portfolios with the same three trades and two deposits; USD/UAH and BTC/USD quotes.
    static func filled() throws -> TemporaryStore {
        let t = try TemporaryStore()
        for name in ["P", "Q"] {
            _ = try t.store.addPortfolio(name: name, baseCurrency: "USD")
            try t.importText(
                """
                time,side,asset,quantity,price,price_currency,id
                2024-03-01,buy,BTC,0.5,60000,USD,t1
                2024-03-02,sell,BTC,0.1,61000,USD,t2
                2024-03-03,buy,ETH,2,3000,USD,

                """,
                as: .trades,
                portfolio: name
            )
            try t.importText(
                "time,type,currency,amount,id\n2024-02-28,deposit,USD,40000,c1\n2024-03-05,deposit,EUR,100,\n",
                as: .transactions,
                portfolio: name
            )
        }
        try t.importText(
            """
            date,asset,currency,price,market,source
            2024-03-01,BTC,USD,60000,exchange,x
            2024-03-02,BTC,USD,61000,exchange,x
            2024-03-03,BTC,USD,62000,exchange,x
            2024-03-01,ETH,USD,3000,exchange,x
            2024-03-01,USD,UAH,38,nbu,x
            2024-03-02,USD,UAH,39,nbu,x
            2024-03-02,USD,UAH,39.5,cash,x

            """,
            as: .quotes
        )
        return t
    }

    @Test func listsFilterByPortfolioAssetDaysMarketAndCurrency() throws {
        let t = try Self.filled()
        #expect(try t.store.trades(matching: RecordFilter()).count == 6)
        let p = try t.store.trades(matching: RecordFilter(portfolio: "P", assets: ["BTC"]))
        #expect(p.map(\.portfolio) == ["P", "P"] && p.map(\.trade.externalID) == ["t1", "t2"])
        #expect(
            try t.store.trades(matching: RecordFilter(from: Day(iso: "2024-03-02"), to: Day(iso: "2024-03-02"))).count
                == 2
        )
        #expect(try t.store.trades(matching: RecordFilter(ids: [1, 3])).map(\.trade.id) == [1, 3])
        #expect(
            try t.store.cashTransactions(matching: RecordFilter(portfolio: "Q", assets: ["EUR"])).map(
                \.transaction.amount
            ) == [100]
        )
        #expect(try t.store.quotes(matching: RecordFilter(assets: ["USD"], market: .nbu)).map(\.price) == [38, 39])
        #expect(
            try t.store.quotes(matching: RecordFilter(from: Day(iso: "2024-03-02"), currency: "USD")).map(\.price) == [
                61000, 62000,
            ]
        )
        #expect(throws: StoreError.unknownPortfolio("Z")) { try t.store.trades(matching: RecordFilter(portfolio: "Z")) }
    }

    @Test func removesByIdInOneTransaction() throws {
        let t = try Self.filled()
        let removed = try t.store.removeTrades(matching: RecordFilter(ids: [1, 2]), dryRun: false)
        #expect(removed.map(\.trade.id) == [1, 2])
        #expect(try t.count("trade") == 4 && t.count("trade", where: "id IN (1, 2)") == 0)
    }

    @Test func removesByFilterAndADryRunChangesNothing() throws {
        let t = try Self.filled()
        let filter = RecordFilter(portfolio: "Q", assets: ["BTC"])
        let wouldGo = try t.store.removeTrades(matching: filter, dryRun: true)
        #expect(wouldGo.map(\.trade.externalID) == ["t1", "t2"])
        #expect(try t.count("trade") == 6)
        #expect(try t.store.removeTrades(matching: filter, dryRun: false) == wouldGo)
        #expect(try t.store.trades(matching: RecordFilter(portfolio: "Q")).map(\.trade.asset) == ["ETH"])

        let cash = try t.store.removeCashTransactions(
            matching: RecordFilter(portfolio: "P", to: Day(iso: "2024-03-01")),
            dryRun: false
        )
        #expect(cash.map(\.transaction.externalID) == ["c1"])
        #expect(try t.count("cash_transaction") == 3)

        #expect(
            try t.store.removeQuotes(matching: RecordFilter(assets: ["USD"], market: .cash), dryRun: true).count == 1
        )
        #expect(try t.count("quote") == 7)
        #expect(
            try t.store.removeQuotes(matching: RecordFilter(assets: ["USD"], market: .cash), dryRun: false).map(\.price)
                == [39.5]
        )
        #expect(try t.count("quote") == 6)
    }

    @Test func anUnknownIdNothingToRemoveAndNoFilterAreErrorsThatChangeNothing() throws {
        let t = try Self.filled()
        #expect { try t.store.removeTrades(matching: RecordFilter(ids: [1, 99]), dryRun: false) } throws: {
            "\($0)" == "--id: no trade with id 99 (see `folio trades list`); nothing removed"
        }
        #expect { try t.store.removeTrades(matching: RecordFilter(ids: [4], portfolio: "P"), dryRun: false) } throws: {
            "\($0)"
                == "--id: no trade with id 4 among trades matching --portfolio \"P\" (see `folio trades list`); nothing removed"
        }
        #expect {
            try t.store.removeCashTransactions(matching: RecordFilter(portfolio: "P", assets: ["GBP"]), dryRun: false)
        } throws: {
            "\($0)" == "no transactions match --portfolio \"P\" --asset GBP; nothing removed"
        }
        #expect {
            try t.store.removeQuotes(
                matching: RecordFilter(assets: ["BTC"], from: Day(iso: "2025-01-01")),
                dryRun: true
            )
        } throws: {
            "\($0)" == "no quotes match --asset BTC --from 2025-01-01; nothing removed"
        }
        #expect { try t.store.removeQuotes(matching: RecordFilter(), dryRun: false) } throws: {
            "\($0)".hasPrefix("--id: give the quotes to remove")
        }
        #expect { try t.store.removeTrades(matching: RecordFilter(), dryRun: false) } throws: {
            "\($0)".hasPrefix("--id: give the trades to remove")
        }
        #expect(try (t.count("trade"), t.count("cash_transaction"), t.count("quote")) == (6, 4, 7))
    }

    @Test func thePortfolioDigestSeesEveryRemovalAndCorrection() throws {
        let t = try Self.filled()
        let p = try t.store.portfolio(named: "P")
        var seen = [try t.store.portfolioDigestLines(p)]
        func changed() throws -> Bool {
            let now = try t.store.portfolioDigestLines(p)
            defer { seen.append(now) }
            return !seen.contains(now)
        }
        _ = try t.store.removeTrades(matching: RecordFilter(portfolio: "P", assets: ["ETH"]), dryRun: true)
        #expect(try !changed(), "a dry run changes nothing")
        _ = try t.store.removeTrades(matching: RecordFilter(portfolio: "P", assets: ["ETH"]), dryRun: false)
        #expect(try changed(), "a removed trade")
        _ = try t.store.removeCashTransactions(matching: RecordFilter(portfolio: "P", assets: ["EUR"]), dryRun: false)
        #expect(try changed(), "a removed transaction")
        _ = try t.store.removeQuotes(
            matching: RecordFilter(assets: ["BTC"], from: Day(iso: "2024-03-03")),
            dryRun: false
        )
        #expect(try changed(), "a removed quote")
        // Two prices swapped: the count and the plain sum stay as they were.
        let swap = try TestPaths.write(
            """
            date,asset,currency,price,market,source
            2024-03-01,BTC,USD,61000,exchange,x
            2024-03-02,BTC,USD,60000,exchange,x
            """,
            "swap.csv",
            in: t.directory
        )
        #expect(
            try t.store.importFiles([swap], kind: .quotes, options: ImportOptions(replace: true)).map(\.updated) == [2]
        )
        #expect(try changed(), "two prices swapped")
        let bid = try TestPaths.write(
            "date,asset,currency,price,bid,market,source\n2024-03-01,BTC,USD,61000,60990,exchange,x\n",
            "bid.csv",
            in: t.directory
        )
        #expect(
            try t.store.importFiles([bid], kind: .quotes, options: ImportOptions(replace: true)).map(\.updated) == [1]
        )
        #expect(try changed(), "a bid added")
        try t.importText(
            "time,asset,currency,price,market,source\n2024-03-01T10:00:00Z,BTC,USD,60500,exchange,x\n2024-03-01T12:00:00Z,BTC,USD,60600,exchange,x\n",
            as: .quotes
        )
        #expect(try changed(), "intraday quotes added")
        // A quote that is not its day's close, corrected in place: neither the count nor the close moves.
        let intraday = try TestPaths.write(
            "time,asset,currency,price,market,source\n2024-03-01T10:00:00Z,BTC,USD,60400,exchange,x\n",
            "intraday.csv",
            in: t.directory
        )
        #expect(
            try t.store.importFiles([intraday], kind: .quotes, options: ImportOptions(replace: true)).map(\.updated)
                == [1]
        )
        #expect(try changed(), "a price inside a day corrected")
        _ = try t.store.removeTrades(matching: RecordFilter(portfolio: "Q"), dryRun: false)
        #expect(try !changed(), "another portfolio's trades")
    }
}
