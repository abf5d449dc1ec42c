import FolioCore
import FolioRender
import FolioReports
import FolioYAML
import Foundation

extension ReportDefinition {
    public static func builtIn(_ name: String) throws -> ReportDefinition {
        try DefinitionParser.load(try DefinitionLocator.builtIn(name))
    }
}
