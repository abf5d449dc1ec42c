import FolioCore
import FolioRender
import FolioReports
import Foundation

extension DefinitionLocator {
    /// A built-in definition (`reports/NAME.yaml`), found beside the executable like the fonts, or an
    /// error that says how to point Folio at it.
    public static func builtIn(_ name: String) throws -> URL {
        guard let url = builtIn(name, executable: ResourceDirectory.executableURL()) else {
            throw ArgumentError(message: "reports/\(name).yaml not found (set FOLIO_REPORTS to the reports directory)")
        }
        return url
    }
}

extension ReportDefinition {
    public static func builtIn(_ name: String) throws -> ReportDefinition {
        try DefinitionParser.load(try DefinitionLocator.builtIn(name))
    }
}
