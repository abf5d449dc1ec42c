import Foundation

/// Text that came from outside (a server's error body, libcurl's message, a URL) made safe to print on
/// a terminal and to store in the database: every secret Folio knows of is replaced by `***`, and so
/// is the password of a `user:pass@` URL and the value of a query parameter named like a key; control
/// characters are shown as escapes (`\x1B`), so that a hostile body cannot move the cursor or recolour
/// the terminal, and a message stays one line.
///
/// One redaction serves every path that prints or stores such text (fetch errors and the fetch log,
/// SMTP failures), so that a new secret is added in one place.
public struct Redaction: Sendable {
    /// Secrets shorter than this are replaced only where they stand alone, not inside a longer word of
    /// letters and digits: a user `bob` is hidden in `bob@example.com` and `user bob`, but a password
    /// `ab` does not turn every "about" into "***out". Longer secrets are replaced wherever they occur.
    static let minimumSecretLength = 4

    public private(set) var secrets: [String]

    public init(secrets: [String?] = []) {
        self.secrets = Array(Set(secrets.compactMap { $0 }.filter { !$0.isEmpty }))
            // Longest first, so that a secret containing another is replaced whole.
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// The text with secrets replaced and control characters escaped.
    public func apply(_ text: String) -> String {
        var result = text
        for secret in secrets {
            if secret.count >= Self.minimumSecretLength {
                result = result.replacingOccurrences(of: secret, with: "***")
            } else {
                let word = "(?<![A-Za-z0-9])" + NSRegularExpression.escapedPattern(for: secret) + "(?![A-Za-z0-9])"
                result = result.replacingOccurrences(of: word, with: "***", options: .regularExpression)
            }
        }
        return Self.escapingControlCharacters(Self.redactingURLs(result))
    }

    /// The bytes with every secret replaced by `***`, before any excerpt is cut from them: a cut
    /// through the middle of a secret would leave a part that `apply` no longer recognises.
    public func redacting(_ data: Data) -> Data {
        var result = data
        for secret in secrets {
            let needle = Data(secret.utf8)
            let alone = secret.count < Self.minimumSecretLength
            var from = result.startIndex
            while let found = result.range(of: needle, in: from..<result.endIndex) {
                let before = found.lowerBound > result.startIndex ? result[found.lowerBound - 1] : nil
                let after = found.upperBound < result.endIndex ? result[found.upperBound] : nil
                if alone && (Self.isWordByte(before) || Self.isWordByte(after)) {
                    from = found.lowerBound + 1
                    continue
                }
                result.replaceSubrange(found, with: Data("***".utf8))
                from = found.lowerBound + 3
            }
        }
        return result
    }

    private static func isWordByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    /// Query parameters whose values are secrets, compared lower-cased.
    static let secretParameterNames: Set<String> = [
        "key", "apikey", "api_key", "token", "access_token", "x_cg_demo_api_key", "x_cg_pro_api_key", "password",
        "secret",
    ]

    /// A URL with its password and its secret query values replaced by `***`. The password is found
    /// by `URLUserInfo`, so a URL no parser accepts (a raw `/` in its password) loses it too.
    public static func url(_ url: String) -> String {
        let hidden = redactingURLs(url)
        guard var components = URLComponents(string: hidden), components.queryItems != nil else { return hidden }
        components.queryItems = components.queryItems?.map { item in
            secretParameterNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.string ?? hidden
    }

    /// `scheme://user:pass@` anywhere in a text becomes `scheme://user:***@` — the password running to
    /// the last `@` of the word, as `URLUserInfo` reads it — and `key=value` of a secret parameter
    /// becomes `key=***`.
    static func redactingURLs(_ text: String) -> String {
        var result = text
        result = result.replacingOccurrences(
            of: #"([A-Za-z][A-Za-z0-9+.\-]*://[^\s:@"'<>`]*):[^\s"'<>`]*@"#,
            with: "$1:***@",
            options: .regularExpression
        )
        let names = secretParameterNames.sorted().joined(separator: "|")
        result = result.replacingOccurrences(
            of: #"(?i)([?&;\s"']("# + names + #")=)[^&\s"']+"#,
            with: "$1***",
            options: .regularExpression
        )
        return result
    }

    /// C0 controls (newlines and tabs among them), DEL and C1 controls as `\xHH`, and the bidirectional
    /// formatting characters as `\u{202E}`; `\n`, `\r` and `\t` become spaces, since a message is one line.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else if isControl(scalar) {
                let escape =
                    scalar.value <= 0xFF
                    ? String(format: "\\x%02X", scalar.value) : String(format: "\\u{%04X}", scalar.value)
                result.append(contentsOf: escape.unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Characters that act on a terminal or on how the text around them is shown: C0 controls, DEL, C1
    /// controls, and the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E,
    /// U+2066–U+2069), with which `abc\u{202E}fdp.exe` shows as `abcexe.pdf`.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x061C || v == 0x200E || v == 0x200F
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
