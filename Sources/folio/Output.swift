import FolioCore
import Foundation

/// stdout carries results only, so that `> file.csv` and `| jq` see nothing else; warnings go to stderr.
enum Output {
    /// Written as is: encoded tables already end with their line end (CRLF for CSV).
    static func result(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// One line per warning on stderr. Warnings quote names from the database and files, so a control
    /// character in them (`\u{1B}]0;owned\u{7}` retitles a terminal) is shown escaped, as `\x1B`.
    static func warn(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        FileHandle.standardError.write(Data(lines.map { Redaction.escapingControlCharacters($0) + "\n" }.joined().utf8))
    }
}
