import Foundation

/// Runs the built `folio` executable as a separate process, the way users and cron run it.
public struct FolioProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        public var seconds: Double
        /// The signal that ended the process (SIGILL of a trap, SIGSEGV), nil when it exited.
        public var signal: Int32? = nil

        public init(status: Int32, stdout: String, stderr: String, seconds: Double, signal: Int32? = nil) {
            (self.status, self.stdout, self.stderr, self.seconds, self.signal) = (
                status, stdout, stderr, seconds, signal
            )
        }
    }

    /// `$FOLIO_BIN`, else `folio` next to the test bundle (SwiftPM puts both in the same build folder).
    public static let executable: URL = {
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

    public static func start(
        _ arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> (Process, Pipe, Pipe) {
        try start(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs `folio` to the end and collects what it printed.
    @discardableResult
    public static func run(
        _ arguments: [String],
        environment: [String: String] = [:],
        currentDirectory: URL? = nil
    ) throws -> Result {
        try complete(executable, arguments, environment: environment, currentDirectory: currentDirectory)
    }

    /// Runs another program found on PATH (pdfinfo, pdftotext), with `environment` added to this one's.
    public static func tool(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result
    {
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
