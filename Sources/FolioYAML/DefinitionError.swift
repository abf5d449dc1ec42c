import FolioCore
import Foundation

/// A definition that cannot be used (a report definition, a tax rates file), named by file, the path
/// inside it and what was expected:
/// `portfolio.yaml: pages[2].blocks[1].kind (line 31): expected one of heading, text…; found "chrt"`.
public struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var path: String
    public var line: Int?
    public var expected: String
    public var found: String?
    /// Said as it is, instead of "expected …; found …", when the problem is a sentence of its own
    /// (`0 is out of range, expected 1 to 1200`).
    public var problem: String?

    public init(file: String, path: String, line: Int? = nil, expected: String, found: String? = nil) {
        self.file = file
        self.path = path
        self.line = line
        self.expected = expected
        self.found = found
    }

    public init(file: String, path: String, line: Int? = nil, problem: String) {
        self.init(file: file, path: path, line: line, expected: "")
        self.problem = problem
    }

    public var description: String {
        var text = file
        if !path.isEmpty { text += ": " + path }
        if let line { text += " (line \(line))" }
        if let problem {
            text += ": " + problem
        } else {
            text += ": expected " + expected
            if let found { text += "; found " + found }
        }
        // What was found comes from the file: shown escaped, on one line.
        return Redaction.escapingControlCharacters(text)
    }
}
