import Foundation
import Testing

/// Issue 41's messages and rates files, through the real `folio`: what was a raw SQLite error, a reason
/// left out, libyaml's words for a programmer, a 300-digit number or a character that acts on the
/// terminal is now one line a user reads, and a rates file is read as every other file is.
@Suite struct InputMessageTests {
    typealias L = BrokerLayouts

    /// A negative `Price / share` was `SQLite error 19: CHECK constraint failed: price >= 0`.
    @Test func aNegativePriceIsNamedNotAConstraintOfTheDatabase() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let f = try s.file(
            "t.csv",
            L.trading212
                + "\nMarket buy,2024-01-03 14:31:02,US0378331005,AAPL,Apple,,b1,5,-184.25,USD,1.09,,EUR,844.82,EUR\n"
        )
        #expect(
            try s.importing("trading212", [f]).isRefusal(
                "\(f):2: Price / share: found \"-184.25\", expected a number above zero"
            )
        )
    }

    /// A sale of 1e300 shares was stored, and its warning printed all 301 digits of it.
    @Test func noMessagePrintsANumbersThreeHundredDigits() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        #expect(try s.folio(["portfolio", "add", "P", "--base", "USD"]).status == 0)
        let f = try s.file(
            "t.csv",
            "time,side,asset,quantity,price,price_currency\n2024-01-02T00:00:00Z,sell,AAPL,1e300,1,USD\n"
        )
        let result = try s.folio(["import", "trades", "--portfolio", "P", f])
        #expect(result.isRefusal(containing: "\(f):2: quantity: found \"1e300\""))
        #expect(!result.stderr.contains("0000000000000000000000000"))
    }

    /// `--tax-rates` took days of 1969 and 9999 and a percent of 1e-400 (as 0), and said only "cannot
    /// read" of a file it could not read.
    @Test(arguments: [
        (
            "from: 1969-01-01",
            "personal-income-tax[0].from (line 3): expected a date from 1970-01-01 to a year from now; found 1969-01-01"
        ),
        (
            "from: 9999-01-01",
            "personal-income-tax[0].from (line 3): expected a date from 1970-01-01 to a year from now; found 9999-01-01"
        ),
        (
            "percent: 1e-400",
            "personal-income-tax[0].percent (line 3): expected a percent from 0 to 100; found \"1e-400\""
        ),
    ])
    func aRatesFilesDaysAndPercentsAreInBounds(_ field: String, _ message: String) throws {
        let s = try ImportScratch()
        defer { s.remove() }
        #expect(try s.folio(["portfolio", "add", "U", "--base", "UAH"]).status == 0)
        let entry = ["percent: 18", "from: 2016-01-01", "law: x"].map { $0.hasPrefix(field.prefix(4)) ? field : $0 }
        let rates = try s.file(
            "r.yaml",
            "carry-losses-forward: true\npersonal-income-tax:\n  - {\(entry.joined(separator: ", "))}\nmilitary-levy:\n  - {percent: 5, from: 2024-12-01, law: y}\n"
        )
        let result = try s.folio(["table", "tax-year", "--portfolio", "U", "--year", "2020", "--tax-rates", rates])
        #expect(result.isRefusal("\(rates): \(message)"))
    }

    /// A FIFO as `--tax-rates` was opened and waited on for ever; a missing file was "cannot read" alone.
    @Test func aRatesFileIsARegularFileAndAMissingOneSaysWhy() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        #expect(try s.folio(["portfolio", "add", "U", "--base", "UAH"]).status == 0)
        let fifo = s.directory.appendingPathComponent("rates.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let (process, out, err) = try FolioProcess.start(
            ["table", "tax-year", "--portfolio", "U", "--year", "2020", "--tax-rates", fifo, "--db", s.db]
        )
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        // SIGKILL: a process blocked in open() of a FIFO waits out a SIGTERM it handles.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr == "Error: --tax-rates: \(fifo) is not a regular file, expected a rates file (YAML)\n")
        let missing = s.directory.appendingPathComponent("none.yaml").path
        #expect(
            try s.folio(["table", "tax-year", "--portfolio", "U", "--year", "2020", "--tax-rates", missing]).isRefusal(
                "--tax-rates: cannot read \(missing): no such file or directory"
            )
        )
    }

    /// libyaml's own limit was printed in its words: "set with yaml_set_max_nest_level()".
    @Test func aNestTooDeepForLibyamlIsFoliosLimit() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let deep = try s.file(
            "deep.yaml",
            "a: " + String(repeating: "[", count: 1100) + String(repeating: "]", count: 1100) + "\n"
        )
        #expect(try s.folio(["portfolio", "add", "U", "--base", "UAH"]).status == 0)
        let result = try s.folio(["table", "tax-year", "--portfolio", "U", "--year", "2020", "--tax-rates", deep])
        #expect(result.isRefusal("\(deep):1: nested more than 64 levels deep, the limit for a YAML file"))
    }

    /// U+202E was printed raw by `asset list` and written raw to both exports; ESC was exported as the
    /// text `\x1B`. Each format now escapes as it does: the terminal and CSV `\u{202E}` and `\x1B`, JSON
    /// `\u202e` and `\u001b`.
    @Test func controlAndBidiCharactersInANameAreEscapedAsEachFormatEscapes() throws {
        let s = try ImportScratch()
        defer { s.remove() }
        let name = "Evil\u{202E}fdp\u{1B}[31mCorp"
        let f = try s.file(
            "t.csv",
            L.trading212 + "\nDeposit,2024-01-02 09:15:04,,,,,d1,,,,,,,2000.00,EUR\n"
                + "Market buy,2024-01-03 14:31:02,US0378331005,EVIL,\"\(name)\",,b1,5,184.25,EUR,1,,EUR,921.25,EUR\n"
        )
        #expect(try s.importing("trading212", [f]).status == 0)
        let raw: (String) -> Bool = { text in text.unicodeScalars.contains { $0.value == 0x202E || $0.value == 0x1B } }
        for format in ["text", "csv", "json"] {
            let list = try s.folio(["asset", "list", "--format", format])
            #expect(list.status == 0 && !raw(list.stdout), "\(format)")
            #expect(
                list.stdout.contains(
                    format == "json" ? "Evil\\u202efdp\\u001b[31mCorp" : "Evil\\u{202E}fdp\\x1B[31mCorp"
                )
            )
        }
        // A manual asset, so that Ghostfolio's export writes its profile and name.
        #expect(
            try s.folio(["asset", "set", "EVIL", "--kind", "other"]).stdout
                == "EVIL: other, \"Evil\\u{202E}fdp\\x1B[31mCorp\"\n"
        )
        let ghostfolio = try s.folio(["export", "ghostfolio", "--portfolio", "P"])
        #expect(ghostfolio.status == 0 && !raw(ghostfolio.stdout))
        #expect(ghostfolio.stdout.contains("\"name\":\"Evil\\u202efdp\\u001b[31mCorp\""))
        let decoded = try JSONSerialization.jsonObject(with: Data(ghostfolio.stdout.utf8)) as? [String: Any]
        let profiles = decoded?["assetProfiles"] as? [[String: Any]] ?? []
        #expect(profiles.contains { $0["name"] as? String == name })
        let out = s.directory.appendingPathComponent("pp")
        #expect(try s.folio(["export", "pp-csv", "--portfolio", "P", "--out", out.path]).status == 0)
        let texts = try FileManager.default.contentsOfDirectory(atPath: out.path).map {
            try String(contentsOf: out.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(!texts.contains(where: raw))
        #expect(texts.contains { $0.contains("Evil\\u{202E}fdp\\x1B[31mCorp") })
    }
}
