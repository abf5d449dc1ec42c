internal import CCurl
import FolioCore
import Foundation

/// Sends a message through libcurl's SMTP: the envelope sender is From, the envelope recipients are
/// To, Cc and Bcc. The server's replies decide what happens when a transaction fails:
/// - 4xx ("try later") and a dropped or timed-out connection are retried, `maxAttempts` in all;
/// - 5xx (including refused authentication) fails at once, naming the command and the reply;
/// - 452 to a RCPT TO after others were accepted is a recipient limit (RFC 5321 §4.5.3.1.10): the
///   recipients go in transactions of the accepted count, as Postfix does. Every transaction carries
///   the same message, so Bcc stays out of the headers of each.
public final class SMTPClient {
    public let settings: SMTPSettings
    private let sleep: (Double) -> Void
    private let libcurl: UnsafePointer<folio_curl>

    /// Throws `LibCurlUnavailableError` when libcurl cannot be loaded.
    public init(
        settings: SMTPSettings,
        sleep: @escaping (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }
    ) throws {
        libcurl = try LibCurl.functions()
        self.settings = settings
        self.sleep = sleep
    }

    /// Sends `message` to `recipients` (default: its envelope recipients). Throws `SMTPError`, which
    /// says which recipients, if any, already got it.
    @discardableResult
    public func send(_ message: MailMessage, to recipients: [String]? = nil) throws -> SMTPDelivery {
        let shown = settings.shownURL
        if let info = URLUserInfo(in: settings.url), !info.isWellFormed {
            throw SMTPError(url: shown, reason: URLUserInfo.notEncodedProblem, attempts: 0)
        }
        guard let scheme = settings.components?.scheme?.lowercased(), ["smtp", "smtps"].contains(scheme),
            !settings.host.isEmpty
        else {
            throw SMTPError(url: shown, reason: "expected smtp://host:port or smtps://host:port", attempts: 0)
        }
        guard SMTPSettings.timeoutRange.contains(settings.timeout) else {
            throw SMTPError(url: shown, reason: "the timeout must be 1 to 3600 s, not \(settings.timeout)", attempts: 0)
        }
        let route = Route(settings)
        let data = message.rendered()
        let all = recipients ?? message.envelopeRecipients
        var remaining = all[...]
        var batchSize = remaining.count
        var transactions = 0
        var attempt = 1
        while !remaining.isEmpty {
            let batch = Array(remaining.prefix(batchSize))
            switch try transfer(data, from: message.from.address, to: batch, route: route) {
            case .sent:
                remaining = remaining.dropFirst(batch.count)
                transactions += 1
                attempt = 1
            case .recipientLimit(let accepted):
                batchSize = accepted
            case .failed(let reason, let transient):
                guard transient, attempt < settings.maxAttempts else {
                    throw SMTPError(
                        url: shown,
                        reason: settings.redaction.apply(reason),
                        attempts: attempt,
                        delivered: Array(all.prefix(all.count - remaining.count)),
                        undelivered: Array(remaining)
                    )
                }
                sleep(settings.retryDelay * Double(attempt))
                attempt += 1
            }
        }
        return SMTPDelivery(recipients: all.count, transactions: transactions)
    }

    /// TLS and addresses for the session. Plain SMTP to a loopback host is allowed; the connection then
    /// goes straight to the loopback addresses the host was checked with (`Loopback.Pin`): no proxy, and
    /// no second lookup of the name that could answer differently.
    private struct Route {
        var useSSL: curl_usessl?
        var pin: Loopback.Pin?

        init(_ settings: SMTPSettings) {
            guard !settings.isImplicitTLS else { return }
            guard let loopback = Loopback.addresses(host: settings.host) else {
                // STARTTLS is required unless the user said --insecure.
                useSSL = settings.allowInsecure ? CURLUSESSL_NONE : CURLUSESSL_ALL
                return
            }
            useSSL = CURLUSESSL_NONE
            pin = Loopback.Pin(host: settings.host, port: settings.port, addresses: loopback)
        }
    }

    private enum Outcome {
        case sent
        /// The server took this many recipients and deferred the next: send the rest separately.
        case recipientLimit(accepted: Int)
        case failed(reason: String, transient: Bool)
    }

