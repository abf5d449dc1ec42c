import FolioCore
import Foundation

/// A definition that cannot be used, named by file, the path inside it and what was expected:
/// `portfolio.yaml: pages[2].blocks[1].kind (line 31): expected one of heading, text…; found "chrt"`.
public struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var line: Int?
    public var expected: String
    public var found: String?

    public init(file: String, path: String, line: Int? = nil, expected: String, found: String? = nil) {
        self.file = file; self.path = path; self.line = line; self.expected = expected; self.found = found
    }

    public var description: String {
        var text = file
        if !path.isEmpty { text += ": " + path }
        if let line { text += " (line \(line))" }
        text += ": expected " + expected
        if let found { text += "; found " + found }
        // What was found comes from the file: shown escaped, on one line.
        return Redaction.escapingControlCharacters(text)
    }
}
