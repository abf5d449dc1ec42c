import Foundation

/// Where the font files come from. Lookup order, first hit wins:
/// 1. `FOLIO_FONTS`: a directory holding the font files (for installs and tests that move things);
/// 2. a `fonts/` directory in the executable's directory or any parent of it: `swift build` puts the
///    binary in `<package>/.build/<config>/`, so walking up finds the package's own `fonts/`;
/// 3. `/usr/local/share/folio/fonts`, where an installed Folio keeps them.
/// A directory counts only when it holds `NotoSans-Regular.ttf`, so an unrelated `fonts/` is skipped.
public enum FontLocator {
    public static let regularFile = "NotoSans-Regular.ttf"
    public static let boldFile = "NotoSans-Bold.ttf"
    public static let regularFallbackFile = "NotoSansGurmukhi-Regular.ttf"
    public static let boldFallbackFile = "NotoSansGurmukhi-Bold.ttf"
    public static let installedDirectory = "/usr/local/share/folio/fonts"

    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment,
                                 executable: URL? = executableURL()) -> URL? {
        let fm = FileManager.default
        func usable(_ dir: URL) -> Bool { fm.fileExists(atPath: dir.appendingPathComponent(regularFile).path) }
        if let env = environment["FOLIO_FONTS"], !env.isEmpty {
            let dir = URL(fileURLWithPath: env, isDirectory: true)
            return usable(dir) ? dir : nil
        }
        if let executable {
            var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while dir.path != "/" {
                let candidate = dir.appendingPathComponent("fonts", isDirectory: true)
                if usable(candidate) { return candidate }
                dir = dir.deletingLastPathComponent()
            }
        }
        let installed = URL(fileURLWithPath: installedDirectory, isDirectory: true)
        return usable(installed) ? installed : nil
    }

    /// `/proc/self/exe` on Linux names the running binary even when it was started through a symlink or PATH.
    public static func executableURL() -> URL? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return Bundle.main.executableURL
    }
}
