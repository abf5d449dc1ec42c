import Foundation
import Testing

@testable import FolioCore

/// How `fonts/` and `reports/` are found: the variable, else the nearest parent of the executable that
/// holds the file (itself or in its `share/folio`), else the installed folder.
@Suite struct ResourceDirectoryTests {
    @Test func theVariableThenTheNearestFolderAboveTheExecutableThatHoldsTheFile() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("folio-resources-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        // root/fonts holds the file; root/pkg/fonts does not (an unrelated folder of that name).
        for dir in ["fonts", "pkg/fonts", "pkg/.build/release", "elsewhere/fonts"] {
            try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        fm.createFile(atPath: root + "/fonts/f.ttf", contents: Data())
        fm.createFile(atPath: root + "/elsewhere/fonts/f.ttf", contents: Data())
        fm.createFile(atPath: root + "/pkg/.build/release/folio", contents: Data())
        let executable = URL(fileURLWithPath: root + "/pkg/.build/release/folio")
        func find(_ environment: [String: String], _ executable: URL?) -> String? {
            ResourceDirectory.find(
                "fonts",
                holding: "f.ttf",
                variable: "FOLIO_X",
                environment: environment,
                executable: executable
            )?.path
        }
        #expect(find([:], executable) == root + "/fonts")
        #expect(find(["FOLIO_X": root + "/elsewhere/fonts"], executable) == root + "/elsewhere/fonts")
        // A variable naming a folder without the file finds nothing rather than looking further.
        #expect(find(["FOLIO_X": root + "/pkg/fonts"], executable) == nil)
        // Started through a link, the executable's own place counts.
        try fm.createSymbolicLink(atPath: root + "/elsewhere/folio", withDestinationPath: executable.path)
        #expect(find([:], URL(fileURLWithPath: root + "/elsewhere/folio")) == root + "/fonts")
        #expect(find([:], nil) == nil)
    }

    /// Installed under any prefix (`/usr` by the package, `/usr/local` or a `DESTDIR` by make install):
    /// `<prefix>/bin/folio` finds `<prefix>/share/folio/fonts`, from any working directory.
    @Test func anInstalledExecutableFindsItsPrefixsShareFolder() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("folio-prefix-\(UUID().uuidString)").path
        defer { try? fm.removeItem(atPath: root) }
        for dir in ["stage/usr/bin", "stage/usr/share/folio/fonts"] {
            try fm.createDirectory(atPath: root + "/" + dir, withIntermediateDirectories: true)
        }
        fm.createFile(atPath: root + "/stage/usr/share/folio/fonts/f.ttf", contents: Data())
        fm.createFile(atPath: root + "/stage/usr/bin/folio", contents: Data())
        let found = ResourceDirectory.find(
            "fonts",
            holding: "f.ttf",
            variable: "FOLIO_X",
            environment: [:],
            executable: URL(fileURLWithPath: root + "/stage/usr/bin/folio")
        )
        #expect(found?.path == root + "/stage/usr/share/folio/fonts")
    }

    @Test func theRunningExecutableIsNamed() throws {
        let url = try #require(ResourceDirectory.executableURL())
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
        #expect(url.path.hasPrefix("/"))
    }
}
