import FolioCore
import Foundation
import Testing

@Suite struct CommandLineTests {
    @Test func aBadRowIsOneLineOnStderrAndChangesNothing() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("f.sqlite").path
        let file = directory.appendingPathComponent("q.csv")
        try "date,asset,currency,price,market,source\n2024-01-01,USD,UAH,38,nbu,x\n2024-01-02,USD,UAH,3 8,nbu,x\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(try FolioProcess.run(["init", "--db", db]).status == 0)
        let result = try FolioProcess.run(["import", "quotes", file.path, "--db", db])
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first == "Error: \(file.path):3: price: found \"3 8\", expected a number such as 12.5")
        let info = try FolioProcess.run(["info", "--db", db, "--format", "json"])
        #expect(info.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect((json?["quoteSeries"] as? [Any])?.isEmpty == true)
    }

    @Test func infoDescribesTheDatabaseAsTextAndJSON() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let env = ["FOLIO_DB": directory.appendingPathComponent("env.sqlite").path]
        #expect(try FolioProcess.run(["init"], environment: env).status == 0)
        #expect(
            try FolioProcess.run(["portfolio", "add", "DSX crypto", "--base", "USD"], environment: env).status == 0
        )
        let dsx = Paths.samples.appendingPathComponent("dsx")
        let imported = try FolioProcess.run(
            [
                "import", "dsx-transactions", "--portfolio", "DSX crypto",
                dsx.appendingPathComponent("dsx_transactions_prod.csv").path,
            ],
            environment: env
        )
        #expect(imported.stdout.contains("read 117, inserted 117, skipped 0 as duplicates"))
        _ = try FolioProcess.run(
            [
                "import", "nbu-json",
                Paths.samples.appendingPathComponent("nbu/raw/20220224.json").path,
            ],
            environment: env
        )

        let text = try FolioProcess.run(["info"], environment: env)
        #expect(text.status == 0)
        let words = text.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(words.contains("DSX crypto USD 0 117 103"))
        #expect(words.contains("USD UAH nbu 2022-02-24 2022-02-24 1"))

        let json = try FolioProcess.run(["info", "--format", "json"], environment: env)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let portfolios = try #require(object["portfolios"] as? [[String: Any]])
        #expect(portfolios.first?["name"] as? String == "DSX crypto")
        #expect(portfolios.first?["completedCashTransactions"] as? Int == 103)
        let series = try #require(object["quoteSeries"] as? [[String: Any]])
        #expect(series.first { $0["asset"] as? String == "USD" }?["first"] as? String == "2022-02-24T00:00:00Z")
    }

    @Test func readingCommandsDoNotCreateADatabase() throws {
        let path = "/tmp/folio-cli-\(UUID().uuidString)/none.sqlite"
        let result = try FolioProcess.run(["info", "--db", path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no database here"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test(arguments: ["import", "portfolio add", "info", "init"])
    func everyCommandHasHelpWithExamples(_ command: String) throws {
        let result = try FolioProcess.run(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Example"))
        #expect(result.stdout.contains("--db"))
    }

    /// Every command's help, nested ones too, reads as filled paragraphs: ArgumentParser breaks a line of
    /// more than 80 columns where it passes them and starts the next line of the text on a new line,
    /// which left a short fragment in the middle of a paragraph ("PDFs and" / "--attach files are…"). So a
    /// paragraph line is never a short one followed by a line whose first word would have fitted on it
    /// (hand-wrapped lines may end anywhere from 50 columns on).
    @Test func helpParagraphsAreFilledNotRagged() throws {
        var commands: [[String]] = [[]]
        var checked = 0
        while let command = commands.popLast() {
            // ArgumentParser wraps at $COLUMNS when it is set: 80, as on a terminal and under cron.
            let help = try FolioProcess.run(command + ["--help"], environment: ["COLUMNS": "80"]).stdout
            let lines = help.components(separatedBy: "\n")
            // The overview and discussion come before USAGE; then the subcommands to visit.
            let text = lines.prefix { !$0.hasPrefix("USAGE:") }
            for (line, next) in zip(text, text.dropFirst()) where !line.isEmpty && !next.isEmpty && !next.hasPrefix(" ")
            {
                let word = next.prefix { $0 != " " }
                #expect(
                    line.count >= 50 || line.count + 1 + word.count > 80,
                    "folio \(command.joined(separator: " ")) --help: \"\(line)\" / \"\(next)\""
                )
            }
            if let start = lines.firstIndex(of: "SUBCOMMANDS:") {
                // A subcommand's name starts its line two columns in; its abstract may go on below.
                for line in lines[(start + 1)...].prefix(while: { !$0.isEmpty })
                where line.hasPrefix("  ") && !line.hasPrefix("   ") {
                    let name = String(line.dropFirst(2).prefix { $0 != " " })
                    if name != "help" { commands.append(command + [name]) }
                }
            }
            checked += 1
        }
        #expect(checked > 20)
    }

    /// The version, and the commit when the build recorded one beside the binary (`make build` does, from
    /// a clean checkout; `swift build` does not).
    /// The database's default path, in the order Store.defaultPath takes it, in the help of `folio` and
    /// of every --db.
    @Test func helpNamesWhereTheDatabaseIs() throws {
        let root = try FolioProcess.run(["--help"], environment: ["COLUMNS": "80"]).stdout
        #expect(
            root.contains(
                "The database is $FOLIO_DB, else $XDG_DATA_HOME/folio/folio.sqlite, else\n~/.local/share/folio/folio.sqlite"
            ),
            "\(root)"
        )
        let table = try FolioProcess.run(["table", "--help"], environment: ["COLUMNS": "200"]).stdout
        #expect(
            table.contains(
                "(default: $FOLIO_DB, else $XDG_DATA_HOME/folio/folio.sqlite, else ~/.local/share/folio/folio.sqlite)"
            ),
            "\(table)"
        )
    }

    @Test func versionIsPrinted() throws {
        let recorded = try? String(
            contentsOf: FolioProcess.executable.deletingLastPathComponent().appendingPathComponent("folio.commit"),
            encoding: .utf8
        )
        let commit = recorded?.trimmingCharacters(in: .whitespacesAndNewlines)
        let expected = FolioVersion.current + (commit.map { " (commit \($0))" } ?? "")
        #expect(try FolioProcess.run(["--version"]).stdout == expected + "\n")
    }
}
