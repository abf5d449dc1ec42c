import Foundation
import Testing

/// Every `folio` command in the shell blocks of README and docs/ runs as written, in a folder laid out as
/// a clone is (its `samples/`, with the demo database as `samples/demo.sqlite`) plus the two files the
/// manual has the reader write (a corrected prices file, a copied report definition), and succeeds; an
/// `--out` file exists afterwards. A block that starts with `folio init` runs on a new database: README's
/// first one must leave "Demo UAH" valued, as the demo's. Two kinds are left to their own suites, which run them against real
/// local servers: `folio fetch` (network; FetchTests) and `folio mail` without `--dry-run` (SMTP; MailTests).
@Suite struct ReadmeCommandsTests {
    struct Command {
        var line: String
        /// The shell block starts with `folio init`: it is the path from an empty database.
        var fromEmpty: Bool
    }

    /// The commands of each ```sh block, continuation lines joined and comments dropped.
    static func commands(in markdown: String) -> [Command] {
        var out: [Command] = []
        var block: [String]?
        var pending = ""
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if raw.hasPrefix("```") {
                if let lines = block {
                    let fromEmpty = lines.first?.hasPrefix("folio init") ?? false
                    out += lines.filter { $0.hasPrefix("folio ") }.map { Command(line: $0, fromEmpty: fromEmpty) }
                    block = nil
                } else if raw == "```sh" {
                    block = []
                }
                continue
            }
            guard block != nil else { continue }
            let line = withoutComment(raw).trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            block!.append(pending + line)
            pending = ""
        }
        return out
    }

    /// The line up to a `#` outside quotes that starts a word.
    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (i, c) in zip(line.indices, line) {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "#" && previous.isWhitespace {
                return String(line[..<i])
            }
            previous = c
        }
        return line
    }

    static func skipReason(_ line: String) -> String? {
        if line.hasPrefix("folio fetch") {
            return "asks the network; FetchTests run every source against a local HTTP server"
        }
        if line.hasPrefix("folio mail"), !line.contains("--dry-run") {
            return "sends mail; MailTests send to a local SMTP server"
        }
        return nil
    }

    /// README and the manual in docs/, whose examples are run alike.
    static func manual() throws -> String {
        let docs = Paths.projectRoot.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        return try
            ([Paths.projectRoot.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    @Test func readmeHasTheCommandsThisTestRuns() throws {
        let commands = Self.commands(in: try Self.manual())
        #expect(commands.count >= 40)
        #expect(
            commands.contains { $0.line.hasPrefix("folio import csv") }
                && commands.contains { $0.line.hasPrefix("folio asset set") }
        )
        #expect(Self.withoutComment(#"folio a "x # y" # note"#) == #"folio a "x # y" "#)
    }

    @Test func everyReadmeCommandRuns() throws {
        let work = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: work) }
        let fm = FileManager.default
        func write(_ name: String, _ text: String) throws {
            let url = work.appendingPathComponent(name)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let demo = work.appendingPathComponent("demo.sqlite").path
        try fm.copyItem(atPath: try DemoDatabase.path(), toPath: demo)
        // samples/ as in a clone, each entry a link to the repository's (which the commands only read),
        // and the demo database where `make demo` puts it.
        let samples = work.appendingPathComponent("samples")
        try fm.createDirectory(at: samples, withIntermediateDirectories: true)
        for entry in try fm.contentsOfDirectory(atPath: DemoDatabase.samples.path) where !entry.contains(".sqlite") {
            try fm.createSymbolicLink(
                at: samples.appendingPathComponent(entry),
                withDestinationURL: DemoDatabase.samples.appendingPathComponent(entry)
            )
        }
        try fm.createSymbolicLink(atPath: samples.appendingPathComponent("demo.sqlite").path, withDestinationPath: demo)
        // AAPL's stored closes, one of them typed wrong: the example's differing row.
        try write(
            "prices.csv",
            """
            date,asset,currency,price,market,source
            2013-02-08,AAPL,USD,67.8542,exchange,stock-csv
            2013-02-11,AAPL,USD,68.5614,exchange,stock-csv
            2013-02-12,AAPL,USD,12,exchange,stock-csv

            """
        )
        try fm.copyItem(
            at: Paths.projectRoot.appendingPathComponent("reports/portfolio.yaml"),
            to: work.appendingPathComponent("my-portfolio.yaml")
        )

        let folio = FolioProcess.executable.deletingLastPathComponent().path
        let hasJQ = (try? FolioProcess.tool("jq", ["--version"]).status) == 0
        func run(_ line: String, database: String) throws -> FolioProcess.Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", "set -o pipefail; " + line]
            process.currentDirectoryURL = work
            process.environment = ProcessInfo.processInfo.environment.merging([
                "PATH": folio + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "FOLIO_DB": database,
            ]) { $1 }
            let out = Pipe()
            let err = Pipe()
            process.standardOutput = out
            process.standardError = err
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return FolioProcess.Result(
                status: process.terminationStatus,
                stdout: String(decoding: stdout, as: UTF8.self),
                stderr: String(decoding: stderr, as: UTF8.self),
                seconds: 0
            )
        }
        // What `make demo` writes, which the mail examples attach.
        for line in [
            #"folio report daily --portfolio "Demo UAH" --out out/daily"#,
            #"folio report portfolio --portfolio "Demo UAH" --locale en --out out/portfolio-en.pdf"#,
        ] {
            #expect(try run(line, database: demo).status == 0)
        }

        let commands = Self.commands(in: try Self.manual())
        var ran = 0
        for command in commands {
            if Self.skipReason(command.line) != nil { continue }
            if command.line.contains("| jq"), !hasJQ { continue }
            let result = try run(
                command.line,
                database: command.fromEmpty ? work.appendingPathComponent("new.sqlite").path : demo
            )
            #expect(result.status == 0, "\(command.line)\n\(result.stderr)")
            if let out = command.line.split(separator: " ").drop(while: { $0 != "--out" }).dropFirst().first {
                #expect(
                    fm.fileExists(atPath: work.appendingPathComponent(String(out)).path),
                    "\(command.line): no \(out)"
                )
            }
            ran += 1
        }
        #expect(ran >= 35)

        // README's first block made "Demo UAH" from samples/ alone: every holding valued, as in the demo.
        let holdings = #"folio table holdings --portfolio "Demo UAH" --as-of 2017-12-29 --format json"#
        let fresh = try run(holdings, database: work.appendingPathComponent("new.sqlite").path)
        #expect(fresh.status == 0 && fresh.stderr.isEmpty, "\(fresh.stderr)")
        #expect(fresh.stdout.contains("\"AAPL\"") && !fresh.stdout.contains("\"value_uah\":null"), "\(fresh.stdout)")
        // The demo as built (the copy above was changed by the manual's corrections).
        #expect(fresh.stdout == (try run(holdings, database: try DemoDatabase.path())).stdout)
    }
}
