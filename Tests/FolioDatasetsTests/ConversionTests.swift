import FolioAnalytics
import FolioCore
import FolioInputs
import FolioStore
import FolioTestSupport
import Testing

@testable import FolioDatasets

/// `folio convert`'s request and conversion, in-process on a temporary database.
@Suite struct ConversionTests {
    let db: TemporaryStore

    init() throws {
        db = try TemporaryStore()
        try db.importText(
            """
            date,asset,currency,price,bid,ask,market,source
            2025-06-20,BTC,USD,108953,,,exchange,test
            2024-03-01,USD,UAH,38.0,37.8,38.4,cash,test
            2024-03-02,USD,UAH,39.0,38.8,39.4,cash,test
            """,
            as: .quotes
        )
    }

    @Test func theWorkedExample() throws {
        // 37,500 USD at 108,953 USD per BTC is 0.3442 BTC, at the quote's own time.
        let table = try ConversionRequest(37_500, from: "USD", to: "BTC").table(from: StoredInputs(db.store))
        #expect(table.columns.map(\.name) == ["pair", "amount", "result", "rate", "market", "time"])
        #expect(table.cell(0, "pair") == .text("USD → BTC"))
        #expect(close(table.number(0, "result"), 37_500 / 108_953))
        #expect(table.cell(0, "time") == .time(t("2025-06-20T00:00:00Z")))
        #expect(table.cell(1, "pair") == .text("1 / BTC/USD") && table.cell(1, "market") == .text("exchange"))
    }

    @Test(arguments: [
        ("mid", nil as String?, 3_900.0), ("buy", nil, 3_880), ("sell", nil, 3_940), ("mid", "2024-03-01", 3_800),
        ("sell", "2024-03-01T12:00:00Z", 3_840),
    ])
    func sideChoosesBidOrAskAndDateChoosesTheQuote(_ side: String, _ date: String?, _ expected: Double) throws {
        let request = try ConversionRequest(
            amount: "100",
            from: "usd",
            to: "UAH",
            market: "cash",
            side: side,
            date: date
        )
        #expect(close(try request.table(from: StoredInputs(db.store)).number(0, "result"), expected))
    }

    @Test(arguments: [
        (["abc", "USD", "BTC"], "AMOUNT: \"abc\" is not a number such as 37500 or 0.25"),
        (["inf", "USD", "BTC"], "AMOUNT: \"inf\" is not a number such as 37500 or 0.25"),
        (["1", "U S D", "BTC"], "FROM: \"U S D\" is not an asset code such as BTC or AAPL"),
        (["1", "USD", "BTC", "--side", "middle"], "--side: \"middle\" is not one of mid, buy, sell"),
        (
            ["1", "USD", "BTC", "--date", "June"],
            "--date: \"June\" is not a date such as 2024-03-31 or a time such as 2024-03-31T12:00:00Z"
        ),
    ])
    func aBadArgumentIsRefusedBeforeTheDatabaseIsRead(_ words: [String], _ expected: String) {
        let option = words.count > 3 ? words[3] : nil
        do {
            _ = try ConversionRequest(
                amount: words[0],
                from: words[1],
                to: words[2],
                side: option == "--side" ? words[4] : "mid",
                date: option == "--date" ? words[4] : nil
            )
            Issue.record("accepted \(words)")
        } catch {
            #expect("\(error)" == expected)
        }
    }

    @Test(arguments: [
        ("XYZ", "BTC", "FROM: unknown asset XYZ (see `folio info`)"),
        ("USD", "XYZ", "TO: unknown asset XYZ (see `folio info`)"),
    ])
    func anUnknownAssetIsNamedAsItsArgument(_ from: AssetCode, _ to: AssetCode, _ expected: String) {
        do {
            _ = try ConversionRequest(1, from: from, to: to).table(from: StoredInputs(db.store))
            Issue.record("converted \(from) to \(to)")
        } catch {
            #expect("\(error)" == expected)
        }
    }
}
