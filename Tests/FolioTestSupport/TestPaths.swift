import Foundation

/// Where the tests find the project and the shared data sets, and where they write.
public enum TestPaths {
    /// The project root, found from this file's path (Tests/FolioTestSupport/TestPaths.swift).
    public static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
    /// `../shared/data` beside the project: real public data sets.
    public static let sharedData = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/data")

    public static func shared(_ path: String) -> URL { sharedData.appendingPathComponent(path) }

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
