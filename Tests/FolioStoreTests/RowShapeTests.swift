import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioImport
@testable import FolioStore

/// A row is read whole or refused (issue 30, "Inputs accepted wrongly, in silence"): a row with more
/// fields than its header, a decimal comma between `,` delimiters, and a NUL inside a field were each
/// stored cut short, with exit 0.
@Suite struct RowShapeTests {
    /// `12,5` not quoted moves every later field one column on: the price would be 12, the market "5"
    /// and the source "exchange". Checked against 8232a12, where each of these was stored.
    @Test(arguments: [
        (
            ImportKind.quotes, "date,asset,currency,price,market,source\n2024-01-02,ZZE,USD,12,5,exchange,csv\n",
            "in.csv:2: found 7 fields, expected 6 as in the header"
        ),
        (
            .trades, "time,side,asset,quantity,price,price_currency\n2024-01-02,buy,AAPL,1,100,5,USD\n",
            "in.csv:2: found 7 fields, expected 6 as in the header"
        ),
        (
            .ibkrFlex,
            "Symbol,Buy/Sell,Quantity,TradePrice,CurrencyPrimary,TradeID,DateTime\nAAPL,BUY,1,172,94,USD,1,20240311;093512\n",
            "in.csv:2: found 8 fields, expected 7 as in the header"
        ),
    ])
    func aRowWithMoreFieldsThanItsHeaderIsRefused(_ kind: ImportKind, _ text: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        #expect(t.refusal(text, as: kind, ImportOptions(portfolio: "P")) == expected)
        #expect(try t.count("quote") + t.count("trade") == 0)
    }

    @Test func aWideRowWithMoreFieldsThanItsHeaderIsRefused() throws {
        let t = try TemporaryStore()
        var mapping = CSVMapping()
        (mapping.columns, mapping.currency, mapping.wide) = ([.date: "date"], "UAH", true)
        #expect(
            t.refusal("date,USD,EUR\n2024-01-02,41,5,45\n", as: .csv, ImportOptions(csv: mapping))
                == "in.csv:2: found 4 fields, expected 3 as in the header"
        )
        #expect(try t.count("quote") == 0)
    }

    /// A trailing delimiter, as spreadsheets write, adds only blank fields: nothing is lost, so the row
    /// is read.
    @Test func blankFieldsAfterTheHeadersAreRead() throws {
        let t = try TemporaryStore()
        #expect(
            t.refusal("date,asset,currency,price,market,source\n2024-01-02,ZZE,USD,12.5,exchange,csv,, \n", as: .quotes)
                == nil
        )
        #expect(try t.store.quotes(asset: "ZZE").map(\.price) == [12.5])
    }

    /// With `,` between fields `12,5` is two fields and `"1,000"` reads as 1: a decimal comma needs
    /// another delimiter.
    @Test func aDecimalCommaWithTheCommaDelimiterIsRefused() throws {
        var mapping = CSVMapping()
        (mapping.columns, mapping.asset, mapping.currency, mapping.decimalComma) = (
            [.date: "Date", .price: "Price"], "ZZD", "USD", true
        )
        #expect(
            throws: ArgumentError(
                "--decimal-comma",
                "numbers such as 12,5 need another delimiter than \",\", expected --delimiter \";\" as well"
            )
        ) {
            try mapping.validate()
        }
        mapping.delimiter = UInt8(ascii: ",")
        #expect(throws: ArgumentError.self) { try mapping.validate() }
        mapping.delimiter = UInt8(ascii: ";")
        try mapping.validate()
    }

    /// SQLite's C strings end at a NUL: `ab\0cd` was stored as `ab`, and every later import of the file
    /// found the row "differs" (and `--replace` "updated" it again).
    @Test(arguments: [
        (
            ImportKind.quotes, "date,asset,currency,price,market,source\n2024-01-02,ZZN,USD,1,exchange,ab\0cd\n",
            "in.csv:2: field 6: found a NUL byte, expected text"
        ),
        (
            .budget, "date,type,category,amount,currency,note\n2024-01-02,expense,Food,1,UAH,\"a\0\"\n",
            "in.csv:2: field 6: found a NUL byte, expected text"
        ),
        (
            .dsxTransactions, "2024-01-02 7:49:22;Deposit;USD;1;0;x;x;Complete;x;id\0;x;x;x",
            "in.csv:1: field 10: found a NUL byte, expected text"
        ),
    ])
    func aNULInAFieldIsRefused(_ kind: ImportKind, _ text: String, _ expected: String) throws {
        let t = try TemporaryStore()
        _ = try t.store.addPortfolio(name: "P", baseCurrency: "USD")
        #expect(t.refusal(text, as: kind, ImportOptions(portfolio: "P")) == expected)
        #expect(try t.count("quote") + t.count("budget_entry") + t.count("cash_transaction") == 0)
    }
}
