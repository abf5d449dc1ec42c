import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// Every date an import reads is within 1970 … a day after now (`DateBounds`), a budget's within a year
/// ahead (issue 30). On 8232a12 a quote of AAPL in 9999 left `chart line --asset AAPL` with "no quotes
/// of AAPL", trades on 9999-12-31 made every report "as of 9999-12-31", and 23:59:60 was the next day.
@Suite struct ImportDateTests {
    static let outOfRange = "expected a date from 1970-01-01 to a day from now"

    @Test(arguments: [
        (
            ImportKind.quotes, "date,asset,currency,price,market,source\n9999-12-31,AAPL,USD,1,exchange,x\n",
            "in.csv:2: date: found \"9999-12-31\", \(outOfRange)"
        ),
        (
            .quotes, "date,asset,currency,price,market,source\n1969-12-31T23:00:00Z,AAPL,USD,1,exchange,x\n",
            "in.csv:2: date: found \"1969-12-31T23:00:00Z\", \(outOfRange)"
        ),
        (
            .quotes, "date,asset,currency,price,market,source\n2016-12-31T23:59:60Z,AAPL,USD,1,exchange,x\n",
            "in.csv:2: date: found \"2016-12-31T23:59:60Z\", expected an ISO 8601 date or time such as 2024-03-01 or 2024-03-01T09:30:00Z"
        ),
        (
            .stockCSV, "date,open,high,low,close,volume,Name\n9999-12-31,1,1,1,1,1,AAPL\n",
            "in.csv:2: date: found \"9999-12-31\", \(outOfRange)"
        ),
        (
            .trades, "time,side,asset,quantity,price,price_currency\n9999-12-31,buy,AAPL,1,100,USD\n",
            "in.csv:2: time: found \"9999-12-31\", \(outOfRange)"
        ),
        (
            .transactions, "time,type,currency,amount\n9999-12-31,deposit,USD,1\n",
            "in.csv:2: time: found \"9999-12-31\", \(outOfRange)"
        ),
        (
            .dsxTransactions, "9999-12-31 7:49:22;Deposit;USD;1;0;x;x;Complete;x;1;x;x;x",
            "in.csv:1: date (field 1): found \"9999-12-31 7:49:22\", \(outOfRange)"
        ),
        (
            .ibkrFlex,
            "Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,DateTime\nAAPL,BUY,1,172,USD,1,99991231;093512\n",
            "in.csv:2: DateTime: found \"99991231;093512\", \(outOfRange)"
        ),
        (
            .budget, "date,type,category,amount,currency\n9999-12-31,expense,Food,1,UAH\n",
            "in.csv:2: date: found \"9999-12-31\", expected a date from 1970-01-01 to a year from now"
        ),
    ])
    func aDateOutOfBoundsIsRefused(_ kind: ImportKind, _ text: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        #expect(t.refusal(text, as: kind, ImportOptions(portfolio: "P")) == expected)
        #expect(try t.count("quote") + t.count("trade") + t.count("cash_transaction") + t.count("budget_entry") == 0)
    }

    @Test func aMappedCSVsPatternedDateIsBoundedToo() throws {
        let t = try TemporaryStore()
        var mapping = CSVMapping()
        (mapping.columns, mapping.asset, mapping.currency) = ([.date: "Date", .price: "Price"], "ZZA", "USD")
        mapping.dateFormat = try DatePattern.parse("dd.MM.yyyy").get()
        #expect(
            t.refusal("Date,Price\n31.12.9999,1\n", as: .csv, ImportOptions(csv: mapping))
                == "in.csv:2: Date: found \"31.12.9999\", \(Self.outOfRange)"
        )
    }

    @Test func anNBUDateOutOfBoundsIsRefused() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            #"[{"r030":840,"txt":"Долар США","rate":29.25,"cc":"USD","exchangedate":"31.12.9999"}]"#,
            "nbu.json",
            in: t.directory
        )
        #expect(
            throws: ImportError(
                file: file.path,
                field: "[0].exchangedate",
                message: "found \"31.12.9999\", \(Self.outOfRange)"
            )
        ) {
            _ = try t.store.importFiles([file], kind: .nbuJSON)
        }
    }

    /// A budget lists what is planned: next month's rent is taken.
    @Test func aBudgetTakesEntriesUpToAYearAhead() throws {
        let t = try TemporaryStore()
        let next = Day(Date()).addingMonths(1).iso
        #expect(t.refusal("date,type,category,amount,currency\n\(next),expense,Rent,100,UAH\n", as: .budget) == nil)
        #expect(try t.count("budget_entry") == 1)
    }

    /// A pattern that gives a field twice read it twice, the last one kept.
    @Test func aPatternGivingAFieldTwiceIsRefused() {
        #expect(
            throws: DatePattern.PatternError(
                "\"yyyy\" repeats a field given before, expected each of yyyy, MM, dd, HH, mm, ss at most once"
            )
        ) {
            try DatePattern.parse("yyyy-MM-dd-yyyy").get()
        }
        #expect(
            throws: DatePattern.PatternError(
                "\"d\" repeats a field given before, expected each of yyyy, MM, dd, HH, mm, ss at most once"
            )
        ) {
            try DatePattern.parse("dd.MM.yyyy d").get()
        }
    }
}
