import FolioCore
import Foundation

/// Where built-in definitions live, found the way fonts are: `FOLIO_REPORTS`, else a `reports/` directory
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
}
