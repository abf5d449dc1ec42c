import FolioTestSupport
import Foundation
import Testing

@testable import FolioBatch

/// Where a run without `--lock-file` takes its lock: a folder the user can write, never beside the jobs
/// file, under a name that is the same for one jobs file however it is reached.
@Suite struct BatchLockPathTests {
    let directory: URL

    init() throws { directory = try TestPaths.temporaryDirectory() }

    /// A jobs file named `name` whose outputs go under `output`.
    func jobsFile(_ name: String = "jobs.yaml", output: URL) throws -> URL {
        try TestPaths.write(
            "portfolios: all\noutput: \"\(output.path)/{portfolio}/{report}.{ext}\"\nrender:\n  - report: portfolio\n",
            name,
            in: directory
        )
    }

    func lock(_ file: URL, _ environment: [String: String] = [:]) throws -> URL {
        URL(
            fileURLWithPath: BatchLock.defaultPath(
                jobsFile: file,
                jobs: try JobsFile.load(file),
                environment: environment
            )
        )
    }

    /// The output root first, whatever the environment (cron sets no `$XDG_RUNTIME_DIR`, a login shell
    /// does: two runs of one jobs file must take one lock); then the runtime folder; then /tmp, with the
    /// user's id in the name.
    @Test func theOutputRootThenTheRuntimeFolderThenTmp() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let file = try jobsFile(output: output)
        let runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let inOutput = try lock(file)
        #expect(inOutput.deletingLastPathComponent().path == output.path)
        #expect(FileManager.default.fileExists(atPath: output.path), "made, so that the next run finds it too")
        let name = inOutput.lastPathComponent
        #expect(
            name.hasPrefix(".folio-batch-") && name.hasSuffix(".lock") && name.count == ".folio-batch-.lock".count + 16
        )
        for environment in [["XDG_RUNTIME_DIR": runtime.path], ["XDG_RUNTIME_DIR": "run"]] {
            #expect(try lock(file, environment) == inOutput, "\(environment)")
        }
        // An output root that cannot be made (a file is in its way): the runtime folder, else /tmp.
        try TestPaths.write("", "blocked", in: directory)
        let blocked = try jobsFile("blocked.yaml", output: directory.appendingPathComponent("blocked/out"))
        #expect(try lock(blocked, ["XDG_RUNTIME_DIR": runtime.path]).deletingLastPathComponent().path == runtime.path)
        let inTmp = try lock(blocked)
        #expect(inTmp.deletingLastPathComponent().path == "/tmp")
        #expect(inTmp.lastPathComponent.hasPrefix(".folio-batch-\(getuid())-"))
    }

    @Test func oneNamePerJobsFile() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let file = try jobsFile(output: output)
        let link = directory.appendingPathComponent("link.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let other = try jobsFile("other.yaml", output: output)
        #expect(try lock(link) == (try lock(file)))
        #expect(try lock(other) != (try lock(file)))
    }
}
