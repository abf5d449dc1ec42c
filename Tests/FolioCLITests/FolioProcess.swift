import FolioCore
import Foundation

/// Runs the built `folio` executable as a separate process, the way users and cron run it.
struct FolioProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double
        /// The signal that ended the process (SIGILL of a trap, SIGSEGV), nil when it exited.
        var signal: Int32? = nil
    }

    /// `$FOLIO_BIN`, else `folio` next to the test bundle (SwiftPM puts both in the same build folder).
    static let executable: URL = {
        if let explicit = ProcessInfo.processInfo.environment["FOLIO_BIN"] { return URL(fileURLWithPath: explicit) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("folio")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "folio"
        )
    }()

    static func start(
        _ arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> (Process, Pipe, Pipe) {
        try start(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs `folio` to the end and collects what it printed.
    @discardableResult
    static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        try complete(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs another program found on PATH (pdfinfo, pdftotext), with `environment` added to this one's.
    static func tool(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try complete(URL(fileURLWithPath: "/usr/bin/env"), [name] + arguments, environment: environment)
    }

    private static func start(
        _ program: URL,
        _ arguments: [String],
        environment: [String: String],
        currentDirectory: URL? = nil
    ) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.executableURL = program
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        return (process, out, err)
    }

    private static func complete(
        _ program: URL,
        _ arguments: [String],
        environment: [String: String],
        currentDirectory: URL? = nil
    ) throws -> Result {
        let started = Date()
        let (process, out, err) = try start(
            program,
            arguments,
            environment: environment,
            currentDirectory: currentDirectory
        )
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self),
            seconds: Date().timeIntervalSince(started),
            signal: process.terminationReason == .uncaughtSignal ? process.terminationStatus : nil
        )
    }
}

extension FolioProcess {
    /// A new, empty database made by `folio init` (only init creates one; fetch and import write into
    /// an existing database).
    static func initialisedDatabase(in directory: URL, named name: String = "f.sqlite") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let created = try run(["init", "--db", path])
        guard created.status == 0 else { throw DemoDatabase.BuildFailed(description: created.stderr) }
        return path
    }
}

enum Paths {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = projectRoot.appendingPathComponent("samples")

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file named `name` in `directory`; its path.
    static func write(_ text: String, _ name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A quotes CSV of `rows` hourly USD/UAH rates, for imports that take a noticeable time.
    static func writeQuotes(rows: Int, to url: URL) throws {
        var text = "date,asset,currency,price,market,source\n"
        text.reserveCapacity(rows * 48)
        let start = 1_577_836_800  // 2020-01-01
        for i in 0..<rows {
            let t = Date(timeIntervalSince1970: Double(start + i * 3600))
            text += "\(ISOTime.format(t)),USD,UAH,\(27 + Double(i % 1000) / 100),interbank,test\n"
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
