import Foundation

/// A string written as JSON text, in quotes: the one writer for every JSON Folio prints (tables, the
/// Ghostfolio export), so that what is escaped is decided once.
package enum JSONString {
    /// `text` between quotes, with `"`, `\` and every control character escaped. C1 controls and DEL
    /// too, which JSON allows raw: a terminal reads U+009B as an escape sequence's start, and JSON is
    /// printed to terminals.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
