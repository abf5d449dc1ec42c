import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioAnalytics

@Suite("Result tables and their encoders")
struct ResultTableTests {
    let table = ResultTable(
        columns: [
            .init("asset", .text), .init("value", .number), .init("share", .percent, decimals: 1),
            .init("day", .day), .init("time", .time),
        ],
        rows: [
            [.text("BTC"), .number(1234.5), .number(61.25), .day(d("2024-03-01")), .time(t("2024-03-01T12:30"))],
            [.text("Say \"hi\", ok"), .number(-0.001), nil, .day(d("2024-03-02")), nil],
            [.text("a\nb"), .number(1e-9), .number(100), nil, .time(t("2024-03-01T00:00:00.5"))],
        ]
    )

    @Test func alignedText() {
        // Numbers, percents, days and times right-aligned under right-aligned headers; a line break in a
        // text cell becomes a space so that the rows stay aligned. 61.25 rounds half away from zero, as
        // the PDF and the charts round it (printf's binary rounding gave 61.2).
        #expect(
            table.alignedText() == """
                asset           value    share         day                      time
                ------------  -------  -------  ----------  ------------------------
                BTC           1234.50   61.3 %  2024-03-01      2024-03-01T12:30:00Z
                Say "hi", ok     0.00        —  2024-03-02                         —
                a b              0.00  100.0 %           —  2024-03-01T00:00:00.500Z

                """
        )
    }

    @Test func csvFollowsRFC4180() {
        #expect(
            table.csv() == "asset,value,share,day,time\r\n"
                + "BTC,1234.5,61.25,2024-03-01,2024-03-01T12:30:00Z\r\n"
                + "\"Say \"\"hi\"\", ok\",-0.001,,2024-03-02,\r\n"
                + "\"a\nb\",0,100,,2024-03-01T00:00:00.500Z\r\n"
        )
    }

    @Test func jsonShape() throws {
        let text = table.json()
        #expect(
            text == """
                {"columns":[{"name":"asset","kind":"text"},{"name":"value","kind":"number"},{"name":"share","kind":"percent"},\
                {"name":"day","kind":"day"},{"name":"time","kind":"time"}],"rows":[\
                {"asset":"BTC","value":1234.5,"share":61.25,"day":"2024-03-01","time":"2024-03-01T12:30:00Z"},\
                {"asset":"Say \\"hi\\", ok","value":-0.001,"share":null,"day":"2024-03-02","time":null},\
                {"asset":"a\\nb","value":0,"share":100,"day":null,"time":"2024-03-01T00:00:00.500Z"}]}

                """
        )
        // It is JSON a standard reader accepts, with numbers as numbers and undefined as null.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let rows = try #require(parsed["rows"] as? [[String: Any]])
        #expect(rows[0]["value"] as? Double == 1234.5)
        #expect(rows[2]["value"] as? Double == 0)
        #expect(rows[1]["share"] is NSNull)
    }

    /// CSV and JSON carry every figure to a millionth of the column's step, and no binary noise: 1e-9 of a
    /// money column (2 decimals: a millionth of a cent is 1e-8) is the noise of a difference, 0; in a
    /// column of 10 decimals (a coin's price) it is a price. Noise in the 15th digit of a balance (the
    /// demo's USD after DEMO-C0022) is none of either.
    @Test func fullPrecisionInCSVAndJSONWithoutNoise() {
        let t = ResultTable(
            columns: [.init("x", .number), .init("price", .number, decimals: 10)],
            rows: [
                [.number(83.33333333333333), .number(1.681e-9)], [.number(-0.0), nil],
                [.number(.nan), .number(0.1 + 0.2)], [.number(445.18000000000006), nil],
                [.number(7.275957614183426e-12), nil], [.number(-696.314000000001), .number(-696.314000000001)],
            ]
        )
        #expect(
            t.csv()
                == "x,price\r\n83.33333333,1.681e-09\r\n0,\r\n,0.3\r\n445.18,\r\n0,\r\n-696.314,-696.314\r\n"
        )
        #expect(t.json().contains("{\"x\":83.33333333,\"price\":1.681e-09},{\"x\":0,\"price\":null}"))
        #expect(t.alignedText().contains("   0.00                —\n      —     0.3000000000\n"))
        #expect(t.encoded(as: .csv) == t.csv())
    }

    /// A ratio (a Sharpe ratio, a correlation) is no amount: it keeps 15 significant digits, as QuantStats'
    /// figures are compared to the twelfth, and a tiny one is not rounded to 0.
    @Test func aRatioKeepsItsDigits() {
        let t = ResultTable(
            columns: [.init("sharpe", .number, ratio: true), .init("amount", .number)],
            rows: [[.number(2.3801829273859245), .number(2.3801829273859245)], [.number(3e-9), .number(3e-9)]]
        )
        #expect(t.csv() == "sharpe,amount\r\n2.38018292738592,2.38018293\r\n3e-09,0\r\n")
    }

    @Test func emptyTable() {
        let empty = ResultTable(columns: [.init("asset", .text), .init("value", .number)], rows: [])
        #expect(empty.csv() == "asset,value\r\n")
        #expect(
            empty.json()
                == "{\"columns\":[{\"name\":\"asset\",\"kind\":\"text\"},{\"name\":\"value\",\"kind\":\"number\"}],\"rows\":[]}\n"
        )
        #expect(empty.alignedText() == "asset  value\n-----  -----\n")
    }

    @Test func everyResultHasATable() throws {
        let replay = HoldingsReplay(
            trades: [buy(1, "2024-01-01T10:00", "BTC", 1, at: 100)],
            cashTransactions: [deposit(2, "2024-01-01T09:00", 50)]
        )
        #expect(replay.final.table.rows == [[.text("BTC"), .number(1)], [.text("USD"), .number(-50)]])
        #expect(
            replay.diagnostics == [
                NegativeBalance(asset: "USD", time: t("2024-01-01T10:00"), after: .trade(id: 1), balance: -50)
            ]
        )
        #expect(replay.daily(try DayRange(from: d("2024-01-01"), to: d("2024-01-02"))).table.rows.count == 4)
        let valued = CrossRates(book: PriceBook([q("BTC", "USD", .exchange, "2024-01-01", 100)])).value(
            replay.final,
            in: "USD"
        )
        #expect(valued.table.rows.last == [.text("Total"), nil, nil, .number(50)])
        #expect(valued.table.columns.last?.name == "value_usd")
        let r = DailyReturns(prices: [
            "A": [DatedValue(day: d("2024-01-01"), value: 10), DatedValue(day: d("2024-01-02"), value: 11)]
        ])
        #expect(r.table.rows.count == 1)
        #expect(close(r.table.number(0, "A"), 10))
        #expect(try RollingCorrelation(r, first: "A", second: "A", window: 2).table.rows.isEmpty)
        #expect(NormalisedSeries(prices: [:], method: .minMax).table.rows.isEmpty)
    }

    @Test func errorDescriptionsNameTheArgument() throws {
        #expect(throws: AnalyticsError.rangeReversed(from: d("2024-03-02"), to: d("2024-03-01"))) {
            try DayRange(from: d("2024-03-02"), to: d("2024-03-01"))
        }
        #expect(
            AnalyticsError.rangeReversed(from: d("2024-03-02"), to: d("2024-03-01")).description
                == "from 2024-03-02 is after to 2024-03-01"
        )
        #expect(AnalyticsError.emptyRange(argument: "window").localizedDescription == "window: the range is empty")
        #expect(AnalyticsError.unknownAsset("XYZ", argument: "asset").description == "asset: unknown asset XYZ")
        #expect(AnalyticsError.unknownMarket("moon", argument: "market").description == "market: unknown market moon")
        #expect(try DayRange(from: d("2024-01-30"), to: d("2024-02-02")).count == 4)
        #expect(Array(DayRange(day: d("2024-01-30"))) == [d("2024-01-30")])
    }
}
