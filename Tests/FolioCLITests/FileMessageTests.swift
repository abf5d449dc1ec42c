import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A file that cannot be read or written is one line naming it and the cause, never Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=… UserInfo={…}`.
@Suite(.serialized) struct FileMessageTests {
    static func expectPlain(_ result: FolioProcess.Result, _ line: String) {
        #expect(result.status != 0)
        #expect(result.stderr == "Error: \(line)\n", "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("UserInfo"))
    }

    @Test func aFolderGivenAsAFileToReadIsNamed() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = try FolioProcess.initialisedDatabase(in: directory)
        let folder = directory.appendingPathComponent("quotes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for kind in ["quotes", "nbu-json", "budget"] {
            Self.expectPlain(
                try FolioProcess.run(["import", kind, folder.path, "--db", database]),
                "\(folder.path): is a directory"
            )
        }
        Self.expectPlain(
            try FolioProcess.run([
                "mail", "--attach", folder.path, "--to", "a@example.com", "--dry-run", "--out", "/tmp/x.eml",
            ]),
            "--attach: cannot read \(folder.path): is a directory"
        )
    }

    /// The dry run's message is written like every output: a read-only mount, a full disk, a folder
    /// of another user.
    @Test(.enabled(if: TestMount.unavailable == nil, Comment(rawValue: TestMount.unavailable ?? "")))
    func aDryRunThatCannotWriteItsMessageSaysWhy() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let attachment = directory.appendingPathComponent("big.bin")
        try Data(repeating: 0x5A, count: 200_000).write(to: attachment)
        func dryRun(_ out: String) throws -> FolioProcess.Result {
            try FolioProcess.run(
                ["mail", "--attach", attachment.path, "--to", "a@example.com", "--dry-run", "--out", out],
                environment: ["XDG_CONFIG_HOME": directory.path]
            )
        }
        let source = directory.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        let readOnly = try TestMount(readOnly: source, at: directory.appendingPathComponent("ro"))
        defer { readOnly.unmount() }
        let ro = readOnly.path.appendingPathComponent("m.eml").path
        Self.expectPlain(try dryRun(ro), "\(ro): read-only file system")
        let full = try TestMount(tmpfsOf: "64k", at: directory.appendingPathComponent("full"))
        defer { full.unmount() }
        let onFull = full.path.appendingPathComponent("m.eml").path
        Self.expectPlain(try dryRun(onFull), "\(onFull): no space left on device")
        #expect(try FileManager.default.contentsOfDirectory(atPath: full.path.path).isEmpty)
    }

    @Test(.enabled(if: Unprivileged.unavailable == nil, Comment(rawValue: Unprivileged.unavailable ?? "")))
    func aDryRunIntoAFolderOfAnotherUserSaysWhy() throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        chmod(directory.path, 0o755)
        let attachment = directory.appendingPathComponent("a.txt")
        try Data("text".utf8).write(to: attachment)
        chmod(attachment.path, 0o644)
        let out = directory.appendingPathComponent("m.eml").path
        Self.expectPlain(
            try Unprivileged.run([
                "mail", "--attach", attachment.path, "--to", "a@example.com", "--dry-run", "--out", out,
            ]),
            "\(out): permission denied"
        )
    }
}
