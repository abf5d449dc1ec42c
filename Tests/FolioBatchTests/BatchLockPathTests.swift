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

    @Test func theRuntimeFolderThenTheOutputRootThenTmp() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        let file = try jobsFile(output: output)
        let runtime = directory.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        let inRuntime = try lock(file, ["XDG_RUNTIME_DIR": runtime.path])
        #expect(inRuntime.deletingLastPathComponent().path == runtime.path)
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let name = inRuntime.lastPathComponent
        #expect(
            name.hasPrefix(".folio-batch-") && name.hasSuffix(".lock") && name.count == ".folio-batch-.lock".count + 16
        )
        // Without a usable runtime folder: the output root, made if missing, so the next run finds it too.
        for environment in [[:], ["XDG_RUNTIME_DIR": "run"], ["XDG_RUNTIME_DIR": runtime.path + "/gone"]] {
            #expect(try lock(file, environment) == output.appendingPathComponent(name), "\(environment)")
        }
        // An output root that cannot be made (a file is in its way): /tmp.
        try TestPaths.write("", "blocked", in: directory)
        let blocked = try jobsFile("blocked.yaml", output: directory.appendingPathComponent("blocked/out"))
        #expect(try lock(blocked).deletingLastPathComponent().path == "/tmp")
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
