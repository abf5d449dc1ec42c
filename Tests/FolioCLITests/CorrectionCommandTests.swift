import Foundation
import GRDB
import Testing

/// Correcting one's data through the built binary: `folio import --replace`, and `folio trades|transactions|quotes
/// list|remove` as users and scripts run them.
@Suite struct CorrectionCommandTests {
    static let quotes = """
        date,asset,currency,price,market,source
        2024-03-01,USD,UAH,38,nbu,x
        2024-03-02,USD,UAH,13,nbu,x
        2024-03-03,USD,UAH,14,nbu,x
        2024-03-04,BTC,USD,60000,exchange,x
        2024-03-05,BTC,USD,61000,exchange,x

        """

    /// A fresh database with portfolio P, three trades and a deposit, and the quotes above.
    static func database(in directory: URL) throws -> String {
        let db = try FolioProcess.initialisedDatabase(in: directory)
        #expect(try FolioProcess.run(["portfolio", "add", "P", "--db", db]).status == 0)
        let trades = directory.appendingPathComponent("trades.csv")
        try
            "time,side,asset,quantity,price,price_currency,id\n2024-03-04,buy,BTC,0.5,60000,USD,t1\n2024-03-05,sell,BTC,0.1,61000,USD,t2\n2024-03-05,buy,ETH,2,3000,USD,\n"
            .write(to: trades, atomically: true, encoding: .utf8)
        let cash = directory.appendingPathComponent("cash.csv")
        try "time,type,currency,amount\n2024-03-01,deposit,USD,40000\n".write(
            to: cash,
            atomically: true,
            encoding: .utf8
        )
        let quotes = directory.appendingPathComponent("prices.csv")
        try Self.quotes.write(to: quotes, atomically: true, encoding: .utf8)
        for arguments in [
            ["trades", "--portfolio", "P", trades.path], ["transactions", "--portfolio", "P", cash.path],
            ["quotes", quotes.path],
        ] {
            let result = try FolioProcess.run(["import"] + arguments + ["--db", db])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return db
    }

    @Test func aDifferingRowIsNamedOnStderrAndKeptUntilReplaced() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(in: directory)
        let file = directory.appendingPathComponent("prices.csv")
        try Self.quotes.replacingOccurrences(of: ",13,", with: ",12,").write(
            to: file,
            atomically: true,
            encoding: .utf8
        )

        let kept = try FolioProcess.run(["import", "quotes", file.path, "--db", db])
        #expect(kept.status == 0)
        #expect(kept.stderr == "\(file.path):3: price 12 differs from the stored 13\n")
        #expect(
            kept.stdout
                == "\(file.path): read 5, inserted 0, skipped 4 as duplicates, kept 1 stored row that differs (--replace updates it)\n"
        )
        #expect(
            try FolioProcess.run([
                "quotes", "list", "--asset", "USD", "--from", "2024-03-02", "--to", "2024-03-02", "--format", "csv",
                "--db", db,
            ]).stdout
                == "asset,currency,market,time,price,bid,ask,source\r\nUSD,UAH,nbu,2024-03-02T00:00:00Z,13,,,x\r\n"
        )

        let replaced = try FolioProcess.run(["import", "quotes", "--replace", file.path, "--db", db])
        #expect(replaced.status == 0)
        #expect(replaced.stdout == "\(file.path): read 5, inserted 0, updated 1, skipped 4 as duplicates\n")
        #expect(replaced.stderr == "\(file.path):3: price 12 replaced the stored 13\n")
        #expect(
            try FolioProcess.run([
                "quotes", "list", "--asset", "USD", "--from", "2024-03-02", "--to", "2024-03-02", "--format", "csv",
                "--db", db,
            ]).stdout
                .hasSuffix("USD,UAH,nbu,2024-03-02T00:00:00Z,12,,,x\r\n")
        )

        let again = try FolioProcess.run(["import", "quotes", file.path, "--db", db])
        #expect(again.stdout == "\(file.path): read 5, inserted 0, skipped 5 as duplicates\n" && again.stderr.isEmpty)
    }

    @Test func listsPrintIdsThroughFiltersInEveryFormat() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(in: directory)

        let text = try FolioProcess.run(["trades", "list", "--portfolio", "P", "--db", db])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(
            lines.first == "id portfolio time side asset quantity price price_currency fee fee_currency external_id"
        )
        #expect(
            lines.dropFirst(2) == [
                "1 P 2024-03-04T00:00:00Z buy BTC 0.5 60000 USD 0 USD t1",
                "2 P 2024-03-05T00:00:00Z sell BTC 0.1 61000 USD 0 USD t2",
                "3 P 2024-03-05T00:00:00Z buy ETH 2.0 3000 USD 0 USD —",
            ]
        )

        let csv = try FolioProcess.run(["trades", "list", "--asset", "ETH", "--format", "csv", "--db", db])
        #expect(
            csv.stdout
                == "id,portfolio,time,side,asset,quantity,price,price_currency,fee,fee_currency,external_id\r\n3,P,2024-03-05T00:00:00Z,buy,ETH,2,3000,USD,0,USD,\r\n"
        )

        let json = try FolioProcess.run(["transactions", "list", "--portfolio", "P", "--format", "json", "--db", db])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(
            rows.count == 1 && rows[0]["id"] as? Int == 1 && rows[0]["amount"] as? Int == 40000
                && rows[0]["type"] as? String == "deposit"
        )

        let quotes = try FolioProcess.run([
            "quotes", "list", "--market", "exchange", "--currency", "USD", "--format", "csv", "--db", db,
        ])
        #expect(quotes.stdout.split(separator: "\r\n").count == 3)
        #expect(
            try FolioProcess.run(["trades", "list", "--from", "2025-01-01", "--format", "csv", "--db", db]).stdout
                .split(separator: "\r\n").count == 1
        )
        #expect(try FolioProcess.run(["quotes", "--help"]).stdout.contains("Quotes have no id"))
        let bad = try FolioProcess.run(["trades", "list", "--format", "xml", "--db", db])
        #expect(bad.status != 0 && bad.stderr.contains("--format: \"xml\" is not one of text, csv, json"))
    }

    /// Sources, external ids and portfolio names come from files and answers: an escape sequence in one
    /// (`ESC ]0;owned BEL` retitles a terminal) is printed escaped by every list, in every format.
    @Test func textFromTheDatabaseReachesNoTerminalRaw() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(in: directory)
        let evil = "\u{1B}]0;owned\u{07}"
        try DatabaseQueue(path: db).write { db in
            try db.execute(sql: "UPDATE trade SET external_id = ? || id", arguments: [evil])
            try db.execute(sql: "UPDATE quote SET source = ?", arguments: [evil + "x"])
            try db.execute(sql: "UPDATE portfolio SET name = ?", arguments: [evil + "P"])
        }
        for list in [["trades", "list"], ["quotes", "list"], ["transactions", "list"], ["portfolio", "list"]] {
            for format in list[0] == "portfolio"
                ? [[]] : [["--format", "text"], ["--format", "csv"], ["--format", "json"]]
            {
                let result = try FolioProcess.run(list + format + ["--db", db])
                #expect(result.status == 0, "\(list) \(format): \(result.stderr)")
                #expect(!result.stdout.contains("\u{1B}") && !result.stdout.contains("\u{07}"), "\(list) \(format)")
                let escaped = format.last == "json" ? "\\u001b]0;owned\\u0007" : "\\x1B]0;owned\\x07"
                #expect(result.stdout.contains(escaped), "\(list) \(format): \(result.stdout)")
            }
        }
        let added = try FolioProcess.run(["portfolio", "add", "a\u{1B}b", "--db", db])
        #expect(
            added.status != 0
                && added.stderr.contains(
                    "a portfolio name is 1–200 characters, none of them a control character, found \"a\\x1Bb\""
                ),
            "\(added.stderr)"
        )
    }

    @Test func removeByIdOrFilterWithADryRunFirst() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.database(in: directory)
        func tradeIDs() throws -> [String] {
            try FolioProcess.run(["trades", "list", "--format", "csv", "--db", db]).stdout.split(separator: "\r\n")
                .dropFirst()
                .map { String($0.split(separator: ",")[0]) }
        }

        let dry = try FolioProcess.run([
            "trades", "remove", "--portfolio", "P", "--asset", "BTC", "--dry-run", "--format", "csv", "--db", db,
        ])
        #expect(dry.status == 0)
        #expect(dry.stdout.split(separator: "\r\n").count == 3)
        #expect(dry.stderr == "would remove 2 trades (--dry-run: nothing changed)\n")
        #expect(try tradeIDs() == ["1", "2", "3"])

        let unknown = try FolioProcess.run(["trades", "remove", "--id", "3", "--id", "99", "--db", db])
        #expect(unknown.status != 0)
        #expect(unknown.stderr == "Error: --id: no trade with id 99 (see `folio trades list`); nothing removed\n")
        #expect(try tradeIDs() == ["1", "2", "3"])

        let byID = try FolioProcess.run(["trades", "remove", "--id", "3", "--db", db])
        #expect(byID.status == 0 && byID.stderr == "removed 1 trade\n" && byID.stdout.contains("ETH"))
        #expect(try tradeIDs() == ["1", "2"])

        let byFilter = try FolioProcess.run([
            "trades", "remove", "--portfolio", "P", "--from", "2024-03-05", "--db", db,
        ])
        #expect(byFilter.status == 0 && byFilter.stderr == "removed 1 trade\n" && byFilter.stdout.contains("t2"))
        #expect(try tradeIDs() == ["1"])

        let nothing = try FolioProcess.run(["trades", "remove", "--portfolio", "P", "--from", "2024-03-05", "--db", db])
        #expect(nothing.status != 0)
        #expect(nothing.stderr == "Error: no trades match --portfolio \"P\" --from 2024-03-05; nothing removed\n")
        #expect(try FolioProcess.run(["transactions", "remove", "--db", db]).status != 0)

        let quotes = try FolioProcess.run(["quotes", "remove", "--asset", "BTC", "--to", "2024-03-04", "--db", db])
        #expect(quotes.status == 0 && quotes.stderr == "removed 1 quote\n")
        #expect(
            try FolioProcess.run(["quotes", "list", "--asset", "BTC", "--format", "csv", "--db", db]).stdout.split(
                separator: "\r\n"
            ).count == 2
        )
        let cash = try FolioProcess.run(["transactions", "remove", "--id", "1", "--db", db])
        #expect(cash.status == 0 && cash.stderr == "removed 1 transaction\n")
    }

    /// A batch output of a portfolio is rendered again after one of its trades or quotes is removed.
    @Test func aBatchOutputIsStaleAfterARemove() throws {
        let (directory, db) = try BatchFingerprintTests.copyOfDemo()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try BatchFingerprintTests.jobs(in: directory, "  - chart: pie")
        #expect(try BatchFingerprintTests.run(directory, jobs, db).filesRendered == 1)
        #expect(try BatchFingerprintTests.run(directory, jobs, db).filesSkipped == 1)

        let last = try FolioProcess.run(["trades", "list", "--portfolio", "DSX crypto", "--format", "csv", "--db", db])
            .stdout
            .split(separator: "\r\n").last.map { String($0.split(separator: ",")[0]) }
        let removed = try FolioProcess.run(["trades", "remove", "--id", try #require(last), "--db", db])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(
            try BatchFingerprintTests.run(directory, jobs, db).filesRendered == 1,
            "a removed trade must make the chart stale"
        )
        #expect(try BatchFingerprintTests.run(directory, jobs, db).filesSkipped == 1)

        let quote = try FolioProcess.run(["quotes", "remove", "--asset", "BTC", "--from", "2020-06-30", "--db", db])
        #expect(quote.status == 0, "\(quote.stderr)")
        #expect(
            try BatchFingerprintTests.run(directory, jobs, db).filesRendered == 1,
            "a removed quote must make the chart stale"
        )
    }
}
