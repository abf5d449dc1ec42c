import Foundation

/// Where Folio finds its own files (`fonts/`, `reports/`). First hit wins:
/// 1. the directory an environment variable names (tests that move things);
/// 2. a folder of that name in the executable's directory or any parent of it — `swift build` puts the
///    binary in `<package>/.build/<config>/`, so walking up finds the package's own — or in `share/folio`
///    beside it: an installed `<prefix>/bin/folio` finds `<prefix>/share/folio/fonts`, whatever the
///    prefix (`/usr` of the package, `/usr/local` of `make install`, a `DESTDIR`);
/// 3. the folder under `/usr/local/share/folio`.
/// A directory counts only when it holds the file asked for, so an unrelated `fonts/` is skipped.
public enum ResourceDirectory {
    public static func installed(_ folder: String) -> String { "/usr/local/share/folio/" + folder }

    /// The directory holding `file`, found as above.
    public static func find(
        _ folder: String,
        holding file: String,
        variable: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = executableURL()
    ) -> URL? {
        func holds(_ dir: URL) -> Bool { FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path) }
        if let given = environment[variable], !given.isEmpty {
            let dir = URL(fileURLWithPath: given, isDirectory: true)
            return holds(dir) ? dir : nil
        }
        if let executable {
            var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while dir.path != "/" {
                for candidate in [
                    dir.appendingPathComponent(folder, isDirectory: true),
                    dir.appendingPathComponent("share/folio/" + folder, isDirectory: true),
                ] where holds(candidate) {
                    return candidate
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        let installed = URL(fileURLWithPath: installed(folder), isDirectory: true)
        return holds(installed) ? installed : nil
    }

    /// `/proc/self/exe` on Linux names the running binary even when it was started through a symlink or PATH.
    public static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL
    }
}
