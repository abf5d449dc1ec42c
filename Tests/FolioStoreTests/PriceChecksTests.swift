import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// A price is above zero and of one asset in another (issue 30). On 8232a12 `import quotes` and
/// `import csv` stored 0, -5 and `1e-400` (which reads as 0), every reader then skipped them, and
/// `convert --date` quietly took an older price; an empty `TradePrice` was a trade at 0, and USD in USD
/// was a quote.
@Suite struct PriceChecksTests {
    static let quotesHeader = "date,asset,currency,price,bid,ask,market,source\n"

    @Test(arguments: [
        ("2024-01-02,ZZP,USD,0,,,exchange,x", "in.csv:2: price: found \"0\", expected a number above zero"),
        ("2024-01-02,ZZP,USD,-5,,,exchange,x", "in.csv:2: price: found \"-5\", expected a number above zero"),
        (
            "2024-01-02,ZZP,USD,1e-400,,,exchange,x",
            "in.csv:2: price: found \"1e-400\", expected a number from -1e15 to 1e15 (none smaller than 1e-12 but 0)"
        ),
        ("2024-01-02,ZZP,USD,1,0,,exchange,x", "in.csv:2: bid: found \"0\", expected a number above zero"),
        ("2024-01-02,ZZP,USD,1,,-1,exchange,x", "in.csv:2: ask: found \"-1\", expected a number above zero"),
        (
            "2024-01-02,USD,usd,1,,,exchange,x",
            "in.csv:2: currency: found \"usd\", expected a currency other than the asset USD"
        ),
    ])
    func quotesRefuseWhatNoReaderUses(_ row: String, _ expected: String) throws {
        let t = try TemporaryStore()
        #expect(t.refusal(Self.quotesHeader + row + "\n", as: .quotes) == expected)
        #expect(try t.count("quote") == 0)
    }

    @Test func mappedAndWideCSVsRefuseThemToo() throws {
        let t = try TemporaryStore()
        var long = CSVMapping()
        (long.columns, long.asset, long.currency) = ([.date: "Date", .price: "Price"], "ZZP", "USD")
        #expect(
            t.refusal("Date,Price\n2024-01-02,0\n", as: .csv, ImportOptions(csv: long))
                == "in.csv:2: Price: found \"0\", expected a number above zero"
        )
        (long.columns, long.asset) = ([.date: "Date", .price: "Price", .asset: "Asset"], nil)
        #expect(
            t.refusal("Date,Price,Asset\n2024-01-02,1,usd\n", as: .csv, ImportOptions(csv: long))
                == "in.csv:2: Asset: found \"usd\", expected an asset other than the currency USD"
        )
        var wide = CSVMapping()
        (wide.columns, wide.currency, wide.wide) = ([.date: "date"], "UAH", true)
        #expect(
            t.refusal("date,USD\n2024-01-02,-41\n", as: .csv, ImportOptions(csv: wide))
                == "in.csv:2: USD: found \"-41\", expected a number above zero"
        )
        #expect(throws: ArgumentError("--currency", "USD is the asset itself, expected the currency its price is in")) {
            _ = try t.store.importFiles([], kind: .stockCSV, options: ImportOptions(asset: "USD", currency: "USD"))
        }
        #expect(
            t.refusal("date,open,high,low,close,volume,Name\n2024-01-02,1,1,1,1,1,usd\n", as: .stockCSV)
                == "in.csv:2: Name: found \"usd\", expected an asset other than the currency USD"
        )
        #expect(try t.count("quote") == 0)
    }

    @Test(arguments: [
        (
            ImportKind.trades, "time,side,asset,quantity,price,price_currency\n2024-01-02,buy,AAPL,1,0,USD\n",
            "in.csv:2: price: found \"0\", expected a number above zero"
        ),
        (
            .ibkrFlex,
            "Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,DateTime\nAAPL,BUY,1,,USD,1,20240311;093512\n",
            "in.csv:2: TradePrice: found nothing, expected a number such as 12.5"
        ),
        (
            .dsxTrades, "2019-11-25 8:08:44;btcusd;Buy;1;BTC;0;USD;x;x;0;USD;x;1;x",
            "in.csv:1: price (field 6): found \"0\", expected a number above zero"
        ),
    ])
    func tradesAtNoPriceAreRefused(_ kind: ImportKind, _ text: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        #expect(t.refusal(text, as: kind, ImportOptions(portfolio: "P")) == expected)
        #expect(try t.count("trade") == 0)
    }

    @Test func anNBURateOfTheHryvniaIsRefused() throws {
        let t = try TemporaryStore()
        let file = try TestPaths.write(
            #"[{"r030":980,"txt":"Гривня","rate":1,"cc":"UAH","exchangedate":"24.02.2022"}]"#,
            "nbu.json",
            in: t.directory
        )
        #expect(
            throws: ImportError(
                file: file.path,
                field: "[0].cc",
                message: "found \"UAH\", expected a currency other than the hryvnia the rates are in"
            )
        ) {
            _ = try t.store.importFiles([file], kind: .nbuJSON)
        }
    }
}
