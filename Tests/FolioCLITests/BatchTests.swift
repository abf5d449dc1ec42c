import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `folio batch` run as cron runs it. Each test renders something cheap per portfolio (one pie chart) so
/// that hundreds of portfolios fit in seconds; serialized, because the kill test waits on wall time.
@Suite(.serialized) struct BatchTests {
    /// A copy of the demo database with `count` more small portfolios (two stock purchases each), their
    /// names including the ones paths must survive: a slash, dots, spaces, Cyrillic, two names that
    /// sanitise alike, two long names that differ only at the end.
    static func generatedDatabase(_ count: Int, in directory: URL) throws -> (path: String, names: [String]) {
        let path = directory.appendingPathComponent("batch.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: path)
        let long = String(repeating: "Довгий портфель ", count: 8)
        let special = [
            "../escape", "a/b", "a b", ".hidden", "  spaces  inside ", "Портфель Іван", long + "1", long + "2",
        ]
        let names = (0..<count).map { $0 < special.count ? special[$0] : String(format: "Generated %03d", $0) }
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let usd = try Int64.fetchOne(db, sql: "SELECT id FROM asset WHERE code = 'USD'")!
            let stocks = try Int64.fetchAll(db, sql: "SELECT id FROM asset WHERE kind = 'stock' ORDER BY code")
            for (i, name) in names.enumerated() {
                try db.execute(
                    sql: "INSERT INTO portfolio (name, base_currency_id) VALUES (?, ?)",
                    arguments: [name, usd]
                )
                let id = db.lastInsertedRowID
                for j in 0..<2 {
                    // 2017-01-02 onwards: the sample stock quotes run to 2018-02-07.
                    try db.execute(
                        sql: """
                            INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id)
                            VALUES (?, ?, 'buy', ?, ?, 100, ?, 0, ?)
                            """,
                        arguments: [
                            id, 1_483_315_200_000 + Int64(j) * 86_400_000, stocks[(i + j * 3) % stocks.count],
                            1 + i % 5 + j, usd, usd,
                        ]
                    )
                }
            }
        }
        return (path, ["DSX crypto", "Demo UAH"] + names)
    }

    static func writeJobs(_ directory: URL, formats: [String] = ["png"], theme: String = "light") throws -> URL {
        var text = "portfolios: all\noutput: \"out/{portfolio}/{date}/{report}.{ext}\"\nrender:\n"
        for format in formats {
            text += "  - chart: pie\n    name: allocation\n    format: \(format)\n    theme: \(theme)\n"
        }
        let url = directory.appendingPathComponent("jobs.yaml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// `folio batch` with the working directory `directory` (outputs go to its `out/`).
    static func batch(
        _ directory: URL,
        _ arguments: [String],
        environment: [String: String] = [:]
    ) throws -> FolioProcess.Result {
        try FolioProcess.run(["batch"] + arguments, environment: environment, currentDirectory: directory)
    }

    struct Summary: Decodable {
        struct Portfolio: Decodable {
            var name: String
            var rendered: [String]
            var skipped: [String]
            var failures: [String]
        }
        var rendered: Int
        var skipped: Int
        var failed: Int
        var filesRendered: Int
        var filesSkipped: Int
        var portfolios: [Portfolio]
    }

    static func summary(_ result: FolioProcess.Result) throws -> Summary {
        try JSONDecoder().decode(Summary.self, from: Data(result.stdout.utf8))
    }

    static func files(under root: URL) -> [URL] {
        (FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
    }

    /// Hidden files other than the ones a batch keeps (fingerprints, memos, mail records, its lock): what a write
    /// in progress looks like.
    static func isTemporary(_ url: URL) -> Bool {
        let name = url.lastPathComponent
        return name.hasPrefix(".") && !name.hasSuffix(".fingerprint") && name != ".folio-batch"
            && !name.hasSuffix(".folio-mail") && !(name.hasPrefix(".folio-batch-") && name.hasSuffix(".lock"))
    }

    /// A PNG that a decoder would accept: the signature, then an IHDR chunk of 13 bytes with a non-zero size.
    static func isValidPNG(_ url: URL) -> Bool {
        guard let data = try? Data(contentsOf: url), data.count > 33 else { return false }
        let bytes = [UInt8](data.prefix(24))
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let width = bytes[16...19].reduce(0) { $0 << 8 | UInt32($1) }
        let height = bytes[20...23].reduce(0) { $0 << 8 | UInt32($1) }
        return Array(bytes[0..<8]) == signature && Array(bytes[8..<16]) == [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
            && width > 0 && height > 0
    }

    @Test func twoHundredPortfoliosInOneRunWithSafePaths() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, names) = try Self.generatedDatabase(198, in: directory)
        let jobs = try Self.writeJobs(directory)
        let result = try Self.batch(directory, [jobs.path, "--db", db, "--jobs", "2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try Self.summary(result)
        #expect(names.count == 200)
        #expect(summary.rendered == 200 && summary.failed == 0 && summary.filesRendered == 200)
        #expect(Set(summary.portfolios.map(\.name)) == Set(names))
        // Every portfolio has its own folder directly under out/, beside the run's lock when no
        // $XDG_RUNTIME_DIR took it: nothing escaped, nothing collided.
        let out = directory.appendingPathComponent("out")
        let entries = try FileManager.default.contentsOfDirectory(atPath: out.path)
        let folders = entries.filter { !($0.hasPrefix(".folio-batch-") && $0.hasSuffix(".lock")) }
        #expect(entries.count - folders.count <= 1)
        #expect(folders.count == 200)
        #expect(
            folders.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") && !$0.contains(" ") && $0.utf8.count <= 80 }
        )
        #expect(
            folders.contains("Портфель_Іван") && folders.contains(".._escape") == false
                && folders.contains("_.._escape")
        )
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("escape").path))
        // "a/b" and "a b" would both be a_b: each gets a hash ending instead.
        #expect(!folders.contains("a_b") && folders.filter { $0.hasPrefix("a_b-") }.count == 2)
        #expect(folders.filter { $0.hasPrefix("Довгий_портфель_") }.count == 2)
        let pngs = Self.files(under: out).filter { $0.pathExtension == "png" }
        #expect(pngs.count == 200 && pngs.allSatisfy(Self.isValidPNG))
        #expect(result.stderr.contains("200 portfolios: 200 rendered, 0 up to date, 0 failed"))
    }

