import Foundation
import GRDB
import Testing

/// Inputs no real user writes — an alias nest, a 2 MiB definition, a Windows-1251 CSV — are refused in one
/// line naming the file and the limit, quickly, and change nothing.
@Suite struct InputLimitsTests {
    /// Eight anchors, each a list of ten aliases of the one before, the last used as a mapping key: Yams
    /// expanded it to 10^8 values while composing (24 s for a definition; a jobs file was then accepted).
    static let aliasNest: String = {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        for i in 1..<8 {
            lines.append("a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]")
        }
        return (lines + ["? *a7\n: boom"]).joined(separator: "\n") + "\n"
    }()

    static let overAliasLimit = ":5: more than 100000 values once aliases are expanded, the limit for a YAML file\n"

    @Test func anAliasNestInADefinitionOrAJobsFileIsRefusedAtOnce() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let evil = directory.appendingPathComponent("evil.yaml")
        try Self.aliasNest.write(to: evil, atomically: true, encoding: .utf8)
        let report = try FolioProcess.run([
            "report", "portfolio", "--portfolio", "Demo UAH", "--definition", evil.path, "--db",
            try DemoDatabase.path(),
            "--out", directory.appendingPathComponent("r.pdf").path,
        ])
        #expect(report.status == 1)
        #expect(report.stderr == "Error: " + evil.path + Self.overAliasLimit)
        #expect(report.seconds < 5)
        let batch = try FolioProcess.run(
            ["batch", evil.path, "--db", try DemoDatabase.path()],
            currentDirectory: directory
        )
        #expect(batch.status == 1)
        #expect(batch.stderr == "folio batch: " + evil.path + Self.overAliasLimit)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["evil.yaml"])
    }

    /// Every YAML file Folio reads — definitions, jobs, fetch configurations, smtp.yaml — has the 1 MiB limit.
    @Test func aYAMLFileOver1MiBIsRefusedForEveryReader() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("big.yaml")
        try ("title: \"" + String(repeating: "x", count: 2 << 20) + "\"\n").write(
            to: big,
            atomically: true,
            encoding: .utf8
        )
        // As smtp.yaml must be.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: big.path)
        let limit = "Error: \(big.path): \((2 << 20) + 10) bytes, more than 1 MiB, the limit for a YAML file\n"
        let out = directory.appendingPathComponent("out.pdf").path
        let commands: [(arguments: [String], prefix: String)] = [
            (["report", "market", "--definition", big.path, "--out", out, "--db", try DemoDatabase.path()], "Error: "),
            (["fetch", "--config", big.path, "--db", directory.appendingPathComponent("none.sqlite").path], "Error: "),
            (
                [
                    "mail", "--files", out, "--to", "a@example.com", "--dry-run", "--out",
                    directory.appendingPathComponent("m.eml").path,
                    "--smtp-config", big.path,
                ], "Error: "
            ),
            (["batch", big.path, "--db", try DemoDatabase.path()], "folio batch: "),
        ]
        for command in commands {
            let result = try FolioProcess.run(command.arguments, currentDirectory: directory)
            #expect(result.status == 1, "\(command.arguments[0]): \(result.stderr)")
            #expect(result.stderr == command.prefix + limit.dropFirst("Error: ".count), "\(command.arguments[0])")
        }
    }

    /// A key that is a list killed `import csv --mapping` and `fetch --config` with SIGILL (Yams traps on
    /// it) and was ignored in a jobs file: every reader now names its line.
    @Test func aKeyThatIsNotTextIsRefusedByEveryReader() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("m.yaml")
        try "? [a, b]\n: c\n".write(to: bad, atomically: true, encoding: .utf8)
        // As smtp.yaml must be.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: bad.path)
        let csv = directory.appendingPathComponent("a.csv")
        try "date,price\n2024-01-02,1\n".write(to: csv, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out.pdf").path
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let commands: [(arguments: [String], prefix: String)] = [
            (["import", "csv", csv.path, "--mapping", bad.path, "--db", db], "Error: "),
            (["fetch", "--config", bad.path, "--db", db], "Error: "),
            (["report", "market", "--definition", bad.path, "--out", out, "--db", try DemoDatabase.path()], "Error: "),
            (
                [
                    "mail", "--files", out, "--to", "a@example.com", "--dry-run", "--out",
                    directory.appendingPathComponent("m.eml").path,
                    "--smtp-config", bad.path,
                ], "Error: "
            ),
            (["batch", bad.path, "--db", try DemoDatabase.path()], "folio batch: "),
        ]
        for command in commands {
            let result = try FolioProcess.run(command.arguments, currentDirectory: directory)
            #expect(result.status == 1, "\(command.arguments[0]): \(result.stderr)")
            #expect(
                result.stderr == command.prefix + bad.path + ":1: a key that is not text, expected a name\n",
                "\(command.arguments[0])"
            )
        }
        #expect(try DatabaseQueue(path: db).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM quote") } == 0)
    }

    /// ArgumentParser's time grows with the square of the words (33,000 `--id` took 91 s): a command line
    /// over 4,096 words is refused before it is parsed, and changes nothing.
    @Test func aCommandLineOverTheWordLimitIsRefusedAtOnce() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try FolioProcess.initialisedDatabase(in: directory)
        let ids = (1...5_000).flatMap { ["--id", "\($0)"] }
        let removal = try FolioProcess.run(["trades", "remove"] + ids + ["--db", db])
        #expect(removal.status == 1)
        #expect(
            removal.stderr
                == "Error: 10004 words on the command line, more than 4096; give long lists of files or ids in several runs "
                + "(xargs -n 1000) or select by filters (--from, --to)\n"
        )
        #expect(removal.seconds < 2)
        let assets = try FolioProcess.run(
            ["chart", "line", "--asset"] + (1...300).map { "A\($0)" } + [
                "--db", db, "--out", directory.appendingPathComponent("a.png").path,
            ]
        )
        #expect(assets.stderr == "Error: --asset: unknown asset A1 (see `folio info`)\n", "\(assets.stderr)")
    }

    @Test func aWindows1251BudgetIsRefusedNamingTheByteAndTheConversion() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("f.sqlite").path
        #expect(try FolioProcess.run(["init", "--db", db]).status == 0)
        let csv = directory.appendingPathComponent("budget.csv")
        // "Продукти" as Windows-1251 writes it.
        try Data(
            Array("date,type,category,amount,currency,note\n2026-01-05,expense,".utf8)
                + [0xCF, 0xF0, 0xEE, 0xE4, 0xF3, 0xEA, 0xF2, 0xE8] + Array(",120,UAH,\n".utf8)
        ).write(to: csv)
        let result = try FolioProcess.run(["import", "budget", csv.path, "--db", db])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: \(csv.path):2: not UTF-8 (found byte 0xCF); convert with iconv -f CP1251 -t UTF-8\n"
        )
        let info = try FolioProcess.run(["info", "--db", db, "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any]
        #expect((object?["budgetMonths"] as? [Any])?.isEmpty == true, "\(info.stdout)")
    }
}
