import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A run in which every portfolio failed exits 1 (systemd must see it), but its last line says what it
/// did: files rendered whose mail was not delivered, or all outputs but one, are not "nothing rendered".
@Suite struct BatchSummaryTests {
    @Test func everyPortfolioRenderedButNoneWasMailed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let sink = try SMTPSink(mode: "permfail")
        let jobs = try BatchMailTests.writeJobs(directory, url: sink.url)
        let result = try BatchTests.batch(
            directory,
            [jobs.path, "--db", try DemoDatabase.path()],
            environment: BatchMailTests.environment.merging(["XDG_CONFIG_HOME": directory.path]) { $1 }
        )
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("2 portfolios: 0 rendered, 0 up to date, 2 failed; 2 files rendered"),
            "\(result.stderr)"
        )
        #expect(
            result.stderr.hasSuffix("fatal: every portfolio failed (2 files rendered, 2 messages not delivered)\n"),
            "\(result.stderr)"
        )
        #expect(!result.stderr.contains("nothing was rendered"))
    }

    @Test func oneOutputOfTheOnlyPortfolioIsAFIFO() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let jobs = try OutputWritingTests.jobs(in: directory, "  - chart: pie\n  - chart: bars\n  - chart: line\n")
        let folder = directory.appendingPathComponent("out/Demo_UAH")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("pie.png").path, 0o644) == 0)
        let result = try BatchTests.batch(directory, [jobs.path, "--db", try DemoDatabase.path()])
        #expect(result.status == 1)
        #expect(result.stderr.contains("a FIFO, not a file"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("fatal: every portfolio failed (2 files rendered)\n"), "\(result.stderr)")
    }
}
