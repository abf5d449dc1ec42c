import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Outputs that cannot be written fail in one line naming the file and the cause, leave nothing behind,
/// and never replace what is not a file; a batch in which every portfolio failed is a failed run.
@Suite(.serialized) struct OutputWritingTests {
    static func jobs(
        in directory: URL,
        _ render: String,
        output: String = "out/{portfolio}/{report}.{ext}"
    ) throws -> URL {
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Demo UAH\"]\noutput: \"\(output)\"\nrender:\n\(render)".write(
            to: jobs,
            atomically: true,
            encoding: .utf8
        )
        return jobs
    }

    @Test(.enabled(if: TestMount.unavailable == nil, Comment(rawValue: TestMount.unavailable ?? "")))
    func aFullDiskIsNamedWithTheFile() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let disk = try TestMount(tmpfsOf: "64k", at: directory.appendingPathComponent("full"))
        defer { disk.unmount() }
        let png = disk.path.appendingPathComponent("aapl.png").path
        let chart = try FolioProcess.run([
            "chart", "line", "--asset", "AAPL", "--size", "1600x900", "--scale", "2", "--out", png,
            "--db", try DemoDatabase.path(),
        ])
        #expect(chart.status == 1)
        #expect(chart.stderr == "Error: \(png): no space left on device\n")
        let pdf = disk.path.appendingPathComponent("report.pdf").path
        let report = try FolioProcess.run([
            "report", "portfolio", "--portfolio", "Demo UAH", "--out", pdf, "--db", try DemoDatabase.path(),
        ])
        #expect(report.status == 1)
        #expect(report.stderr == "Error: \(pdf): no space left on device\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path.path).isEmpty)

        let jobs = try Self.jobs(
            in: directory,
            "  - report: portfolio\n",
            output: disk.path.path + "/{portfolio}/{report}.{ext}"
        )
        let batch = try FolioProcess.run(
            ["batch", jobs.path, "--db", try DemoDatabase.path()],
            currentDirectory: directory
        )
        #expect(batch.status == 1, "\(batch.stderr)")
        let output = disk.path.appendingPathComponent("Demo_UAH/portfolio.pdf").path
        #expect(
            batch.stderr.contains("failed: Demo UAH: portfolio.pdf: \(output): no space left on device\n"),
            "\(batch.stderr)"
        )
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: disk.path.appendingPathComponent("Demo_UAH").path)
                .isEmpty
        )
    }

    /// The output is written beside its name and renamed over it: a FIFO or a device must not be replaced.
    @Test func aFIFOOrADeviceIsRefusedNotReplaced() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("chart.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        var targets = [(fifo, "a FIFO", S_IFIFO)]
        // A character device of our own: 1:3, the same as /dev/null (glibc packs small numbers as major << 8 | minor).
        let device = directory.appendingPathComponent("null.pdf").path
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
            targets.append((device, "a character device", S_IFCHR))
        }
        for (path, kind, type) in targets {
            let result = try FolioProcess.run([
                "chart", "pie", "--portfolio", "Demo UAH", "--out", path, "--db", try DemoDatabase.path(),
            ])
            #expect(result.status == 1)
            #expect(
                result.stderr
                    == "Error: \(path): \(kind), not a file: outputs are written beside it and renamed into place, which would replace it\n"
            )
            var info = stat()
            #expect(stat(path, &info) == 0 && info.st_mode & S_IFMT == type)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == targets.count)
    }

    /// Foundation's `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}` is said plainly.
    @Test func aFolderThatCannotBeMadeIsNamedPlainly() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a folder".utf8).write(to: directory.appendingPathComponent("out"))
        let jobs = try Self.jobs(in: directory, "  - chart: pie\n")
        let batch = try FolioProcess.run(
            ["batch", jobs.path, "--db", try DemoDatabase.path()],
            currentDirectory: directory
        )
        #expect(batch.status == 1)
        #expect(!batch.stderr.contains("NSCocoaErrorDomain") && !batch.stderr.contains("UserInfo"), "\(batch.stderr)")
        #expect(
            batch.stderr.contains("failed: Demo UAH: pie.png: \(directory.path)/out/Demo_UAH: not a directory\n"),
            "\(batch.stderr)"
        )
        let daily = try FolioProcess.run([
            "report", "daily", "--portfolio", "Demo UAH", "--out", directory.appendingPathComponent("out/daily").path,
            "--db", try DemoDatabase.path(),
        ])
        #expect(daily.status == 1)
        #expect(daily.stderr == "Error: \(directory.path)/out/daily: not a directory\n")
    }

    /// Exit 2 is "partial", which README's systemd unit counts as success: a run that rendered nothing is 1.
    @Test func aBatchInWhichEveryPortfolioFailedIsFatal() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = directory.appendingPathComponent("jobs.yaml")
        try "portfolios: [\"Nobody\", \"No one\"]\nrender:\n  - chart: pie\n".write(
            to: jobs,
            atomically: true,
            encoding: .utf8
        )
        let result = try FolioProcess.run(
            ["batch", jobs.path, "--db", try DemoDatabase.path()],
            currentDirectory: directory
        )
        #expect(result.status == 1)
        #expect(result.stderr.contains("2 portfolios: 0 rendered, 0 up to date, 2 failed"))
        #expect(result.stderr.hasSuffix("fatal: every portfolio failed, nothing was rendered\n"), "\(result.stderr)")
    }

    /// A jobs file in a read-only folder (a ConfigMap, another user's folder) runs: its lock is taken
    /// where the user can write. A lock file named in such a folder cannot be taken, and the message says
    /// what to do.
    @Test(.enabled(if: TestMount.unavailable == nil, Comment(rawValue: TestMount.unavailable ?? "")))
    func aReadOnlyJobsFileRunsAndALockThatCannotBeTakenSaysSoInOneLine() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        _ = try Self.jobs(in: config, "  - chart: pie\n")
        let mount = try TestMount(readOnly: config, at: directory.appendingPathComponent("ro"))
        defer { mount.unmount() }
        let jobs = mount.path.appendingPathComponent("jobs.yaml").path
        let ran = try FolioProcess.run(["batch", jobs, "--db", try DemoDatabase.path()], currentDirectory: directory)
        #expect(ran.status == 0, "\(ran.stderr)")
        let lock = mount.path.appendingPathComponent("jobs.lock").path
        let result = try FolioProcess.run(
            ["batch", jobs, "--db", try DemoDatabase.path(), "--lock-file", lock],
            currentDirectory: directory
        )
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "folio batch: \(lock): cannot take the lock (read-only file system); give a writable --lock-file\n"
        )
    }
}
