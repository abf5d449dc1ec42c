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
    /// Secrets shorter than this are not searched for: they cannot be told apart from ordinary words,
    /// and replacing every "ab" would garble the message without protecting anything.
    public static let minimumSecretLength = 4

    public private(set) var secrets: [String]

    public init(secrets: [String?] = []) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.count >= Self.minimumSecretLength }
            // Longest first, so that a secret containing another is replaced whole.
            .sorted { $0.count > $1.count }
    }

    /// The text with secrets replaced and control characters escaped.
    public func apply(_ text: String) -> String {
        var result = text
        for secret in secrets { result = result.replacingOccurrences(of: secret, with: "***") }
        return Self.escapingControlCharacters(Self.redactingURLs(result))
    }

    /// The bytes with every secret replaced by `***`, before any excerpt is cut from them: a cut
    /// through the middle of a secret would leave a part that `apply` no longer recognises.
    public func redacting(_ data: Data) -> Data {
        var result = data
        for secret in secrets {
            let needle = Data(secret.utf8)
            var from = result.startIndex
            while let found = result.range(of: needle, in: from..<result.endIndex) {
                result.replaceSubrange(found, with: Data("***".utf8))
                from = found.lowerBound + 3
            }
        }
        return result
    }

    /// Query parameters whose values are secrets, compared lower-cased.
    public static let secretParameterNames: Set<String> = [
        "key", "apikey", "api_key", "token", "access_token", "x_cg_demo_api_key", "x_cg_pro_api_key", "password", "secret",
    ]

    /// A URL with its password and its secret query values replaced by `***`.
    public static func url(_ url: String) -> String {
        guard var components = URLComponents(string: url) else { return redactingURLs(url) }
        if components.password != nil { components.password = "***" }
        components.queryItems = components.queryItems?.map { item in
            secretParameterNames.contains(item.name.lowercased()) ? URLQueryItem(name: item.name, value: "***") : item
        }
        return components.string ?? url
    }

    /// `scheme://user:pass@` anywhere in a text becomes `scheme://user:***@`, and `key=value` of a
    /// secret parameter becomes `key=***`.
    static func redactingURLs(_ text: String) -> String {
        var result = text
        result = result.replacingOccurrences(
            of: #"([A-Za-z][A-Za-z0-9+.\-]*://[^\s/:@]*):[^\s/@]*@"#, with: "$1:***@", options: .regularExpression
        )
        let names = secretParameterNames.sorted().joined(separator: "|")
        result = result.replacingOccurrences(
            of: #"(?i)([?&;\s"']("# + names + #")=)[^&\s"']+"#, with: "$1***", options: .regularExpression
        )
        return result
    }

    /// C0 controls (newlines and tabs among them), DEL and C1 controls as `\xHH`; `\n`, `\r` and `\t`
    /// become spaces, since a message is one line.
    public static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                result.append(" ")
            } else if isControl(scalar) {
                result.append(contentsOf: String(format: "\\x%02X", scalar.value).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
