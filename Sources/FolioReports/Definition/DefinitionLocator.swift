import Foundation

/// Where built-in definitions live, found the way fonts are: `FOLIO_REPORTS`, else a `reports/` directory
/// beside the executable or in any parent of it (the package's own when run from `.build`), else the
/// installed `/usr/local/share/folio/reports`.
public enum DefinitionLocator {
    public static let installedDirectory = "/usr/local/share/folio/reports"

    public static func builtIn(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                               executable: URL?) -> URL? {
        let fm = FileManager.default
        let file = name + ".yaml"
        func candidate(_ dir: URL) -> URL? {
            let url = dir.appendingPathComponent(file)
            return fm.fileExists(atPath: url.path) ? url : nil
        }
        if let env = environment["FOLIO_REPORTS"], !env.isEmpty { return candidate(URL(fileURLWithPath: env, isDirectory: true)) }
        if let executable {
            var dir = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            while dir.path != "/" {
                if let url = candidate(dir.appendingPathComponent("reports", isDirectory: true)) { return url }
                dir = dir.deletingLastPathComponent()
            }
        }
        return candidate(URL(fileURLWithPath: installedDirectory, isDirectory: true))
    }
}
