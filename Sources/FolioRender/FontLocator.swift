import FolioCore
import Foundation

/// Where the font files come from: `FOLIO_FONTS`, else a `fonts/` beside the executable or above it,
/// else `/usr/local/share/folio/fonts` (see `ResourceDirectory`). A directory counts only when it holds
/// `NotoSans-Regular.ttf`.
public enum FontLocator {
    static let regularFile = "NotoSans-Regular.ttf"
    static let boldFile = "NotoSans-Bold.ttf"
    public static let installedDirectory = ResourceDirectory.installed("fonts")

    public static func directory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = ResourceDirectory.executableURL()
    ) -> URL? {
        ResourceDirectory.find(
            "fonts",
            holding: regularFile,
            variable: "FOLIO_FONTS",
            environment: environment,
            executable: executable
        )
    }
}
