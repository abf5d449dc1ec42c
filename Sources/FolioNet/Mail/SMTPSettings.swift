import FolioCore
import Foundation

/// Where and how to send: `smtp://host:port` (STARTTLS required), `smtps://host:port` (TLS from the
/// start), or plain SMTP, allowed only to a loopback host (see `Loopback`) or when `allowInsecure` says so.
public struct SMTPSettings: Sendable {
    public var url: String
    public var username: String?
    /// Never logged, never in an error, never in argv: it comes from the environment or a private file.
    public var password: String?
    public var allowInsecure = false
    /// The longest wait for the server, in seconds: to connect, greet and log in, and for each later
    /// reply (and the most a message upload may stall).
    public var timeout = 60
    /// Attempts for transient (4xx) refusals and dropped connections, the first included.
    public var maxAttempts = 3
    public var retryDelay: Double = 5

    public static let timeoutRange = 1...3600

    public init(url: String, username: String? = nil, password: String? = nil) {
        self.url = url
        self.username = username
        self.password = password
    }

    /// One attempt in all: a bound against a server that answers each step just in time, forever.
    var sessionLimit: Int { timeout * 10 }

    var components: URLComponents? { URLComponents(string: url) }

    var isImplicitTLS: Bool { components?.scheme?.lowercased() == "smtps" }

    var host: String { components?.host ?? "" }

    var port: Int { components?.port ?? (isImplicitTLS ? 465 : 25) }

    /// The URL as Folio prints it: without the user and password that FOLIO_SMTP_URL or the
    /// configuration file may carry (found without a URL parser, so also in a URL none accepts),
    /// secret parameters hidden.
    public var shownURL: String { Redaction.url(URLUserInfo.removed(from: url)) }

    /// Server replies and libcurl's messages pass through this before anyone sees them: a server may
    /// echo what it was sent, and AUTH LOGIN and PLAIN send the user and password base64-encoded.
    /// The user and password are known exact strings, so they are hidden whatever their length.
    public var redaction: Redaction {
        let info = URLUserInfo(in: url)
        let user = username ?? info?.decodedUser
        let password = password ?? info?.decodedPassword
        var secrets = [user, password, info?.user, info?.password, info?.decodedUser, info?.decodedPassword]
        for secret in [user, password].compactMap({ $0 }) { secrets.append(Data(secret.utf8).base64EncodedString()) }
        if let user, let password { secrets.append(Data("\0\(user)\0\(password)".utf8).base64EncodedString()) }
        return Redaction(secrets: secrets)
    }
}

/// Why sending failed, safe to print: the server's answer or the transport error, never the user or
/// password. When the recipients went out in several transactions (a server's recipient limit) and a
/// later one failed, `delivered` names those that did get the message.
public struct SMTPError: Error, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var attempts: Int
    public var delivered: [String] = []
    /// The envelope recipients the message did not reach.
    public var undelivered: [String] = []

    public var description: String {
        "\(url): \(reason)" + (attempts > 1 ? " (after \(attempts) attempts)" : "")
            + (delivered.isEmpty
                ? "" : "; delivered to \(delivered.count) of \(delivered.count + undelivered.count) recipients")
    }
}

/// A message the server took: to how many recipients, in how many transactions.
public struct SMTPDelivery: Sendable, Equatable {
    public var recipients: Int
    public var transactions: Int
}
