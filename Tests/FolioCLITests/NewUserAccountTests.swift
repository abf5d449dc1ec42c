import Foundation
import Testing

/// A new user's own account in a copy of the demo database, as issue 42 found it: every table values
/// what the holdings table values, by one rule for routes between currencies; and the errors of a
/// first session name what was typed wrong.
@Suite struct NewUserAccountTests {
    /// A copy of the demo database and the command that runs `folio` on it.
    static func copy(in directory: URL) throws -> String {
        let db = directory.appendingPathComponent("account.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: db)
        return db
    }

    /// EUR/USD is quoted (card) only in December 2020: before it, a EUR portfolio of US stocks is valued
    /// through the NBU's rates in every table, as the holdings table valued it, and stderr says so once.
    @Test func aPreferredMarketWithoutAQuoteFallsBackInEveryTable() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.copy(in: directory)
        let trades = try Paths.write(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency\n"
                + "2017-03-01T15:00:00Z,buy,AAPL,10,139.79,USD,1,USD\n2017-06-01T15:00:00Z,buy,MSFT,20,70.10,USD,1,USD\n",
            "trades.csv",
            in: directory
        )
        let deposits = try Paths.write(
            "time,type,currency,amount\n2017-02-28T10:00:00Z,deposit,USD,5000\n",
            "deposits.csv",
            in: directory
        )
        for arguments in [
            ["portfolio", "add", "EUR stocks", "--base", "EUR"],
            ["import", "trades", "--portfolio", "EUR stocks", trades],
            ["import", "transactions", "--portfolio", "EUR stocks", deposits],
        ] {
            let done = try FolioProcess.run(arguments + ["--db", db])
            #expect(done.status == 0, "\(done.stderr)")
        }
        let holdings = try FolioProcess.run([
            "table", "holdings", "--portfolio", "EUR stocks", "--db", db, "--format", "csv",
        ])
        let total = try #require(
            holdings.stdout.split(separator: "\r\n").first { $0.hasPrefix("Total,") }?.split(separator: ",").last
        )
        let attribution = try FolioProcess.run(
            ["table", "attribution", "--portfolio", "EUR stocks", "--db", db, "--format", "csv"]
        )
        #expect(attribution.status == 0, "\(attribution.stderr)")
        #expect(!attribution.stderr.contains("missing quote"), "\(attribution.stderr)")
        let end = attribution.stdout.split(separator: "\r\n").first { $0.hasPrefix("end_value,") }
        // The two tables print to different precision: the same value to the cent.
        let endValue = try #require(end.flatMap { Double($0.split(separator: ",")[1]) })
        #expect(abs(endValue - (Double(total) ?? .nan)) < 0.005, "\(attribution.stdout)")
        let said = attribution.stderr.split(separator: "\n").filter { $0.hasPrefix("EUR/USD (card) has no quote") }
        #expect(
            said == [
                "EUR/USD (card) has no quote within 7 days at some dates; there the cross through USD/UAH (nbu) and EUR/UAH (nbu) is used"
            ]
        )
    }

    /// `tabel` is no command: ArgumentParser blamed the next option ("Unknown option '--portfolio'").
    @Test func aMistypedCommandIsNamedWithTheNearestOne() throws {
        let result = try FolioProcess.run(["tabel", "holdings", "--portfolio", "T"])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "Error: 'tabel' is not a folio command; did you mean 'table'? (folio --help lists them)\n",
            "\(result.stderr)"
        )
        let far = try FolioProcess.run(["frobnicate"])
        #expect(far.stderr == "Error: 'frobnicate' is not a folio command (folio --help lists them)\n", "\(far.stderr)")
    }

    /// A portfolio name that differs only in case (or by a typo) is named as the one meant.
    @Test func aPortfolioNameInTheWrongCaseNamesTheNearMatch() throws {
        let result = try FolioProcess.run([
            "table", "holdings", "--portfolio", "demo uah", "--db", try DemoDatabase.path(),
        ])
        #expect(result.status != 0)
        #expect(
            result.stderr
                == "Error: --portfolio: no portfolio named \"demo uah\"; did you mean \"Demo UAH\"? (see `folio portfolio list`)\n",
            "\(result.stderr)"
        )
    }
}

/// `folio asset merge` and `rename`: the way out when an import created an asset under a code the
/// user already has (Degiro names a security by its ISIN when no stored asset carries it).
@Suite struct AssetMergeCommandTests {
    /// Apple bought through Degiro, created by the import (the demo's Apple renamed APPLE first, as a
    /// user who keeps it under another code has it), and a quote of it on a day APPLE has another.
    static func account(in directory: URL) throws -> String {
        let db = try NewUserAccountTests.copy(in: directory)
        let quotes = try Paths.write(
            "date,asset,currency,price,market,source\n"
                + "2018-02-07T21:00:00Z,AAPL,USD,1,exchange,hand\n"
                + "2018-02-06T21:00:00Z,AAPL,USD,163.03,exchange,hand\n",
            "quotes.csv",
            in: directory
        )
        let brokers = DemoDatabase.samples.appendingPathComponent("brokers")
        for arguments in [
            ["asset", "rename", "AAPL", "APPLE"],
            [
                "import", "degiro", "--portfolio", "D", "--base", "EUR",
                brokers.appendingPathComponent("degiro-transactions.csv").path,
                brokers.appendingPathComponent("degiro-account.csv").path,
            ],
            ["import", "quotes", quotes],
        ] {
            let done = try FolioProcess.run(arguments + ["--db", db])
            #expect(done.status == 0, "\(done.stderr)")
        }
        return db
    }

