import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// Correcting stored data: an import that meets a stored key with other values, and list/remove.
@Suite struct CorrectionTests {
    static let quotes = """
        date,asset,currency,price,bid,ask,market,source
        2024-03-01,USD,UAH,38,37.9,38.2,cash,pb
        2024-03-02,USD,UAH,13,,,nbu,manual
        2024-03-03,USD,UAH,14,,,nbu,manual
        2024-03-04,USD,UAH,15,,,nbu,manual
        2024-03-05,USD,UAH,16,,,nbu,manual

        """

    @Test func aQuoteThatDiffersIsNamedWithFileAndLineAndKept() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(Self.quotes, "prices.csv", in: t.directory)
        _ = try t.store.importFiles([file], kind: .quotes)
        try Self.quotes.replacingOccurrences(of: ",13,", with: ",12,").write(
            to: file,
            atomically: true,
            encoding: .utf8
        )
        let summary = try t.store.importFiles([file], kind: .quotes)[0]
        #expect(summary.differenceLines == ["\(file.path):3: price 12 differs from the stored 13"])
        #expect(
            summary.lines == [
                "\(file.path): read 5, inserted 0, skipped 4 as duplicates, kept 1 stored row that differs (--replace updates it)"
            ]
        )
        #expect(try t.store.quotes(asset: "USD", market: .nbu).map(\.price) == [13, 14, 15, 16])
    }

    @Test func replaceUpdatesTheStoredQuoteAndCountsIt() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(Self.quotes, "prices.csv", in: t.directory)
        _ = try t.store.importFiles([file], kind: .quotes)
        try Self.quotes.replacingOccurrences(of: ",13,", with: ",12,").replacingOccurrences(
            of: "37.9,38.2,cash,pb",
            with: ",38.2,cash,bank"
        )
        .write(to: file, atomically: true, encoding: .utf8)
        let summary = try t.store.importFiles([file], kind: .quotes, options: ImportOptions(replace: true))[0]
        #expect(summary.lines == ["\(file.path): read 5, inserted 0, updated 2, skipped 3 as duplicates"])
        #expect(
            summary.differenceLines == [
                "\(file.path):2: bid none replaced the stored 37.9, source bank replaced the stored pb",
                "\(file.path):3: price 12 replaced the stored 13",
            ]
        )
        #expect(try t.store.quotes(asset: "USD", market: .nbu).map(\.price) == [12, 14, 15, 16])
        let cash = try #require(try t.store.quotes(asset: "USD", market: .cash).first)
        #expect(cash.bid == nil && cash.ask == 38.2 && cash.source == "bank")
        // Imported again, the corrected file is all duplicates.
        let again = try t.store.importFiles([file], kind: .quotes, options: ImportOptions(replace: true))[0]
        #expect((again.inserted, again.updated, again.duplicates, again.differing) == (0, 0, 5, 0))
    }

    @Test func identicalRowsStayDuplicatesInEveryKind() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        let files = [
            (ImportKind.quotes, Self.quotes),
            (
                .trades,
                "time,side,asset,quantity,price,price_currency,id\n2024-03-01,buy,BTC,1,60000,USD,t1\n2024-03-02,buy,ETH,2,3000,USD,\n"
            ),
            (
                .transactions,
                "time,type,currency,amount,id\n2024-03-01,deposit,USD,1000,c1\n2024-03-02,deposit,USD,5,\n"
            ),
            (.stockCSV, "date,open,high,low,close,volume,Name\n2024-03-01,1,2,0.5,1.5,100,AAPL\n"),
        ]
        for (kind, text) in files {
            let file = try TestPaths.write(text, "\(kind.rawValue).csv", in: t.directory)
            let options = ImportOptions(portfolio: "P", replace: true)
            let first = try t.store.importFiles([file], kind: kind, options: options)[0]
            let second = try t.store.importFiles([file], kind: kind, options: options)[0]
            #expect(second.duplicates == first.read && second.updated == 0 && second.differences.isEmpty, "\(kind)")
        }
    }

    @Test func aTradeOrTransactionWithTheSameIdAndOtherFieldsDiffersAndIsReplaced() throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        let trades = try TestPaths.write(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency,id\n2024-03-01,buy,BTC,0.5,60000,USD,1,USD,t1\n",
            "trades.csv",
            in: t.directory
        )
        let cash = try TestPaths.write(
            "time,type,currency,amount,fee,status,id\n2024-03-01,deposit,USD,1000,0,completed,c1\n",
            "cash.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([trades], kind: .trades, options: ImportOptions(portfolio: "P"))
        _ = try t.store.importFiles([cash], kind: .transactions, options: ImportOptions(portfolio: "P"))
        try
            "time,side,asset,quantity,price,price_currency,fee,fee_currency,id\n2024-03-02,buy,BTC,0.25,60000,USD,1,USDT,t1\n"
            .write(to: trades, atomically: true, encoding: .utf8)
        try "time,type,currency,amount,fee,status,id\n2024-03-01,deposit,USD,1500,0,pending,c1\n".write(
            to: cash,
            atomically: true,
            encoding: .utf8
        )

        let kept = try t.store.importFiles([trades], kind: .trades, options: ImportOptions(portfolio: "P"))[0]
        #expect(
            kept.differenceLines == [
                "\(trades.path):2: time 2024-03-02T00:00:00Z differs from the stored 2024-03-01T00:00:00Z, quantity 0.25 differs from the stored 0.5, fee_currency USDT differs from the stored USD"
            ]
        )
        #expect(try t.store.trades(matching: RecordFilter()).map(\.trade.quantity) == [0.5])
        let keptCash = try t.store.importFiles([cash], kind: .transactions, options: ImportOptions(portfolio: "P"))[0]
        #expect(
            keptCash.differenceLines == [
                "\(cash.path):2: amount 1500 differs from the stored 1000, status pending differs from the stored completed"
            ]
        )

        let replaced = try t.store.importFiles(
            [trades],
            kind: .trades,
            options: ImportOptions(portfolio: "P", replace: true)
        )[0]
        #expect((replaced.updated, replaced.inserted) == (1, 0))
        let trade = try #require(try t.store.trades(matching: RecordFilter()).first?.trade)
        #expect((trade.quantity, trade.feeCurrency, Day(trade.time).iso) == (0.25, "USDT", "2024-03-02"))
        _ = try t.store.importFiles([cash], kind: .transactions, options: ImportOptions(portfolio: "P", replace: true))
        let transaction = try #require(try t.store.cashTransactions(matching: RecordFilter()).first?.transaction)
        #expect((transaction.amount, transaction.status) == (1500, .pending))
    }

    @Test func aDifferingNBURateIsNamedByItsPlaceInTheArray() throws {
        let t = try TemporaryStore()
        let body = #"[{"r030":840,"txt":"Долар США","rate":29.2549,"cc":"USD","exchangedate":"24.02.2022"}]"#
        let file = try TestPaths.write(body, "nbu.json", in: t.directory)
        _ = try t.store.importFiles([file], kind: .nbuJSON)
        try body.replacingOccurrences(of: "29.2549", with: "29.25").write(to: file, atomically: true, encoding: .utf8)
        #expect(
            try t.store.importFiles([file], kind: .nbuJSON)[0].differenceLines == [
                "\(file.path): [0]: price 29.25 differs from the stored 29.2549"
            ]
        )
    }

    @Test func manyDifferencesAreShownUpToALimitThenCounted() throws {
        let t = try TemporaryStore()
        let rows = (1...25).map { "2024-01-\(String(format: "%02d", $0)),USD,UAH,\($0),nbu,x" }
        let file = try TestPaths.write(
            "date,asset,currency,price,market,source\n" + rows.joined(separator: "\n"),
            "q.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([file], kind: .quotes)
        try
            ("date,asset,currency,price,market,source\n"
            + rows.map { $0.replacingOccurrences(of: ",nbu,x", with: "0,nbu,x") }.joined(separator: "\n"))
            .write(to: file, atomically: true, encoding: .utf8)
        let summary = try t.store.importFiles([file], kind: .quotes)[0]
        #expect(summary.differing == 25)
        #expect(summary.differenceLines.count == ImportSummary.differencesShown + 1)
        #expect(summary.differenceLines.last == "\(file.path): and 5 more rows differ")
    }
}
