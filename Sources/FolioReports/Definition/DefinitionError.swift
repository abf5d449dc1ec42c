import FolioCore
import Foundation

/// A definition that cannot be used, named by file, the path inside it and what was expected:
/// `portfolio.yaml: pages[2].blocks[1].kind (line 31): expected one of heading, text…; found "chrt"`.
struct DefinitionError: Error, Hashable, Sendable, CustomStringConvertible {
    var file: String
    var path: String
    var line: Int?
    var expected: String
    var found: String?
    /// Said as it is, instead of "expected …; found …", when the problem is a sentence of its own
    /// (`0 is out of range, expected 1 to 1200`).
    var problem: String?

    init(file: String, path: String, line: Int? = nil, expected: String, found: String? = nil) {
        self.file = file
        self.path = path
        self.line = line
        self.expected = expected
        self.found = found
    }

    init(file: String, path: String, line: Int? = nil, problem: String) {
        self.init(file: file, path: path, line: line, expected: "")
        self.problem = problem
    }

    var description: String {
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
