import Foundation

/// Where the tests find the project and its sample data, and where they write.
public enum TestPaths {
    /// The project root, found from this file's path (Tests/FolioTestSupport/TestPaths.swift).
    public static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `samples/`: real public data sets (cut to what is read) and generated ones, with their sources
    /// and licences in samples/README.md.
    public static let samples = projectRoot.appendingPathComponent("samples")

    public static func sample(_ path: String) -> URL { samples.appendingPathComponent(path) }

    /// A new directory for one test; the caller removes it (or leaves it to the system's temporary folder).
    public static func temporaryDirectory(_ prefix: String = "folio-tests") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes `text` to a file named `name` in `directory`.
    @discardableResult
    public static func write(_ text: String, _ name: String, in directory: URL) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }
}
