import Foundation

/// RFC 2047 encoded words, so that a Ukrainian subject or display name survives every mail system:
/// `=?UTF-8?B?…?=`, each word at most 75 characters, never splitting a character's UTF-8 bytes.
enum EncodedWord {
    static func needsEncoding(_ text: String) -> Bool {
        !text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value != 0x7F }
    }

    /// Header text: plain when it is printable ASCII, else encoded words separated by spaces (the
    /// header writer folds between them).
    static func text(_ value: String) -> String {
        needsEncoding(value) ? words(value).joined(separator: " ") : value
    }

    /// A display name: quoted when it has specials, encoded when it is not ASCII.
    static func phrase(_ value: String) -> String {
        if needsEncoding(value) { return words(value).joined(separator: " ") }
        let specials = CharacterSet(charactersIn: "()<>[]:;@\\,.\"")
        if value.unicodeScalars.contains(where: specials.contains) {
            return "\""
                + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return value
    }

    /// 39 bytes of UTF-8 make 52 base64 characters: a word of 64, so that even `Subject: ` and the
    /// first word stay within a 76-character line.
    static func words(_ value: String) -> [String] {
        var words: [String] = []
        var chunk = Data()
        for character in value {
            let bytes = Data(String(character).utf8)
            if chunk.count + bytes.count > 39 {
                words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=")
                chunk.removeAll()
            }
            chunk.append(bytes)
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?\(chunk.base64EncodedString())?=") }
        return words
    }
}
