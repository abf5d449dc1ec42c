import CCurl
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
    public var connectTimeout: Double = 15
    public var totalTimeout: Double = 120
    /// Attempts for transient (4xx) refusals and dropped connections, the first included.
    public var maxAttempts = 3
    public var retryDelay: Double = 5

    public init(url: String, username: String? = nil, password: String? = nil) {
        self.url = url
        self.username = username
        self.password = password
    }

    var isImplicitTLS: Bool { url.lowercased().hasPrefix("smtps://") }

    var host: String { URLComponents(string: url)?.host ?? "" }

    /// Decided on the addresses the host resolves to, not on how its name starts (see `Loopback`).
    var isLoopback: Bool { Loopback.isLoopback(host: host) }
}

/// Why sending failed, safe to print: the server's answer or the transport error, never the password.
public struct SMTPFailure: Error, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var attempts: Int
    public var description: String { "\(url): \(reason)" + (attempts > 1 ? " (after \(attempts) attempts)" : "") }
}

/// Sends a message through libcurl's SMTP: the envelope sender is From, the envelope recipients are
/// To, Cc and Bcc. Transient refusals (4xx) and dropped connections are retried; a permanent refusal
/// (5xx, including refused authentication) fails at once.
public final class SMTPClient {
    public let settings: SMTPSettings
    private let sleep: (Double) -> Void

    public init(settings: SMTPSettings, sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }) {
        self.settings = settings
        self.sleep = sleep
    }

    public func send(_ message: MailMessage) throws {
        let shownURL = Redaction.url(settings.url)
        guard let scheme = URLComponents(string: settings.url)?.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme), !settings.host.isEmpty else {
            throw SMTPFailure(url: shownURL, reason: "expected smtp://host:port or smtps://host:port", attempts: 0)
        }
        let data = message.rendered()
        var attempt = 0
        while true {
            attempt += 1
            let (code, reply, message) = try transfer(data, from: message.from.address, to: message.envelopeRecipients)
            if code == CURLE_OK { return }
            // A connection that fails or drops says nothing about the message: try again. Otherwise the
            // server's reply decides: 4xx is "try later", 5xx is final.
            let dropped = Self.connectionFailures.contains(code)
            let reason = dropped || reply == 0 ? message : "the server answered \(reply): \(message)"
            guard dropped || (400..<500).contains(reply), attempt < settings.maxAttempts else {
                throw SMTPFailure(url: shownURL, reason: reason, attempts: attempt)
            }
            sleep(settings.retryDelay * Double(attempt))
        }
    }

    private static let connectionFailures: Set<CURLcode> = [
        CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_OPERATION_TIMEDOUT,
    ]

    /// One SMTP session. Returns libcurl's result, the last SMTP reply code and a message for people.
    private func transfer(_ data: Data, from: String, to recipients: [String]) throws -> (CURLcode, Int, String) {
        let curl = try CurlHandle()
        let source = UploadSource(data)
        try curl.set(CURLOPT_URL, settings.url)
        try curl.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        try curl.set(CURLOPT_MAIL_FROM, "<\(from)>")
        try curl.set(CURLOPT_MAIL_RCPT, list: recipients.map { "<\($0)>" })
        try curl.set(CURLOPT_UPLOAD, 1)
        try curl.set(CURLOPT_INFILESIZE_LARGE, offset: Int64(data.count))
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, Int(settings.connectTimeout * 1000))
        try curl.set(CURLOPT_TIMEOUT_MS, Int(settings.totalTimeout * 1000))
        try curl.set(CURLOPT_NOSIGNAL, 1)
        try curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        try curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        if !settings.isImplicitTLS {
            // STARTTLS is required unless the server is on this machine or the user said --insecure.
            let plainAllowed = settings.isLoopback || settings.allowInsecure
            try curl.set(CURLOPT_USE_SSL, Int(plainAllowed ? CURLUSESSL_NONE.rawValue : CURLUSESSL_ALL.rawValue))
        }
        if let username = settings.username { try curl.set(CURLOPT_USERNAME, username) }
        if let password = settings.password { try curl.set(CURLOPT_PASSWORD, password) }
        try curl.setRead { buffer, size, count, context in
            let source = Unmanaged<UploadSource>.fromOpaque(context!).takeUnretainedValue()
            return source.read(into: buffer, max: size * count)
        }
        try curl.set(CURLOPT_READDATA, pointer: Unmanaged.passUnretained(source).toOpaque())
        let code = withExtendedLifetime(source) { curl.perform() }
        let reply = curl.info(CURLINFO_RESPONSE_CODE)
        let text: String
        switch code {
        case CURLE_OK: text = "sent"
        case CURLE_LOGIN_DENIED: text = "authentication refused (check the user and password)"
        case CURLE_USE_SSL_FAILED: text = "the server does not offer STARTTLS; use smtps:// or, on a trusted network, --insecure"
        case CURLE_COULDNT_CONNECT: text = "cannot connect (is the server running?)"
        case CURLE_OPERATION_TIMEDOUT: text = "no answer within \(Int(settings.totalTimeout)) s"
        case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            text = "the connection was dropped before the server confirmed the message"
        case CURLE_WEIRD_SERVER_REPLY:
            text = "the server refused the message"  // libcurl's code for any reply but 250 after DATA
        default: text = CurlHandle.message(code)
        }
        return (code, reply, text)
    }
}

/// Feeds the message to libcurl's read callback.
private final class UploadSource {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    func read(into buffer: UnsafeMutablePointer<CChar>?, max: Int) -> Int {
        guard let buffer, offset < data.count else { return 0 }
        let count = min(max, data.count - offset)
        data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            buffer.update(from: base.advanced(by: offset).assumingMemoryBound(to: CChar.self), count: count)
        }
        offset += count
        return count
    }
}
