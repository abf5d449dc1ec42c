import Foundation
import GRDB
import Testing

/// `folio import csv` and `folio import ibkr-flex` through the built binary, with the real files a new
/// user brings: EIA's Brent `Date,Price` and the NBU's wide table of rates.
@Suite struct CSVImportCommandTests {
    static let brent = Paths.samples.appendingPathComponent("oil/brent-daily.csv").path
    static let nbuWide = Paths.samples.appendingPathComponent("nbu/nbu_rates_wide.csv").path

    func quoteCount(_ db: String) throws -> Int {
        try DatabaseQueue(path: db).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM quote") ?? -1 }
    }

    @Test func brentThroughAColumnMappingThenThroughASavedMapping() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let first = try FolioProcess.run([
            "import", "csv", Self.brent, "--columns", "date=Date,price=Price", "--asset", "BRENT", "--currency", "USD",
            "--db", db,
        ])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "\(Self.brent): read 1272, inserted 1272, skipped 0 as duplicates\n")
        let prices = try FolioProcess.run([
            "table", "prices", "--asset", "BRENT", "--currency", "USD", "--from", "2013-01-02", "--to", "2013-01-03",
            "--format", "csv", "--db", db,
        ])
        #expect(
            prices.stdout
                == "asset,time,price\r\nBRENT,2013-01-02T00:00:00Z,112.98\r\nBRENT,2013-01-03T00:00:00Z,113.03\r\n",
            "\(prices.stderr)"
        )

        let mapping = directory.appendingPathComponent("brent.yaml")
        try
            "columns: { date: Date, price: Price }\nasset: BRENT\ncurrency: USD\nmarket: exchange\ndate-format: yyyy-MM-dd\n"
            .write(to: mapping, atomically: true, encoding: .utf8)
        let again = try FolioProcess.run(["import", "csv", "--mapping", mapping.path, Self.brent, "--db", db])
        #expect(again.stdout == "\(Self.brent): read 1272, inserted 0, skipped 1272 as duplicates\n", "\(again.stderr)")
        // The command line overrides the file: the same prices under another market are new quotes.
        let other = try FolioProcess.run([
            "import", "csv", "--mapping", mapping.path, "--market", "spot", Self.brent, "--db", db,
        ])
        #expect(other.stdout.contains("inserted 1272"), "\(other.stderr)")
    }

    @Test func theNBUWideTableImportsEveryCellAndSkipsTheEmptyOnes() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let result = try FolioProcess.run([
            "import", "csv", Self.nbuWide, "--wide", "--date-column", "date", "--currency", "UAH", "--market", "nbu",
            "--db", db,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(Self.nbuWide): read 62802, inserted 62326, skipped 0 as duplicates, ignored 476")
        #expect(lines.contains("  TRY: 459 empty cells skipped, the first at line 2"))
        #expect(lines.contains("  USD: 1 empty cell skipped, the first at line 3349"))
        let usd = try FolioProcess.run([
            "quotes", "list", "--asset", "USD", "--currency", "UAH", "--market", "nbu", "--from", "2022-02-24", "--to",
            "2022-03-02",
            "--format", "csv", "--db", db,
        ])
        // 2 March 2022 has no USD rate in the file: no quote, not a zero.
        #expect(
            usd.stdout.components(separatedBy: "\r\n").filter { $0.contains("29.2549") }.count == 6,
            "\(usd.stdout)\(usd.stderr)"
        )
        #expect(!usd.stdout.contains("2022-03-02"))
    }

    @Test(arguments: [
        (["--columns", "date=Date"], "Error: --columns: no column for the price, expected price=COLUMN"),
        (
            ["--columns", "date=Date,price=Close"],
            "Error: BRENT_FILE:1: header: no \"Close\" column for the price, expected one of \"Date\", \"Price\""
        ),
        (
            ["--columns", "date=Date,close=Price"],
            "Error: --columns: unknown field \"close\", expected one of date, price, bid, ask, asset, currency, market, source"
        ),
        (
            ["--columns", "date=Date,price=Price", "--date-format", "dd.MM.yyyy"],
            "Error: BRENT_FILE:2: Date: found \"2013-01-02\", expected a date as dd.MM.yyyy such as 01.03.2024"
        ),
        // With the "," delimiter a decimal comma splits every price in two (issue 30).
        (
            ["--columns", "date=Date,price=Price", "--decimal-comma"],
            "Error: --decimal-comma: numbers such as 12,5 need another delimiter than \",\", expected --delimiter \";\" as well"
        ),
    ])
    func aBadMappingOrRowIsOneLineAndWritesNothing(_ options: [String], _ expected: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let result = try FolioProcess.run(
            ["import", "csv", Self.brent, "--asset", "BRENT", "--currency", "USD", "--db", db] + options
        )
        #expect(result.status != 0)
        #expect(result.stderr == expected.replacingOccurrences(of: "BRENT_FILE", with: Self.brent) + "\n")
        #expect(try quoteCount(db) == 0)
    }

    @Test func aMappingIsRefusedByOtherKindsAndAMappingFileNamesItsKey() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let quotes = try FolioProcess.run(["import", "quotes", "--columns", "date=Date", Self.brent, "--db", db])
        #expect(quotes.stderr == "Error: --columns: only import csv takes a column mapping\n")
        let mapping = directory.appendingPathComponent("bad.yaml")
        try "columns: { date: Date, price: Price }\nasset: BRENT\ncurrency: USD\ndelimiter: ':'\n".write(
            to: mapping,
            atomically: true,
            encoding: .utf8
        )
        let bad = try FolioProcess.run(["import", "csv", "--mapping", mapping.path, Self.brent, "--db", db])
        #expect(
            bad.stderr == "Error: \(mapping.path): delimiter: found \":\", expected one of \",\", \";\", \"|\" or tab\n"
        )
        try "columns: { date: Date, cost: Price }\n".write(to: mapping, atomically: true, encoding: .utf8)
        let unknown = try FolioProcess.run(["import", "csv", "--mapping", mapping.path, Self.brent, "--db", db])
        #expect(unknown.stderr.hasPrefix("Error: \(mapping.path): columns.cost: unknown field"), "\(unknown.stderr)")
    }

    @Test func ibkrFlexTradesImportOnceIntoAPortfolio() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        #expect(try FolioProcess.run(["portfolio", "add", "IB", "--base", "USD", "--db", db]).status == 0)
        // Hand-written in the shape of a Flex Query Trades section saved as CSV.
        let flex = directory.appendingPathComponent("flex.csv")
        try """
        "ClientAccountID","CurrencyPrimary","AssetClass","Symbol","TradeID","DateTime","Buy/Sell","Quantity","TradePrice","IBCommission","IBCommissionCurrency"
        "U1234567","USD","STK","AAPL","411820641","20240311;093512","BUY","10","172.94","-1","USD"
        "U1234567","USD","STK","AAPL","413555902","20240402;153011","SELL","-4","169.2","-1.0023","USD"

        """.write(to: flex, atomically: true, encoding: .utf8)
        let first = try FolioProcess.run(["import", "ibkr-flex", "--portfolio", "IB", flex.path, "--db", db])
        #expect(
            first.stdout == "\(flex.path): 2 rows: 2 trades; inserted 2, skipped 0 as duplicates\n  created AAPL\n",
            "\(first.stderr)"
        )
        let again = try FolioProcess.run(["import", "ibkr-flex", "--portfolio", "IB", flex.path, "--db", db])
        #expect(
            again.stdout == "\(flex.path): 2 rows: 2 trades; inserted 0, skipped 2 as duplicates\n",
            "\(again.stderr)"
        )
        let listed = try FolioProcess.run(["trades", "list", "--portfolio", "IB", "--format", "csv", "--db", db])
        #expect(
            listed.stdout.contains("411820641") && listed.stdout.contains("413555902"),
            "\(listed.stdout)\(listed.stderr)"
        )
        let noPortfolio = try FolioProcess.run(["import", "ibkr-flex", flex.path, "--db", db])
        #expect(noPortfolio.stderr == "Error: --portfolio: import ibkr-flex needs the portfolio to import into\n")
    }

    @Test func importHelpListsTheKindsInEightyColumns() throws {
        let help = try FolioProcess.run(["import", "--help"])
        #expect(help.stdout.contains("csv ") && help.stdout.contains("ibkr-flex "))
        let wide = help.stdout.split(separator: "\n").filter { $0.count >= 80 }
        #expect(wide.isEmpty, "\(wide.joined(separator: "\n"))")
    }
}
