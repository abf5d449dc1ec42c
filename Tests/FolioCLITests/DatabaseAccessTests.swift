import Foundation
import GRDB
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How commands open the database: only `folio init` creates or upgrades it, writing commands need to
/// write it, and reading commands read it read-only — on a read-only mount, as a user who may not write
/// it, and while another process holds a write transaction.
@Suite(.serialized) struct DatabaseAccessTests {
    /// A copy of the demo database in `folder` (a folder of its own, so that it can be mounted read-only).
    static func demoCopy(in folder: URL) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("demo.sqlite").path
        try FileManager.default.copyItem(atPath: try DemoDatabase.path(), toPath: path)
        return path
    }

    static func writeJobs(in directory: URL) throws -> URL {
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Demo UAH\"]\nrender:\n  - chart: pie\n".write(to: jobs, atomically: true, encoding: .utf8)
        return jobs
    }

    /// The last USD/UAH NBU rate as `folio table prices` prints it.
    static let lastRate = [
        "table", "prices", "--asset", "USD", "--currency", "UAH", "--market", "nbu", "--format", "csv",
    ]

    /// Every reading command, each expected to succeed on `db`; outputs go to `directory`.
    static func readEverything(
        _ db: String,
        in directory: URL,
        run: ([String]) throws -> FolioProcess.Result = { try FolioProcess.run($0) }
    ) throws {
        let out = directory.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let jobs = try writeJobs(in: directory)
        let commands: [[String]] = [
            ["info"], ["portfolio", "list"], lastRate, ["convert", "100", "USD", "UAH"],
            ["chart", "line", "--asset", "AAPL", "--out", out.appendingPathComponent("aapl.png").path],
            ["report", "portfolio", "--portfolio", "Demo UAH", "--out", out.appendingPathComponent("report.pdf").path],
            ["batch", jobs.path, "--lock-file", directory.appendingPathComponent("jobs.lock").path],
        ]
        for command in commands {
            let result = try FolioProcess.run(command + ["--db", db], currentDirectory: directory)
            #expect(result.status == 0, "folio \(command.joined(separator: " ")): \(result.stderr)")
        }
    }

    @Test(.enabled(if: TestMount.unavailable == nil, Comment(rawValue: TestMount.unavailable ?? "")))
    func readingCommandsWorkOnAReadOnlyMountAndWritingOnesSaySo() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try Self.demoCopy(in: directory.appendingPathComponent("data"))
        let mount = try TestMount(
            readOnly: directory.appendingPathComponent("data"),
            at: directory.appendingPathComponent("ro")
        )
        defer { mount.unmount() }
        let db = mount.path.appendingPathComponent("demo.sqlite").path
        try Self.readEverything(db, in: directory)
        let csv = directory.appendingPathComponent("q.csv")
        try "date,asset,currency,price,market,source\n2024-01-01,USD,UAH,38,nbu,x\n".write(
            to: csv,
            atomically: true,
            encoding: .utf8
        )
        for command in [["init"], ["import", "quotes", csv.path], ["portfolio", "add", "New"]] {
            let result = try FolioProcess.run(command + ["--db", db])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "Error: \(db): this command changes the database, which cannot be written (read-only file system)\n"
            )
        }
        let new = mount.path.appendingPathComponent("new.sqlite").path
        let created = try FolioProcess.run(["init", "--db", new])
        #expect(created.status == 1)
        #expect(
            created.stderr
                == "Error: \(new): this command changes the database, which cannot be written (its folder \(mount.path.path) "
                + "cannot be written (read-only file system), and SQLite keeps its -wal and -shm files there)\n"
        )
    }

    /// A writer that crashed (or is still running) leaves committed rows in the -wal file; a read-only
    /// mount must show them, or refuse when they cannot be read — never the database without them.
    @Test(.enabled(if: TestMount.unavailable == nil, Comment(rawValue: TestMount.unavailable ?? "")))
    func committedRowsInTheWALAreReadFromAReadOnlyMount() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data")
        let source = try Self.demoCopy(in: data)
        // An open connection keeps its committed rows in the WAL (no checkpoint while it is open).
        var configuration = Configuration()
        configuration.prepareDatabase { try $0.execute(sql: "PRAGMA wal_autocheckpoint = 0") }
        let writer = try DatabaseQueue(path: source, configuration: configuration)
        try writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                    SELECT a.id, c.id, 'nbu', 1735689600000, 77.5, 'test' FROM asset a, asset c WHERE a.code = 'USD' AND c.code = 'UAH'
                    """
            )
        }
        #expect((try FileManager.default.attributesOfItem(atPath: source + "-wal")[.size] as? Int ?? 0) > 0)
        // The same files without the index: as if the -shm were lost.
        let bare = directory.appendingPathComponent("bare")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(
                atPath: source + suffix,
                toPath: bare.appendingPathComponent("demo.sqlite").path + suffix
            )
        }

        let mount = try TestMount(readOnly: data, at: directory.appendingPathComponent("ro"))
        defer { mount.unmount() }
        let seen = try FolioProcess.run(
            Self.lastRate + [
                "--from", "2024-12-31", "--to", "2025-01-01", "--db",
                mount.path.appendingPathComponent("demo.sqlite").path,
            ]
        )
        #expect(seen.status == 0, "\(seen.stderr)")
        #expect(seen.stdout.contains("2025-01-01T00:00:00Z,77.5"), "\(seen.stdout)")

        let bareMount = try TestMount(readOnly: bare, at: directory.appendingPathComponent("bare-ro"))
        defer { bareMount.unmount() }
        let db = bareMount.path.appendingPathComponent("demo.sqlite").path
        let refused = try FolioProcess.run(Self.lastRate + ["--db", db])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.hasPrefix("Error: \(db): \(db)-wal holds changes not yet in the database"),
            "\(refused.stderr)"
        )
        #expect(refused.stderr.split(separator: "\n").count == 1)
        withExtendedLifetime(writer) {}
    }

    @Test(.enabled(if: Unprivileged.unavailable == nil, Comment(rawValue: Unprivileged.unavailable ?? "")))
    func aUserWhoMayNotWriteTheDatabaseReadsIt() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Root's database in root's folder (755, file 644): nobody may read both and write neither.
        let db = try Self.demoCopy(in: directory.appendingPathComponent("data"))
        for (path, mode) in [
            (directory.path, 0o755), (directory.appendingPathComponent("data").path, 0o755), (db, 0o644),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        let read = try Unprivileged.run(Self.lastRate + ["--db", db])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("USD,"))
        #expect(try Unprivileged.run(["info", "--db", db]).status == 0)
        let write = try Unprivileged.run(["portfolio", "add", "Mine", "--db", db])
        #expect(write.status == 1)
        #expect(
            write.stderr
                == "Error: \(db): this command changes the database, which cannot be written (permission denied)\n"
        )
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("data").path) == [
                "demo.sqlite"
            ]
        )

        // A file of mode 444 in a folder nobody may write to (as /tmp is): SQLite keeps its index there.
        let shared = directory.appendingPathComponent("shared")
        let readOnlyFile = try Self.demoCopy(in: shared)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: shared.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnlyFile)
        let fromFile = try Unprivileged.run(Self.lastRate + ["--db", readOnlyFile])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
    }

    /// Another process holds a write transaction (an import, a fetch): readers go on with the committed
    /// data at once, as WAL allows, instead of waiting out the busy timeout.
    @Test func readersDoNotWaitForAWriter() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Self.demoCopy(in: directory.appendingPathComponent("data"))
        let holder = try DatabaseQueue(path: db)
        let (locked, release, done) = (
            DispatchSemaphore(value: 0), DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)
        )
        Thread.detachNewThread {
            try? holder.inTransaction(.immediate) { db in
                try db.execute(
                    sql: """
                        INSERT INTO quote (asset_id, currency_id, market, time_ms, price, source)
                        SELECT a.id, c.id, 'nbu', 1735689600000, 999, 'uncommitted' FROM asset a, asset c WHERE a.code = 'USD' AND c.code = 'UAH'
                        """
                )
                locked.signal()
                release.wait()
                return .rollback
            }
            done.signal()
        }
        locked.wait()
        defer {
            release.signal()
            done.wait()
        }
        let started = Date()
        try Self.readEverything(db, in: directory)
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 20, "seven reading commands took \(seconds) s beside a writer (the busy timeout is 30 s)")
        let rates = try FolioProcess.run(Self.lastRate + ["--from", "2018-01-01", "--to", "2025-01-01", "--db", db])
        #expect(rates.status == 0 && rates.seconds < 5, "\(rates.stderr)")
        #expect(!rates.stdout.contains(",999"))
        #expect(rates.stdout.contains("USD,2018-01-02T00:00:00Z,"), "\(rates.stdout.prefix(300))")
    }

    @Test func onlyInitCreatesADatabase() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try Self.writeJobs(in: directory)
        let empty = directory.appendingPathComponent("z.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let batch = try FolioProcess.run(["batch", jobs.path, "--db", empty], currentDirectory: directory)
        #expect(batch.status == 1)
        #expect(
            batch.stderr
                == "folio batch: \(empty): the file is empty, not a database; create one in it with `folio init`\n"
        )
        #expect(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int == 0)

        let missing = directory.appendingPathComponent("new/f.sqlite").path
        let csv = directory.appendingPathComponent("q.csv")
        try "date,asset,currency,price,market,source\n2024-01-01,USD,UAH,38,nbu,x\n".write(
            to: csv,
            atomically: true,
            encoding: .utf8
        )
        for command in [
            ["import", "quotes", csv.path], ["portfolio", "add", "P"],
            ["chart", "line", "--asset", "USD", "--out", directory.appendingPathComponent("c.png").path],
        ] {
            let result = try FolioProcess.run(command + ["--db", missing])
            #expect(result.status == 1)
            #expect(result.stderr == "Error: \(missing): no database here; create one with `folio init`\n")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("new").path))
        #expect(try FolioProcess.run(["init", "--db", missing]).status == 0)
        #expect(try FolioProcess.run(["import", "quotes", csv.path, "--db", missing]).status == 0)
    }
}