    @Test func killedRunRunAgainLeavesEveryOutputValid() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, names) = try Self.generatedDatabase(58, in: directory)
        let jobs = try Self.writeJobs(directory, formats: ["png", "pdf"])
        let out = directory.appendingPathComponent("out")
        let (process, _, _) = try FolioProcess.start(
            ["batch", jobs.path, "--db", db, "--jobs", "2"],
            currentDirectory: directory
        )
        // Kill it once some outputs exist and before all of them do.
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, Self.files(under: out).filter({ $0.pathExtension == "pdf" }).count < 10 {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let before = Self.files(under: out).filter { $0.pathExtension == "pdf" }.count
        #expect(before >= 10 && before < names.count, "killed after \(before) PDFs")
        // What a kill during a write leaves behind, whether or not this kill happened to leave one.
        let leftover = try #require(Self.files(under: out).first { $0.pathExtension == "png" })
            .deletingLastPathComponent().appendingPathComponent(".allocation.png.Zq81xK")
        try Data([0x89, 0x50]).write(to: leftover)

        let again = try Self.batch(directory, [jobs.path, "--db", db, "--json"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("removed \(leftover.path)"))
        let summary = try Self.summary(again)
        #expect(summary.skipped > 0 && summary.failed == 0 && summary.rendered + summary.skipped == names.count)
        let files = Self.files(under: out)
        #expect(files.filter(Self.isTemporary).isEmpty)
        let pngs = files.filter { $0.pathExtension == "png" }
        let pdfs = files.filter { $0.pathExtension == "pdf" }
        #expect(pngs.count == names.count && pdfs.count == names.count)
        #expect(pngs.allSatisfy(Self.isValidPNG))
        for pdf in pdfs {
            let info = try FolioProcess.tool("pdfinfo", [pdf.path])
            #expect(info.status == 0 && info.stdout.contains("Pages:"), "\(pdf.path): \(info.stderr)")
        }
    }

    @Test func sigtermStartsNothingNewAndLeavesNoTemporaryFiles() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, names) = try Self.generatedDatabase(58, in: directory)
        let jobs = try Self.writeJobs(directory, formats: ["png", "pdf"])
        let out = directory.appendingPathComponent("out")
        let (process, stdout, stderr) = try FolioProcess.start(
            ["batch", jobs.path, "--db", db, "--jobs", "2", "--json"],
            currentDirectory: directory
        )
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, Self.files(under: out).filter({ $0.pathExtension == "pdf" }).count < 5 {
            usleep(20_000)
        }
        kill(process.processIdentifier, SIGTERM)
        let summary = try Self.summary(
            FolioProcess.Result(
                status: 0,
                stdout: String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                stderr: "",
                seconds: 0
            )
        )
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(log.contains("interrupted: ") && log.contains(" portfolios not started, "))
        let files = Self.files(under: out)
        #expect(files.filter(Self.isTemporary).isEmpty)
        #expect(files.filter { $0.pathExtension == "png" }.allSatisfy(Self.isValidPNG))
        #expect(summary.rendered < names.count && summary.failed == 0)
        #expect(BatchIsolationTests.workers(of: jobs).isEmpty, "no worker outlives its run")
    }

    /// On a terminal the progress is one bar redrawn in place (count, rate, time left), not a line per
    /// portfolio; python3's pty module gives the batch a terminal for stderr.
    @Test func progressIsABarOnATerminal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, _) = try Self.generatedDatabase(10, in: directory)
        let jobs = try Self.writeJobs(directory)
        let script = """
            import os, pty, sys
            pid, fd = pty.fork()
            if pid == 0:
                os.chdir(sys.argv[1])
                os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
                os.execv(sys.argv[2], sys.argv[2:])
            out = b""
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            os.waitpid(pid, 0)
            sys.stdout.write(out.decode("utf-8", "replace"))
            """
        let result = try FolioProcess.tool(
            "python3",
            ["-c", script, directory.path, FolioProcess.executable.path, "batch", jobs.path, "--db", db, "--jobs", "2"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        let terminal = result.stdout
        #expect(terminal.contains("\r[##############################] 12/12  "), "\(terminal.debugDescription)")
        #expect(terminal.contains("/s  left 0:00"))
        // No per-portfolio log lines on a terminal; the summary follows the bar.
        #expect(!terminal.contains("[1/12] "))
        #expect(terminal.contains("12 portfolios: 12 rendered, 0 up to date, 0 failed"))
    }

    @Test func secondRunOfTheSameJobsFileIsRefusedAndAStaleLockIsTakenOver() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.writeJobs(directory)
        // The lock is in the output root, named after the jobs file: there, and alone, after a first run.
        let first = try Self.batch(directory, [jobs.path, "--db", try DemoDatabase.path()])
        #expect(first.status == 0, "\(first.stderr)")
        let out = directory.appendingPathComponent("out")
        let locks = try FileManager.default.contentsOfDirectory(atPath: out.path).filter {
            $0.hasPrefix(".folio-batch-") && $0.hasSuffix(".lock")
        }
        #expect(locks.count == 1)
        let lockPath = out.appendingPathComponent(try #require(locks.first)).path
        for entry in try FileManager.default.contentsOfDirectory(atPath: out.path) where !locks.contains(entry) {
            try FileManager.default.removeItem(at: out.appendingPathComponent(entry))
        }
        // This process stands in for a run in progress: it holds the same flock a run holds.
        let fd = open(lockPath, O_RDWR | O_CREAT, 0o644)
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        try "4242\n".write(toFile: lockPath, atomically: false, encoding: .utf8)
        // From cron (no $XDG_RUNTIME_DIR) and from a login shell (with one), the same lock: neither
        // run may write the outputs the other is writing.
        let runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        for environment in [[:], ["XDG_RUNTIME_DIR": runtime.path]] {
            let refused = try Self.batch(
                directory,
                [jobs.path, "--db", try DemoDatabase.path()],
                environment: environment
            )
            #expect(refused.status == 3)
            #expect(refused.stderr == "folio batch: \(lockPath) is held by another run (pid 4242); nothing done\n")
        }
        close(fd)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == locks)
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).isEmpty)
        // The lock file is still there, as a killed run leaves it, but nobody holds it: the next run goes ahead.
        let next = try Self.batch(directory, [jobs.path, "--db", try DemoDatabase.path()])
        #expect(next.status == 0, "\(next.stderr)")
    }

    /// An output root the user cannot write (another user's tree, read-only) puts the lock in
    /// $XDG_RUNTIME_DIR; the run then fails on its outputs, not on its lock.
    @Test func anUnwritableOutputRootPutsTheLockInTheRuntimeFolder() throws {
        guard getuid() != 0 else { return }  // root writes everywhere: nothing to check
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.writeJobs(directory)
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        chmod(out.path, 0o500)
        defer { chmod(out.path, 0o700) }
        let runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        _ = try Self.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path()],
            environment: ["XDG_RUNTIME_DIR": runtime.path]
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: runtime.path).count == 1)
    }

    @Test func shardsAreDisjointAndTogetherRenderEveryPortfolio() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let (db, names) = try Self.generatedDatabase(28, in: directory)
        let jobs = try Self.writeJobs(directory)
        var parts: [Set<String>] = []
        for k in 0..<3 {
            let result = try Self.batch(directory, [jobs.path, "--db", db, "--json", "--shard", "\(k)/3"])
            #expect(result.status == 0, "\(result.stderr)")
            parts.append(Set(try Self.summary(result).portfolios.map(\.name)))
        }
        #expect(parts.allSatisfy { !$0.isEmpty })
        #expect(
            parts[0].isDisjoint(with: parts[1]) && parts[0].isDisjoint(with: parts[2])
                && parts[1].isDisjoint(with: parts[2])
        )
        #expect(parts[0].union(parts[1]).union(parts[2]) == Set(names))
        // The Kubernetes Indexed Job way picks the same part (0-based) as --shard.
        let indexed = try Self.batch(
            directory,
            [jobs.path, "--db", db, "--json"],
            environment: ["JOB_COMPLETION_INDEX": "1", "FOLIO_SHARDS": "3"]
        )
        #expect(Set(try Self.summary(indexed).portfolios.map(\.name)) == parts[1])
        let viaOption = try Self.batch(
            directory,
            [jobs.path, "--db", db, "--json", "--shards", "3"],
            environment: ["JOB_COMPLETION_INDEX": "2"]
        )
        #expect(Set(try Self.summary(viaOption).portfolios.map(\.name)) == parts[2])
        let bad = try Self.batch(directory, [jobs.path, "--db", db, "--shard", "3/3"])
        #expect(bad.status == 1 && bad.stderr.contains("--shard: expected K/N with 0 ≤ K < N"))
    }

    @Test func unchangedOutputsAreSkippedAndForceOrChangedDataRendersAgain() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("demo.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: db)
        let jobs = try Self.writeJobs(directory)
        let first = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(first.filesRendered == 2 && first.filesSkipped == 0)
        let png = try #require(
            Self.files(under: directory.appendingPathComponent("out")).first {
                $0.path.contains("Demo_UAH") && $0.pathExtension == "png"
            }
        )
        let written = try FileManager.default.attributesOfItem(atPath: png.path)[.modificationDate] as? Date
        let second = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(second.filesRendered == 0 && second.filesSkipped == 2 && second.skipped == 2)
        #expect(try FileManager.default.attributesOfItem(atPath: png.path)[.modificationDate] as? Date == written)
        let forced = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json", "--force"]))
        #expect(forced.filesRendered == 2)
        // A deleted output comes back, and only it.
        try FileManager.default.removeItem(at: png)
        let restored = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(restored.filesRendered == 1 && restored.filesSkipped == 1 && Self.isValidPNG(png))
        // So does one a crash emptied (outputs are not flushed to disk one by one): its sidecar records its size.
        try Data().write(to: png)
        let emptied = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(emptied.filesRendered == 1 && emptied.filesSkipped == 1 && Self.isValidPNG(png))
        // A new trade in one portfolio makes only that portfolio's output stale.
        try DatabaseQueue(path: db).write { db in
            try db.execute(
                sql: """
                    INSERT INTO trade (portfolio_id, time_ms, side, asset_id, quantity, price, price_currency_id, fee, fee_currency_id)
                    SELECT id, 1483315200000, 'buy', (SELECT id FROM asset WHERE code = 'AAPL'), 1, 100, (SELECT id FROM asset WHERE code = 'USD'), 0,
                           (SELECT id FROM asset WHERE code = 'USD') FROM portfolio WHERE name = 'Demo UAH'
                    """
            )
        }
        let changed = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(changed.portfolios.first { $0.name == "Demo UAH" }?.rendered.count == 1)
        #expect(changed.portfolios.first { $0.name == "DSX crypto" }?.skipped.count == 1)
        // So does a changed job (another theme).
        _ = try Self.writeJobs(directory, theme: "dark")
        let rethemed = try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"]))
        #expect(rethemed.filesRendered == 2)
    }

    @Test func aChartOfAnAssetOutsideThePortfolioIsStaleWhenThatAssetGetsAQuote() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("demo.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: db)
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try
            "portfolios: [\"DSX crypto\"]\nrender:\n  - chart: line\n    args: [\"--asset\", \"AAPL\", \"--as-of\", \"2018-02-07\"]\n"
            .write(to: jobs, atomically: true, encoding: .utf8)
        #expect(try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"])).filesRendered == 1)
        #expect(try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"])).filesSkipped == 1)
        try DatabaseQueue(path: db).write { db in
            try db.execute(
                sql: """
                    INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                    SELECT a.id, c.id, 'exchange', 1517961600000 - 86400000 * 3650, 1, 'test' FROM asset a, asset c WHERE a.code = 'AAPL' AND c.code = 'USD'
                    """
            )
        }
        #expect(try Self.summary(try Self.batch(directory, [jobs.path, "--db", db, "--json"])).filesRendered == 1)
    }

    @Test(arguments: [
        ("render: []\n", "jobs.yaml:1: portfolios: missing, expected all or a list of portfolio names"),
        (
            "portfolios: some\nrender: [{daily: true}]\n",
            "jobs.yaml:1: portfolios: expected all or a list of portfolio names"
        ),
        (
            "portfolios: all\nrender:\n  - daily: true\n  - report: portfolio\n    locale: fr\n",
            "jobs.yaml:5: render[1].locale: expected en or uk"
        ),
        (
            "portfolios: all\nrender:\n  - chart: pie\n    args: [\"--by\", \"colour\"]\n",
            "jobs.yaml:4: render[0].args: --by: unknown grouping \"colour\", expected asset, kind, currency or category"
        ),
        (
            "portfolios: all\noutput: \"out/{name}.{ext}\"\nrender: [{daily: true}]\n",
            "jobs.yaml:2: output: unknown placeholder {name}"
        ),
        ("portfolios: all\nrender:\n  - chart: radar\n", "jobs.yaml:3: render[0].chart: expected one of line, compare"),
        ("portfolios: all\nrender:\n  - report: market\n", "jobs.yaml:3: render[0].report: expected portfolio"),
        ("portfolios: [\"Demo UAH\", 3.5]\nrender: [{daily: true}]\nmailto: yes\n", "jobs.yaml:3: mailto: unknown key"),
        ("portfolios: all\nrender:\n  - chart: pie\n    colour: red\n", "jobs.yaml:4: render[0].colour: unknown key"),
        (
            "portfolios: all\nrender:\n  - chart: pie\nmail:\n  to: [ops@example.com, not an address]\n",
            "jobs.yaml:5: mail.to[1]: \"not an address\" is not an e-mail address"
        ),
        (
            "portfolios: all\nrender:\n  - chart: pie\nmail:\n  cc: ops@example.com\n",
            "jobs.yaml:5: mail.to: missing, expected at least one recipient"
        ),
        (
            "portfolios: all\nrender:\n  - chart: pie\nmail:\n  to: ops@example.com\n  smtp-url: smtp://bob:pw-in-jobs@mail.example.com:587\n",
            "jobs.yaml:6: mail.smtp-url: a user or password in the URL would be visible to other users"
        ),
        (
            "portfolios: all\nrender:\n  - chart: pie\nmail:\n  to: ops@example.com\n  timeout: 0\n",
            "jobs.yaml:6: mail.timeout: expected 1 to 3600 seconds, got 0"
        ),
        ("portfolios: [all\n", "jobs.yaml:2:1: not YAML: did not find expected ',' or ']'"),
        (
            "portfolios: all\nrender:\n  - chart: pie\n  - chart: donut\n    name: pie\n",
            "jobs.yaml:4: render[1]: writes out/{portfolio}/{date}/pie.png, as render[0] does; give it another name"
        ),
    ])
    func invalidJobsFileNamesThePathInside(_ yaml: String, _ expected: String) throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try yaml.write(to: jobs, atomically: true, encoding: .utf8)
        let result = try Self.batch(directory, [jobs.path, "--db", try DemoDatabase.path()])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("folio batch: " + directory.path + "/" + expected), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out").path))
    }

    @Test func helpDocumentsExitCodesAndShards() throws {
        let help = try FolioProcess.run(["batch", "--help"])
        #expect(help.status == 0)
        for text in ["3  another run holds the lock", "2  partial failure", "K is 0-based", "JOB_COMPLETION_INDEX"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }

    @Test func aMissingPortfolioFailsAloneWithPartialExitCode() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Demo UAH\", \"Nobody\"]\nrender:\n  - chart: pie\n".write(
            to: jobs,
            atomically: true,
            encoding: .utf8
        )
        let result = try Self.batch(directory, [jobs.path, "--db", try DemoDatabase.path(), "--json"])
        #expect(result.status == 2)
        let summary = try Self.summary(result)
        #expect(summary.rendered == 1 && summary.failed == 1)
        #expect(result.stderr.contains("failed: Nobody: "))
    }
}
