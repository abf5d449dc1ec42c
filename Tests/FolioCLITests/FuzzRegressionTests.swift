import Foundation
import Testing

/// The fuzz targets (Sources/folio-fuzz) replayed as a plain program: each target's seeds, which are
/// real files in the formats it reads, are accepted — the import, its two exports and reading them back
/// — and every file of the sweeps' corpus (Tests/Fixtures/sweeps/TARGET/, where a fuzzing run's crash
/// files go) is refused or accepted without a trap and within the target's checks.
@Suite struct FuzzRegressionTests {
    /// `folio-fuzz` beside `folio` in the build folder (`swift build` builds every product).
    static let executable: URL = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("folio-fuzz")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "folio-fuzz")
    }()

    static func run(_ arguments: [String], target: String? = nil) throws -> FolioProcess.Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Paths.projectRoot
        if let target {
            process.environment = ProcessInfo.processInfo.environment.merging(["FOLIO_FUZZ_TARGET": target]) { $1 }
        }
        let out = Pipe()
        let err = Pipe()
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return FolioProcess.Result(
            status: process.terminationReason == .uncaughtSignal
                ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self),
            seconds: 0
        )
    }

    static let targets: [String] = {
        (try? run(["--list"]).stdout.split(separator: "\n").map(String.init)) ?? []
    }()

    @Test func everyFormatHasATarget() throws {
        // Import kinds and bank answers come from their own declarations; the files written by hand are
        // listed in FileTarget.Kind.
        for kind in ["trading212", "degiro", "revolut", "freedom24", "ibkr-flex", "ghostfolio", "pp-csv", "jobs"] {
            #expect(Self.targets.contains(kind))
        }
        #expect(Self.targets.count == Set(Self.targets).count)
    }

    @Test func seedsAreAcceptedAndFoundFilesDoNotTrap() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try #require(!Self.targets.isEmpty, "folio-fuzz --list printed nothing: is folio-fuzz built?")
        for target in Self.targets {
            let seeds = directory.appendingPathComponent(target)
            #expect(try Self.run(["--seeds", target, seeds.path]).status == 0)
            let seedFiles = try FileManager.default.contentsOfDirectory(atPath: seeds.path).sorted().map {
                seeds.appendingPathComponent($0).path
            }
            // A new format is a target at once; it needs a seed to start from (FuzzTarget.seeds).
            #expect(!seedFiles.isEmpty, "\(target) has no seed")
            let seeded = try Self.run(seedFiles, target: target)
            #expect(seeded.status == 0, "\(target): \(seeded.stderr)")
            for line in seeded.stdout.split(separator: "\n") {
                #expect(line.hasSuffix(": accepted"), "\(target): \(line)")
            }
            let kept = Paths.projectRoot.appendingPathComponent("Tests/Fixtures/sweeps/\(target)")
            let found = ((try? FileManager.default.contentsOfDirectory(atPath: kept.path)) ?? []).sorted().map {
                kept.appendingPathComponent($0).path
            }
            guard !found.isEmpty else { continue }
            let replayed = try Self.run(found, target: target)
            #expect(replayed.status == 0, "\(target): \(replayed.stderr.suffix(2000))")
        }
    }
}