    @Test func mergeMovesEveryRecordAndAReimportAddsNothing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.account(in: directory)
        let apple = try #require(
            try FolioProcess.run(["asset", "list", "--db", db, "--format", "csv"]).stdout.split(separator: "\r\n")
                .first { $0.contains("US0378331005") }
        )
        let code = String(apple.prefix { $0 != "," })
        // A quote of 1 on 7 Feb against AAPL's 159.54: refused, naming the day; nothing changed.
        let refused = try FolioProcess.run(["asset", "merge", code, "APPLE", "--db", db])
        #expect(refused.status != 0)
        #expect(
            refused.stderr
                == "Error: FROM: \(code) and APPLE both have exchange quotes on 2018-02-07 that differ (1 against 159.54); remove one (`folio quotes remove`) and merge again\n",
            "\(refused.stderr)"
        )
        #expect(
            try FolioProcess.run(["quotes", "remove", "--asset", code, "--from", "2018-02-07", "--db", db]).status == 0
        )
        let merged = try FolioProcess.run(["asset", "merge", code, "APPLE", "--db", db])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(
            merged.stdout
                == "merged \(code) into APPLE: 0 quotes, 2 trades, 1 cash transactions, the ISIN US0378331005 (1 quotes APPLE had already); \(code) removed\n",
            "\(merged.stdout)"
        )
        let holdings = try FolioProcess.run(["table", "holdings", "--portfolio", "D", "--db", db, "--format", "csv"])
        #expect(holdings.stdout.contains("\r\nAPPLE,") && !holdings.stdout.contains(code))
        // The same files again: every row is found under APPLE, by its order id or its key.
        let brokers = DemoDatabase.samples.appendingPathComponent("brokers")
        let again = try FolioProcess.run([
            "import", "degiro", "--portfolio", "D", "--db", db,
            brokers.appendingPathComponent("degiro-transactions.csv").path,
            brokers.appendingPathComponent("degiro-account.csv").path,
        ])
        #expect(again.status == 0, "\(again.stderr)")
        let summaries = again.stdout.split(separator: "\n").filter { $0.contains(" rows: ") }
        #expect(summaries.count == 2, "\(again.stdout)")
        for line in summaries { #expect(line.contains("inserted 0,"), "\(line)") }
    }

    /// Rows that would name one asset twice, or a row stored under both codes, refuse the merge in one
    /// line naming them; nothing changes.
    @Test func aMergeThatWouldContradictItselfIsRefused() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try NewUserAccountTests.copy(in: directory)
        let quotes = try Paths.write(
            "date,asset,currency,price,market,source\n2020-01-02T00:00:00Z,XBT,BTC,1,exchange,hand\n",
            "xbt.csv",
            in: directory
        )
        let trades = try Paths.write(
            "time,side,asset,quantity,price,price_currency,fee,fee_currency\n"
                + "2017-03-01T15:00:00Z,buy,APPL,10,139.79,USD,1,USD\n2017-03-01T15:00:00Z,buy,AAPL,10,139.79,USD,1,USD\n",
            "trades.csv",
            in: directory
        )
        for arguments in [
            ["import", "quotes", quotes], ["portfolio", "add", "P", "--base", "USD"],
            ["import", "trades", "--portfolio", "P", trades],
        ] {
            let done = try FolioProcess.run(arguments + ["--db", db])
            #expect(done.status == 0, "\(done.stderr)")
        }
        for (arguments, message) in [
            (
                ["XBT", "BTC"],
                "Error: FROM: 1 quotes price one of XBT and BTC in the other: merged, they would price an asset in itself\n"
            ),
            (
                ["USD", "AAPL"],
                "Error: INTO: USD is fiat and AAPL stock: merge assets of one kind (`folio asset set` corrects a kind)\n"
            ),
            (
                ["APPL", "AAPL"],
                "Error: FROM: a trade (1488380400000|buy|AAPL|10.0|139.79|USD|1.0|USD) is stored under both APPL and AAPL; remove one of the two and merge again\n"
            ),
        ] {
            let refused = try FolioProcess.run(["asset", "merge"] + arguments + ["--db", db])
            #expect(refused.status != 0)
            #expect(refused.stderr == message, "\(refused.stderr)")
        }
        #expect(try FolioProcess.run(["trades", "list", "--portfolio", "P", "--db", db]).stdout.contains("APPL"))
    }

    @Test func renameIsRefusedOntoAnAssetThatExists() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try NewUserAccountTests.copy(in: directory)
        let refused = try FolioProcess.run(["asset", "rename", "MSFT", "AAPL", "--db", db])
        #expect(
            refused.stderr
                == "Error: NEW: AAPL is an asset already; `folio asset merge MSFT AAPL` moves MSFT's records to it\n",
            "\(refused.stderr)"
        )
        let renamed = try FolioProcess.run(["asset", "rename", "MSFT", "MSFT.US", "--db", db])
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let prices = try FolioProcess.run(["quotes", "list", "--asset", "MSFT.US", "--db", db, "--format", "csv"])
        #expect(prices.stdout.split(separator: "\r\n").count > 1000)
    }
}
