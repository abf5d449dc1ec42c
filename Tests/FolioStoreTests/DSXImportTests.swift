import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

@Suite struct DSXImportTests {
    static let trades = TestPaths.sample("dsx/dsx_trades_prod.csv")
    static let transactions = TestPaths.sample("dsx/dsx_transactions_prod.csv")

    private func store() throws -> (TemporaryStore, Portfolio) {
        let t = try TemporaryStore()
        return (t, try t.store.addPortfolio(name: "DSX crypto", baseCurrency: "USD"))
    }

    @Test func importsTheRealExportsCompletely() throws {
        let (t, portfolio) = try store()
        let options = ImportOptions(portfolio: "DSX crypto")
        let tradeSummary = try t.store.importFiles([Self.trades], kind: .dsxTrades, options: options)[0]
        let cashSummary = try t.store.importFiles([Self.transactions], kind: .dsxTransactions, options: options)[0]
        #expect((tradeSummary.read, tradeSummary.inserted) == (35, 35))
        #expect((cashSummary.read, cashSummary.inserted) == (117, 117))

        let cash = try t.store.cashTransactions(portfolio: portfolio)
        #expect(cash.count == 117)
        #expect(cash.filter { $0.status == .failed }.count == 14)
        #expect(cash.filter { $0.status == .completed }.count == 103)

        // 2019-11-25 8:08:44;eosbtc;Buy;1;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094;877454884
        let trades = try t.store.trades(portfolio: portfolio)
        let eos = try #require(trades.first { $0.externalID == "37605094" })
        #expect(eos.side == .buy && eos.asset == "EOS" && eos.priceCurrency == "BTC" && eos.feeCurrency == "EOS")
        #expect(eos.quantity == 1 && eos.price == 0.0003597 && eos.fee == 0.0025)
        #expect(ISOTime.format(eos.time) == "2019-11-25T08:08:44Z")
        // 2019-09-24 7:49:22 — a one-digit hour.
        let btc = try #require(trades.first { $0.externalID == "37395805" })
        #expect(ISOTime.format(btc.time) == "2019-09-24T07:49:22Z")
        #expect(btc.quantity == 0.00020466 && btc.price == 9771.92978 && btc.fee == 0.00000051)
        #expect(trades.map(\.time) == trades.map(\.time).sorted())
    }

    @Test func reimportingAddsNothingAndTheDevSubsetIsAlreadyThere() throws {
        let (t, _) = try store()
        let options = ImportOptions(portfolio: "DSX crypto")
        _ = try t.store.importFiles([Self.trades], kind: .dsxTrades, options: options)
        _ = try t.store.importFiles([Self.transactions], kind: .dsxTransactions, options: options)
        let again = try t.store.importFiles(
            [Self.trades, TestPaths.sample("dsx/dsx_trades_dev.csv")],
            kind: .dsxTrades,
            options: options
        )
        #expect(again.map(\.inserted) == [0, 0])
        #expect(again.map(\.duplicates) == [35, 5])
        let cashAgain = try t.store.importFiles(
            [TestPaths.sample("dsx/dsx_transactions_dev.csv")],
            kind: .dsxTransactions,
            options: options
        )
        #expect(cashAgain[0].duplicates == 5)
        #expect(try t.count("trade") == 35)
        #expect(try t.count("cash_transaction") == 117)
    }

    @Test(arguments: [
        (
            "2019-11-25 8:08:44;eosbtc;Buy;1;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094",
            ":2: found 13 fields, expected 14 separated by \";\""
        ),
        (
            "2019-11-25 8:08:44;eosbtc;Hold;1;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094;1",
            ":2: side (field 3): found \"Hold\", expected one of buy, sell"
        ),
        (
            "2019-11-25 8:08:44;eosbtc;Buy;1.5.2;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094;1",
            ":2: quantity (field 4): found \"1.5.2\", expected a number such as 12,5"
        ),
        (
            "25.11.2019 8:08;eosbtc;Buy;1;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094;1",
            ":2: date (field 1): found \"25.11.2019 8:08\", expected an ISO 8601 date"
        ),
        (
            "2019-11-25 8:08:44;ethbtc;Buy;1;EOS;0,0003597;BTC;0,0003597;BTC;0,0025;EOS;Invest;37605094;1",
            ":2: instrument (field 2): found \"ethbtc\" (ETH/BTC), expected EOS/BTC"
        ),
    ])
    func badRowsAreRejectedWithTheirLineAndWriteNothing(_ badLine: String, _ expected: String) throws {
        let (t, _) = try store()
        let good =
            "2019-11-08 21:34:39;ethusd;Sell;0,01645307;ETH;186,3625;USD;3,06624;USD;0,01;USD;Trade;37550914;853672518"
        let file = try TestPaths.write(good + "\n" + badLine, "trades.csv", in: t.directory)
        #expect {
            _ = try t.store.importFiles([file], kind: .dsxTrades, options: ImportOptions(portfolio: "DSX crypto"))
        } throws: { error in
            "\(error)".hasPrefix(file.path + expected)
        }
        #expect(try t.count("trade") == 0)
        #expect(try t.count("asset") == 1)  // only the portfolio's base currency
    }

    @Test func anUnknownPortfolioIsNamed() throws {
        let t = try TemporaryStore()
        #expect(throws: StoreError.unknownPortfolio("Nope")) {
            _ = try t.store.importFiles([Self.trades], kind: .dsxTrades, options: ImportOptions(portfolio: "Nope"))
        }
    }
}
