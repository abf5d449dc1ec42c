import Foundation
import Testing

/// An asset's kind does not depend on the order of imports, and what an import allows but is probably
/// wrong is said at import, naming the line.
@Suite struct ImportChecksTests {
    func run(_ arguments: [String], _ db: String) throws -> FolioProcess.Result {
        try FolioProcess.run(arguments + ["--db", db])
    }

    @Test func kindsFollowWhatALaterImportKnowsAndCanBeSetByHand() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let trades = directory.appendingPathComponent("t.csv")
        try
            "time,side,asset,quantity,price,price_currency\n2017-01-03,buy,AAPL,10,116,USD\n2017-01-03,buy,XYZ,5,10,USD\n"
            .write(to: trades, atomically: true, encoding: .utf8)
        let history = directory.appendingPathComponent("XYZ_data.csv")
        try "date,open,high,low,close,volume,Name\n2017-01-03,1,1,1,11,100,XYZ\n".write(
            to: history,
            atomically: true,
            encoding: .utf8
        )
        #expect(try run(["portfolio", "add", "P", "--base", "USD"], db).status == 0)
        // Trades first, as README's "Using it" shows: AAPL is known, XYZ is not yet.
        #expect(try run(["import", "trades", "--portfolio", "P", trades.path], db).status == 0)
        func kinds() throws -> [String: String] {
            let csv = try run(["asset", "list", "--format", "csv"], db).stdout
            return Dictionary(
                uniqueKeysWithValues: csv.split(whereSeparator: \.isNewline).dropFirst().map {
                    let f = $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    return (f[0], f[2])
                }
            )
        }
        #expect(try kinds() == ["AAPL": "stock", "USD": "fiat", "XYZ": "other"])
        #expect(try run(["import", "stock-csv", history.path], db).status == 0)
        #expect(try kinds()["XYZ"] == "stock")
        let set = try run(["asset", "set", "XYZ", "--kind", "etf", "--name", "XYZ Fund"], db)
        #expect(set.stdout == "XYZ: etf, \"XYZ Fund\"\n", "\(set.stderr)")
        #expect(try kinds()["XYZ"] == "etf")
        // A later stock file does not undo a kind set by hand.
        #expect(try run(["import", "stock-csv", "--asset", "XYZ", history.path], db).status == 0)
        #expect(try kinds()["XYZ"] == "etf")
        let unknown = try run(["asset", "set", "NOPE", "--kind", "etf"], db)
        #expect(
            unknown.status != 0
                && unknown.stderr == "Error: CODE: no asset NOPE in the database (folio asset list shows them)\n"
        )
    }

    @Test func anUnknownBaseCurrencyIsRefused() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let refused = try run(["portfolio", "add", "P", "--base", "XXX"], db)
        #expect(
            refused.status != 0 && refused.stderr.contains("--base") && refused.stderr.contains("\"XXX\""),
            "\(refused.stderr)"
        )
        #expect(try run(["portfolio", "list"], db).stdout.isEmpty)
        #expect(
            try run(["portfolio", "add", "P", "--base", "zmw"], db).stdout
                == "added portfolio \"P\" with base currency ZMW\n"
        )
    }

    @Test func aSaleBeyondTheHoldingAndAnAssetWithoutQuotesAreNamedAtImport() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let trades = directory.appendingPathComponent("t.csv")
        try """
        time,side,asset,quantity,price,price_currency
        2017-01-03,buy,AAPL,40,116,USD
        2017-01-04,sell,AAPL,1000,117,USD
        2017-01-05,buy,AAPL,960,118,USD

        """.write(to: trades, atomically: true, encoding: .utf8)
        #expect(try run(["portfolio", "add", "P", "--base", "USD"], db).status == 0)
        let first = try run(["import", "trades", "--portfolio", "P", trades.path], db)
        #expect(first.status == 0)
        #expect(
            first.stderr == """
                warning: \(trades.path):3: a sale of 1000 AAPL leaves -960 (40 held before it)
                warning: \(trades.path):2: AAPL has no quotes yet: its value stays unknown until they are imported or fetched

                """
        )
        // The same file again writes nothing and has nothing new to say.
        let again = try run(["import", "trades", "--portfolio", "P", trades.path], db)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.stderr)")
    }

    /// JNJ at 1223.1 for 122.31 imported without a word, and left the cash 17,835.45 short: a price more
    /// than twice away from the day's stored quotes (or the week's last one) is named, with them.
    @Test func aPriceFarFromTheDaysQuotesIsNamedAtImport() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let quotes = directory.appendingPathComponent("q.csv")
        try """
        date,asset,currency,price,market,source
        2018-01-04T21:00:00Z,JNJ,USD,121.9,exchange,x
        2018-01-05T21:00:00Z,JNJ,USD,122.31,exchange,x
        2018-01-05T21:00:00Z,JNJ,USD,123.4,other,x

        """.write(to: quotes, atomically: true, encoding: .utf8)
        #expect(try run(["import", "quotes", quotes.path], db).status == 0)
        #expect(try run(["portfolio", "add", "P", "--base", "USD"], db).status == 0)
        let trades = directory.appendingPathComponent("t.csv")
        try """
        time,side,asset,quantity,price,price_currency
        2018-01-05T15:00:00Z,buy,JNJ,15,1223.1,USD
        2018-01-05T16:00:00Z,buy,JNJ,1,130,USD
        2018-01-07T16:00:00Z,buy,JNJ,1,12.23,USD

        """.write(to: trades, atomically: true, encoding: .utf8)
        let result = try run(["import", "trades", "--portfolio", "P", trades.path], db)
        #expect(result.status == 0)
        #expect(
            result.stderr == """
                warning: \(trades.path):2: JNJ at 1223.1 USD is far from its stored quotes of 2018-01-05 (122.31 to 123.4); a typo?
                warning: \(trades.path):4: JNJ at 12.23 USD is far from its last stored quote before it (122.31 on 2018-01-05); a typo?

                """,
            "\(result.stderr)"
        )
    }

    /// A split recorded before the trades are imported counts: 10 bought, split 4-for-1, 40 sold is no
    /// sale beyond the holding.
    @Test func aSplitIsPartOfTheHoldingTheCheckSees() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let cash = directory.appendingPathComponent("c.csv")
        let trades = directory.appendingPathComponent("t.csv")
        try "time,type,currency,amount,asset,ratio\n2020-08-31,split,,,AAPL,4\n".write(
            to: cash,
            atomically: true,
            encoding: .utf8
        )
        try
            "time,side,asset,quantity,price,price_currency\n2020-01-02,buy,AAPL,10,300,USD\n2020-09-10,sell,AAPL,40,110,USD\n"
            .write(to: trades, atomically: true, encoding: .utf8)
        #expect(try run(["portfolio", "add", "P", "--base", "USD"], db).status == 0)
        #expect(try run(["import", "transactions", "--portfolio", "P", cash.path], db).status == 0)
        let imported = try run(["import", "trades", "--portfolio", "P", trades.path], db)
        #expect(imported.status == 0 && !imported.stderr.contains("sale"), "\(imported.stderr)")
    }
}