    /// One SMTP session for one transaction, no retries.
    private func transfer(_ data: Data, from: String, to recipients: [String], route: Route) throws -> Outcome {
        let curl = try CurlHandle(libcurl)
        let source = UploadSource(data)
        let transcript = SMTPTranscript()
        try curl.set(CURLOPT_URL, settings.url)
        try curl.set(CURLOPT_PROTOCOLS_STR, "smtp,smtps")
        try curl.set(CURLOPT_MAIL_FROM, "<\(from)>")
        try curl.set(CURLOPT_MAIL_RCPT, list: recipients.map { "<\($0)>" })
        try curl.set(CURLOPT_UPLOAD, 1)
        try curl.set(CURLOPT_INFILESIZE_LARGE, offset: Int64(data.count))
        // libcurl counts greeting, EHLO, STARTTLS and AUTH as part of connecting; each later reply has
        // its own limit; an upload that moves less than a byte a second for as long has stalled.
        try curl.set(CURLOPT_CONNECTTIMEOUT_MS, settings.timeout * 1000)
        try curl.set(CURLOPT_SERVER_RESPONSE_TIMEOUT, settings.timeout)
        try curl.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        try curl.set(CURLOPT_LOW_SPEED_TIME, settings.timeout)
        try curl.set(CURLOPT_TIMEOUT_MS, settings.sessionLimit * 1000)
        try curl.set(CURLOPT_NOSIGNAL, 1)
        // One handle per session: the connection ends with the transfer, so its QUIT is said (and cut
        // short after a timeout, see SMTPSockets) while this handle's callbacks still listen.
        try curl.set(CURLOPT_FORBID_REUSE, 1)
        try curl.set(CURLOPT_SSL_VERIFYPEER, 1)
        try curl.set(CURLOPT_SSL_VERIFYHOST, 2)
        if let useSSL = route.useSSL { try curl.set(CURLOPT_USE_SSL, Int(useSSL.rawValue)) }
        try route.pin?.apply(to: curl)
        if let username = settings.username { try curl.set(CURLOPT_USERNAME, username) }
        if let password = settings.password { try curl.set(CURLOPT_PASSWORD, password) }
        try curl.setRead { buffer, size, count, context in
            let source = Unmanaged<UploadSource>.fromOpaque(context!).takeUnretainedValue()
            return source.read(into: buffer, max: size * count)
        }
        try curl.set(CURLOPT_READDATA, pointer: Unmanaged.passUnretained(source).toOpaque())
        try curl.observe(transcript)
        let sockets = SMTPSockets()
        try sockets.install(on: curl)
        transcript.abandon = { sockets.shutDownConnected() }
        let started = Date()
        let code = withExtendedLifetime((source, transcript, sockets)) { curl.perform(polling: 100) }
        guard code != CURLE_OK else { return .sent }
        let ended = Date()
        if let connect = curl.seconds(CURLINFO_CONNECT_TIME), connect > 0 {
            transcript.connected(at: started.addingTimeInterval(connect))
        }

        // The reply that ended the session, when the server did answer the step that failed.
        let reply = transcript.awaitingReply ? nil : transcript.lastReply
        // 454 is a temporary failure (RFC 4954): retried below.
        if code == CURLE_LOGIN_DENIED, reply?.isTransient != true {
            return .failed(
                reason: "authentication refused (check the user and password)" + (reply.map { ": \($0)" } ?? ""),
                transient: false
            )
        }
        if let reply, reply.code >= 400 {
            // 552 with 5.5.3 is the older spelling of the limit (RFC 5321 asks clients to take both); the
            // count is checked against what was sent, since a server could answer one command twice.
            if case .command(let command) = transcript.lastReplyTo, command.hasPrefix("RCPT"),
                (1..<recipients.count).contains(transcript.acceptedRecipients),
                reply.code == 452 || (reply.code == 552 && reply.text.hasPrefix("5.5.3"))
            {
                return .recipientLimit(accepted: transcript.acceptedRecipients)
            }
            let step =
                transcript.lastReplyTo == .greeting ? "the connection" : SMTPTranscript.describe(transcript.lastReplyTo)
            return .failed(
                reason: "the server \(reply.isTransient ? "deferred" : "refused") \(step): \(reply)",
                transient: reply.isTransient
            )
        }
        switch code {
        case CURLE_COULDNT_CONNECT:
            return .failed(reason: "cannot connect (is the server running?)", transient: true)
        case CURLE_OPERATION_TIMEDOUT:
            return .failed(
                reason: timeoutReason(transcript, started: started, ended: ended, uploaded: source.isComplete),
                transient: true
            )
        case CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_SEND_ERROR:
            let waiting =
                switch transcript.step {
                case .connecting, .greeting: "the server greeted"
                case .command(let command): "the server answered \(command)"
                case .message: "the server confirmed the message"
                }
            return .failed(reason: "the connection was dropped before \(waiting)", transient: true)
        case CURLE_USE_SSL_FAILED:
            return .failed(
                reason: "the server does not offer STARTTLS; use smtps:// or, on a trusted network, --insecure",
                transient: false
            )
        case CURLE_WEIRD_SERVER_REPLY:
            return .failed(
                reason: "the server's answer to \(SMTPTranscript.describe(transcript.step)) is not SMTP",
                transient: false
            )
        default:
            let answer = curl.info(CURLINFO_RESPONSE_CODE)
            return .failed(
                reason: curl.message(code) + (answer >= 400 ? " (the server answered \(answer))" : ""),
                transient: false
            )
        }
    }

