import FolioCore
import Foundation

/// Where built-in definitions (report definitions, tax rates) live, found the way fonts are: `FOLIO_REPORTS`, else a `reports/` directory
/// beside the executable or in any parent of it (the package's own when run from `.build`), else the
/// installed `/usr/local/share/folio/reports` (see `ResourceDirectory`).
public enum DefinitionLocator {
    public static let installedDirectory = ResourceDirectory.installed("reports")

    /// `reports/NAME.yaml` where it is first found.
    public static func builtIn(
        _ name: String,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL?
    ) -> URL? {
        let file = name + ".yaml"
        return ResourceDirectory.find(
            "reports",
            holding: file,
            variable: "FOLIO_REPORTS",
            environment: environment,
            executable: executable
        )?
        .appendingPathComponent(file)
    }

    /// A built-in definition (`reports/NAME.yaml`), found beside the executable like the fonts, or an
    /// error that says how to point Folio at it.
    public static func builtIn(_ name: String) throws -> URL {
        guard let url = builtIn(name, executable: ResourceDirectory.executableURL()) else {
            throw ArgumentError(message: "reports/\(name).yaml not found (set FOLIO_REPORTS to the reports directory)")
        }
        return url
    }
}
