import Foundation

/// The `user:password@` of a URL, found as a reader of the text would find it rather than by a URL
/// parser. `URLComponents` gives up on a URL whose password holds a raw `/` (`smtp://bob:pa/ss@host`),
/// and code that fell back to the whole string then printed and stored the password.
///
/// The userinfo is everything between `scheme://` and the last `@` of the URL's first word (up to
/// whitespace or a quote): a password may hold a `/`, so the first `/` cannot be taken as the end of
/// the host. A URL with an `@` in its path (`http://host:8080/a@b`) is then read as user `host` with
/// password `8080/a` — over-redacted, never leaked.
///
/// RFC 3986 allows in a user or password only letters, digits, `-._~!$&'()*+,;=`, `:` (between the
/// two) and %-escapes, so a raw `/`, `?`, `#` or `@` there makes the URL invalid: libcurl would read
/// `bob` as the host and `pa` as the port. Such a URL is refused where it is configured
/// (`isWellFormed`) and redacted like any other.
public struct URLUserInfo: Equatable, Sendable {
    /// As written (%-escapes kept).
    public var user: String
    /// As written; nil when there is no `:` (a user alone).
    public var password: String?
    /// From just after `://` to just before the `@`.
    public var range: Range<String.Index>

    /// Nil when the URL has no `scheme://` or no `@` after it.
    public init?(in url: String) {
        guard let separator = url.range(of: "://"), Self.isScheme(url[..<separator.lowerBound]) else { return nil }
        let rest = url[separator.upperBound...]
        let word = rest.prefix { !$0.isWhitespace && !Self.quotes.contains($0) }
        guard let at = word.lastIndex(of: "@") else { return nil }
        let info = url[separator.upperBound..<at]
        range = separator.upperBound..<at
        if let colon = info.firstIndex(of: ":") {
            user = String(info[..<colon])
            password = String(info[info.index(after: colon)...])
        } else {
            user = String(info)
            password = nil
        }
    }

    /// Whether the user and password hold only what RFC 3986 allows there, so that every URL parser
    /// reads the same host.
    public var isWellFormed: Bool {
        Self.isValid(user, colon: false) && (password.map { Self.isValid($0, colon: true) } ?? true)
    }

    /// What the user and password stand for, %-escapes decoded (what libcurl sends to the server).
    public var decodedUser: String { user.removingPercentEncoding ?? user }
    public var decodedPassword: String? { password.map { $0.removingPercentEncoding ?? $0 } }

    /// The URL without its userinfo: `smtp://bob:pw@host:25` → `smtp://host:25`.
    public static func removed(from url: String) -> String {
        guard let info = URLUserInfo(in: url) else { return url }
        return String(url[..<info.range.lowerBound]) + String(url[url.index(after: info.range.upperBound)...])
    }

    /// Why a URL whose userinfo is not well formed is refused, for the message that names the URL.
    public static let notEncodedProblem =
        "the user or password in the URL holds a character that must be %-encoded "
        + "(/ as %2F, ? as %3F, # as %23, @ as %40, a space as %20); as written the URL is not valid, and its host would be misread"

    static let quotes: Set<Character> = ["\"", "'", "<", ">", "`"]

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    private static let allowed = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=".utf8
    )

    /// Unreserved characters, sub-delims and %-escapes of two hex digits (RFC 3986 §3.2.1); a colon
    /// after the first (which ends the user) belongs to the password.
    private static func isValid(_ part: String, colon: Bool) -> Bool {
        let bytes = Array(part.utf8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%") {
                guard i + 2 < bytes.count, isHex(bytes[i + 1]), isHex(bytes[i + 2]) else { return false }
                i += 3
            } else {
                guard allowed.contains(bytes[i]) || (colon && bytes[i] == UInt8(ascii: ":")) else { return false }
                i += 1
            }
        }
        return true
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