    /// Which wait ran out, and after how long it was given up.
    private func timeoutReason(_ transcript: SMTPTranscript, started: Date, ended: Date, uploaded: Bool) -> String {
        let total = ended.timeIntervalSince(started)
        if total >= Double(settings.sessionLimit) - 0.5 {
            return
                "the session took more than \(settings.sessionLimit) s in all (ten times the \(settings.timeout) s timeout)"
        }
        let waited = String(format: "%.0f s", max(1, ended.timeIntervalSince(transcript.waitingSince).rounded()))
        // Lines came, but none ended a reply: say so, since "no answer" alone would send the reader to
        // look for a server that hung.
        let meanwhile =
            transcript.foreignLines > 0
            ? " (it sent \(transcript.foreignLines) lines that are not SMTP)"
            : transcript.unansweredLines > 0
                ? " (it sent \(transcript.unansweredLines) continuation lines, never the last one)" : ""
        let answer = transcript.unansweredLines > 0 ? "no complete answer" : "no answer"
        switch transcript.step {
        case .connecting: return "cannot connect within \(waited)"
        case .greeting: return "connected, but the server sent no greeting within \(waited)" + meanwhile
        case .command(let command): return "\(answer) to \(command) within \(waited)" + meanwhile
        case .message where uploaded: return "\(answer) to the end of the message within \(waited)" + meanwhile
        case .message: return "sending the message stalled for \(waited)"
        }
    }
}

extension CurlHandle {
    /// Feeds `transcript` with the commands libcurl sends, the lines the server sends back, and the
    /// progress of the message's upload (not its bytes).
    func observe(_ transcript: SMTPTranscript) throws {
        try set(CURLOPT_VERBOSE, 1)  // the debug callback is only called in verbose mode
        let code = folio_curl_set_debug_callback(libcurl, raw) { _, type, bytes, count, context in
            guard let context else { return 0 }
            let transcript = Unmanaged<SMTPTranscript>.fromOpaque(context).takeUnretainedValue()
            switch type {
            case CURLINFO_HEADER_IN, CURLINFO_HEADER_OUT:
                guard let bytes else { return 0 }
                let buffer = UnsafeRawBufferPointer(start: bytes, count: count)
                if type == CURLINFO_HEADER_IN {
                    transcript.received(buffer)
                } else if transcript.sent(String(decoding: buffer, as: UTF8.self)) {
                    // libcurl gave up on a reply and says QUIT, then would wait the response timeout again
                    // for the goodbye, inside perform (see SMTPSockets).
                    transcript.abandon?()
                }
            case CURLINFO_DATA_OUT:
                transcript.sentMessageData()
            default:
                break
            }
            return 0
        }
        guard code == CURLE_OK else {
            throw TransferError.setup("libcurl refused its debug callback: \(message(code))")
        }
        try set(CURLOPT_DEBUGDATA, pointer: Unmanaged.passUnretained(transcript).toOpaque())
    }

    func seconds(_ info: CURLINFO) -> Double? {
        var value = 0.0
        return folio_curl_get_double(libcurl, raw, info, &value) == CURLE_OK ? value : nil
    }
}

/// Feeds the message to libcurl's read callback.
private final class UploadSource {
    let data: Data
    var offset = 0

    init(_ data: Data) { self.data = data }

    var isComplete: Bool { offset >= data.count }

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
