import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

@Suite struct CSVImportTests {
    @Test func quotesWithBidAskOffsetsAndDuplicates() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            """
            date,asset,currency,price,bid,ask,market,source
            2024-03-01,usd,UAH,38.05,37.9,38.2,cash,privatbank
            2024-03-01T12:00:00+02:00,USD,UAH,38.10,,,card,monobank
            "2024-03-02",EUR,UAH,"41,0",,,nbu,manual
            2024-03-01,USD,UAH,38.05,37.9,38.2,cash,privatbank
            """.replacingOccurrences(of: "\"41,0\"", with: "41.0"),
            "quotes.csv",
            in: t.directory
        )
        let summary = try t.store.importFiles([file], kind: .quotes)[0]
        #expect((summary.read, summary.inserted, summary.duplicates) == (4, 3, 1))
        let usd = try t.store.quotes(asset: "USD")
        #expect(usd.count == 2)
        let cash = try #require(usd.first { $0.market == .cash })
        #expect((cash.price, cash.bid, cash.ask, cash.source) == (38.05, 37.9, 38.2, "privatbank"))
        let card = try #require(usd.first { $0.market == .card })
        #expect(ISOTime.format(card.time) == "2024-03-01T10:00:00Z")
        #expect(card.bid == nil && card.ask == nil)
    }

    @Test(arguments: [
        (
            "date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38,nbu,x\n2024-03-02,USD,UAH,abc,nbu,x\n",
            ":3: price: found \"abc\", expected a number such as 12.5"
        ),
        (
            "date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38,nbu,x\n2024-02-30,USD,UAH,38,nbu,x\n",
            ":3: date: found \"2024-02-30\", expected an ISO 8601 date"
        ),
        (
            "date,asset,currency,price,market,source\n2024-03-01,US D,UAH,38,nbu,x\n",
            ":2: asset: found \"US D\", expected an asset code"
        ),
        (
            "date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38,N B U,x\n",
            ":2: market: found \"N B U\", expected a market"
        ),
        (
            "date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38\n",
            ":2: found 4 fields, expected 6 as in the header"
        ),
        (
            "date,asset,price,market,source\n2024-03-01,USD,38,nbu,x\n",
            ":1: header: no \"currency\" or \"quote currency\" or \"quotecurrency\" column"
        ),
        (
            "date,asset,currency,price,market,source\n2024-03-01,USD,UAH,38,nbu,\"x\n",
            ":2: a quoted field is not closed"
        ),
        ("", ":1: the file is empty, expected a header row"),
    ])
    func badQuotesAreRejectedWithFileLineAndField(_ text: String, _ expected: String) throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(text, "quotes.csv", in: t.directory)
        #expect {
            _ = try t.store.importFiles([file], kind: .quotes)
        } throws: { error in
            "\(error)".hasPrefix(file.path + expected)
        }
        #expect(try t.count("quote") == 0)
        #expect(try t.count("asset") == 0)
    }

    @Test func stockHistoryFromTheRealFile() throws {
        let t = try TemporaryStore()
        let file = TestPaths.sample("stocks/AAPL_data.csv")
        let summary = try t.store.importFiles([file], kind: .stockCSV)[0]
        #expect((summary.read, summary.inserted) == (1259, 1259))
        let quotes = try t.store.quotes(asset: "AAPL", currency: "USD", market: .exchange)
        #expect(quotes.count == 1259)
        #expect(Day(quotes[0].time).iso == "2013-02-08" && quotes[0].price == 67.8542)
        #expect(Day(quotes.last!.time).iso == "2018-02-07" && quotes.last!.price == 159.54)
        #expect(try t.store.assets().first { $0.code == "AAPL" }?.kind == .stock)
        #expect(try t.store.importFiles([file], kind: .stockCSV)[0].duplicates == 1259)
    }

    @Test func stockHistoryWithoutANameColumnTakesTheAssetOption() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            "Date,Open,High,Low,Close,Volume\n2024-01-02,1,2,0.5,1.5,100\n",
            "spy.csv",
            in: t.directory
        )
        #expect { _ = try t.store.importFiles([file], kind: .stockCSV) } throws: {
            "\($0)".contains("header: no Name column")
        }
        _ = try t.store.importFiles([file], kind: .stockCSV, options: ImportOptions(asset: "SPY"))
        #expect(try t.store.quotes(asset: "SPY").map(\.price) == [1.5])
    }

    /// An import of trades or transactions given no portfolio (by a caller other than `folio import`,
    /// which refuses it before the database is opened) is refused by its importer before a line is read,
    /// naming the option, and writes nothing: no portfolio, no trade, no transaction.
    @Test func anImportIntoNoPortfolioIsRefusedAndWritesNothing() throws {
        let t = try TemporaryStore()
        let trades = "time,side,asset,quantity,price,price_currency\n2024-01-02,buy,AAPL,1,185.5,USD\n"
        for kind in ImportKind.allCases where kind.needsPortfolio {
            let refusal = "--portfolio: import \(kind.rawValue) needs the portfolio to import into"
            #expect(t.refusal(trades, as: kind) == refusal)
        }
        #expect(try t.count("portfolio") == 0 && t.count("trade") == 0 && t.count("cash_transaction") == 0)
    }

    @Test func tradesWithoutIdsKeepIdenticalRowsOnceEach() throws {
        let t = try TemporaryStore()
        let portfolio = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        let file = try TestPaths.write(
            """
            time,side,asset,quantity,price,price_currency
            2024-01-02T10:00:00Z,buy,AAPL,5,120,USD
            2024-01-02T10:00:00Z,buy,AAPL,5,120,USD
            2024-01-03T10:00:00Z,sell,AAPL,2,130,USD
            """,
            "trades.csv",
            in: t.directory
        )
        let options = ImportOptions(portfolio: "P")
        #expect(try t.store.importFiles([file], kind: .trades, options: options)[0].inserted == 3)
        #expect(try t.store.importFiles([file], kind: .trades, options: options)[0].duplicates == 3)
        let trades = try t.store.trades(portfolio: portfolio)
        #expect(trades.map(\.quantity) == [5, 5, 2])
        #expect(trades.allSatisfy { $0.fee == 0 && $0.feeCurrency == "USD" && $0.externalID == nil })
    }

    @Test func tradesWithIdsAndFees() throws {
        let t = try TemporaryStore()
        let portfolio = try t.store.addPortfolio(name: "P", baseCurrency: "UAH")
        let file = try TestPaths.write(
            """
            Time,Side,Asset,Quantity,Price,Price currency,Fee,Fee currency,ID
            2024-01-02T10:00:00Z,BUY,btc,0.5,42000,USD,0.0001,BTC,x-1
            2024-01-02T10:00:00Z,Sell,btc,0.1,43000,USD,,,x-2
            """,
            "trades.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([file], kind: .trades, options: ImportOptions(portfolio: "P"))
        let trades = try t.store.trades(portfolio: portfolio)
        #expect(trades.map(\.externalID) == ["x-1", "x-2"])
        #expect(trades[0].feeCurrency == "BTC" && trades[0].fee == 0.0001)
        #expect(trades[1].side == .sell && trades[1].feeCurrency == "USD")
        let bad = try TestPaths.write(
            "time,side,asset,quantity,price,price_currency\n2024-01-02,buy,AAPL,-5,120,USD\n",
            "bad.csv",
            in: t.directory
        )
        #expect {
            _ = try t.store.importFiles([bad], kind: .trades, options: ImportOptions(portfolio: "P"))
        } throws: { "\($0)" == bad.path + ":2: quantity: found \"-5\", expected a number above zero" }
    }

    @Test func cashTransactionsWithStatuses() throws {
        let t = try TemporaryStore()
        let portfolio = try t.store.addPortfolio(name: "P", baseCurrency: "UAH")
        let file = try TestPaths.write(
            """
            time,type,currency,amount,fee,status,id
            2024-01-02T09:00:00Z,deposit,UAH,100000,0,completed,c1
            2024-01-05T09:00:00Z,withdraw,USD,200,1.5,failed,c2
            2024-01-06T09:00:00Z,withdrawal,USD,200,1.5,,c3
            """,
            "cash.csv",
            in: t.directory
        )
        _ = try t.store.importFiles([file], kind: .transactions, options: ImportOptions(portfolio: "P"))
        let cash = try t.store.cashTransactions(portfolio: portfolio)
        #expect(cash.map(\.status) == [.completed, .failed, .completed])
        #expect(cash.map(\.kind) == [.deposit, .withdrawal, .withdrawal])
        #expect(cash[1].fee == 1.5)
    }

    @Test func budgetWithUkrainianCategories() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            """
            date,type,category,amount,currency,note
            2026-01-05,income,Зарплатня,45000,UAH,зарплата
            2026-01-06,expense,Спорт,1200,UAH,"абонемент, січень"
            2026-01-06,expense,Спорт,1200,UAH,"абонемент, січень"
            2026-01-07,витрата,Продукти,845.50,UAH,
            """,
            "budget.csv",
            in: t.directory
        )
        #expect(try t.store.importFiles([file], kind: .budget)[0].inserted == 4)
        #expect(try t.store.importFiles([file], kind: .budget)[0].duplicates == 4)
        let entries = try t.store.budgetEntries()
        #expect(entries.map(\.category) == ["Зарплатня", "Спорт", "Спорт", "Продукти"])
        #expect(entries[1].note == "абонемент, січень")
        #expect(entries[3].kind == .expense && entries[3].amount == 845.5)
        #expect(try t.store.budgetEntries(from: Day(iso: "2026-01-06"), to: Day(iso: "2026-01-06")).count == 2)
        #expect(try t.count("budget_category") == 3)
    }

    @Test func theSampleDataSetImports() throws {
        let t = try TemporaryStore()
        let samples = TestPaths.projectRoot.appendingPathComponent("samples")
        let budget = try t.store.importFiles([samples.appendingPathComponent("budget-uah.csv")], kind: .budget)[0]
        #expect(budget.inserted > 100)
        let months = try t.store.info().budgetMonths
        #expect(months.count >= 12)
        let categories = try t.store.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM budget_category WHERE kind = 'income' ORDER BY name")
        }
        #expect(Set(categories) == ["Зарплатня", "Подарунки", "Депозит", "Крипто", "Інший дохід"])
        let expenses = try t.count("budget_category", where: "kind = 'expense'")
        #expect(expenses == 10)
    }
}
