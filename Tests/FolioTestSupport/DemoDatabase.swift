import Foundation

/// The demo database, built by `scripts/make-demo-db.sh` (what `make demo` runs) with the `folio` under
/// test, once per test process (every test only reads it).
public enum DemoDatabase {
    public static let samples = TestPaths.samples

    /// The path, or why it could not be built (each test that needs it then fails with the reason).
    public static let built: Result<String, any Error> = Result { try build() }

    public static func path() throws -> String { try built.get() }

    public struct BuildFailed: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// One folder per test process, removed when the process exits (the tests only read the database).
    private static var directory: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folio-cli-demo-\(getpid())")
    }

    private static func build() throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: DemoDatabase.directory) }
        let db = directory.appendingPathComponent("demo.sqlite").path
        let script = TestPaths.projectRoot.appendingPathComponent("scripts/make-demo-db.sh").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, FolioProcess.executable.path, db]
        process.currentDirectoryURL = TestPaths.projectRoot
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BuildFailed(description: "scripts/make-demo-db.sh: \(String(decoding: stderr, as: UTF8.self))")
        }
        return db
    }

    /// Rows of a committed samples CSV (no quoted fields in these files), header dropped, as field arrays.
    public static func rows(_ file: String) throws -> [[String]] {
        let text = try String(contentsOf: samples.appendingPathComponent(file), encoding: .utf8)
        return text.split(whereSeparator: \.isNewline).dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
    }
}
