import Foundation

/// A string written as JSON text, in quotes: the one writer for every JSON Folio prints (tables, the
/// Ghostfolio export), so that what is escaped is decided once.
package enum JSONString {
    /// `text` between quotes, with `"`, `\` and every control character escaped. C1 controls, DEL and
    /// the bidirectional formatting characters too (`Redaction.isControl`), which JSON allows raw: a
    /// terminal reads U+009B as an escape sequence's start, U+202E turns the text after it around, and
    /// JSON is printed to terminals. JSON's own escapes read back as the characters they stand for.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where Redaction.isControl(scalar):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
