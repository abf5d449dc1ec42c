import FolioCore
import Foundation

/// A rejected import: `file:line: field: what was found, what was expected`. Nothing was written.
public struct ImportError: Error, Equatable, CustomStringConvertible, LocalizedError {
    public let file: String
    /// 1-based line of a text file, or `nil` when the problem is with the file as a whole or a JSON path.
    public let line: Int?
    /// The column or JSON path, when one is at fault.
    public let field: String?
    public let message: String

    public init(file: String, line: Int? = nil, field: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.field = field
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        // Found values come from the file: a terminal escape in one must not recolour the user's terminal.
        return Redaction.escapingControlCharacters([location, field, message].compactMap { $0 }.joined(separator: ": "))
    }

    public var errorDescription: String? { description }
}

/// What one file's import did. `duplicates` were already in the database (or earlier in the file);
/// `ignored` rows are ones the format allows but Folio does not store, each with a reason in `notes`.
public struct ImportSummary: Equatable, Sendable {
    public var file: String
    /// The format's name as `folio import` takes it (`quotes`, `monobank-json`).
    public var kind: String
    public var read = 0
    public var inserted = 0
    public var duplicates = 0
    public var ignored = 0
    public var notes: [String] = []

    public init(file: String, kind: String) {
        self.file = file
        self.kind = kind
    }

    /// What `folio import` prints for the file: the counts, then each note indented under them.
    public var lines: [String] {
        ["\(file): read \(read), inserted \(inserted), skipped \(duplicates) as duplicates" + (ignored > 0 ? ", ignored \(ignored)" : "")]
            + notes.map { "  \($0)" }
    }
}
